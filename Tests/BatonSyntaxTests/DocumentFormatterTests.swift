import BatonDiagnostics
import Foundation
import Testing

@testable import BatonSyntax

/// Formatting: exact layouts for the rules, and over every document in `spec/` the promises
/// that hold for any input: the result parses to the same tree, keeps every comment in
/// order, and formats to itself.
@Suite struct DocumentFormatterTests {
    static func format(_ text: String) -> String? {
        if case .formatted(let result) = DocumentFormatter.format(Source(name: "t.graphql", text: text)) { return result }
        return nil
    }

    @Test func selectionsOneALineWithTwoSpaceIndentation() {
        #expect(
            Self.format(
                "query Q($id: ID!, $n: Int = 2) @live { character(id: $id) { id  name ...Row @include(if: true) ... on Human { height } } }"
            )
                == """
                query Q($id: ID!, $n: Int = 2) @live {
                  character(id: $id) {
                    id
                    name
                    ...Row @include(if: true)
                    ... on Human {
                      height
                    }
                  }
                }

                """)
    }

    @Test func shorthandQueryAndFragmentsSeparatedByOneBlankLine() {
        #expect(
            Self.format("{ a }\n\n\n\nfragment F on T @d { x: y }") == """
                {
                  a
                }

                fragment F on T @d {
                  x: y
                }

                """)
    }

    @Test func commentsStayWhereTheyWereTrailingOrOnTheirOwnLine() {
        let text = """
            # leading
            query Q { # after the brace
              a # trailing a
              # before b

              # also before b
              b(x: 1) { c }
              # last in block
            } # after the operation
            # at the end
            """
        #expect(
            Self.format(text) == """
                # leading
                query Q { # after the brace
                  a # trailing a
                  # before b

                  # also before b
                  b(x: 1) {
                    c
                  }
                  # last in block
                } # after the operation
                # at the end

                """)
    }

    @Test func oneBlankLineKeptWhereTheAuthorLeftSome() {
        #expect(Self.format("{\n  a\n\n\n\n  b\n  c\n}") == "{\n  a\n\n  b\n  c\n}\n")
    }

    @Test func longArgumentListsBreakOneALineAndCommentsInsideThemStay() {
        let long = "{ field(first: 100, after: \"a-cursor-that-is-long\", filter: {name: \"Rick\", status: ALIVE}) { id } }"
        #expect(
            Self.format(long) == """
                {
                  field(
                    first: 100
                    after: "a-cursor-that-is-long"
                    filter: { name: "Rick", status: ALIVE }
                  ) {
                    id
                  }
                }

                """)
        #expect(
            Self.format("{ f(a: 1, # why a\n b: 2) }") == """
                {
                  f(
                    a: 1 # why a
                    b: 2
                  )
                }

                """)
    }

    @Test func typeSystemDefinitionsPrintReadablyUnlessACommentIsInside() {
        #expect(Self.format("extend type Character { nickname: String }") == "extend type Character {\n  nickname: String\n}\n")
        let commented = "extend type Character {\n    nickname: String # local only\n}"
        #expect(Self.format(commented) == commented + "\n")
    }

    @Test func syntaxErrorsStopFormattingAtTheirPosition() throws {
        guard case .syntaxError(let error) = DocumentFormatter.format(Source(name: "t.graphql", text: "{\n  a(\n}")) else {
            Issue.record("a text that does not parse was formatted")
            return
        }
        #expect(error.code == .syntax)
        #expect("\(try #require(error.primaryLocation).start)" == "3:1")
    }

    static let corpus: [String] = {
        var paths = [
            "syntax/executable-kitchen-sink.graphql", "syntax/type-system-kitchen-sink.graphql",
            "schemas/rick-and-morty.schema.graphql", "schemas/test-server.schema.graphql",
            "conformance/rickandmorty/schema.graphql",
        ]
        paths += Fixtures.files(in: "conformance/sources", withExtension: "graphql")
        let frontend = Fixtures.url("frontend").path
        let found = FileManager.default.enumerator(atPath: frontend)?.compactMap { $0 as? String } ?? []
        paths += found.filter { $0.hasSuffix(".graphql") }.sorted().map { "frontend/" + $0 }
        return paths
    }()

    @Test func everyDocumentOfTheSpecFormatsToTheSameTreeWithItsCommentsAndToItself() throws {
        var formattedCount = 0
        var refused = 0
        for path in Self.corpus {
            let source = try Fixtures.source(path)
            let original = Parser.parse(source)
            guard case .formatted(let formatted) = DocumentFormatter.format(source) else {
                #expect(!original.diagnostics.isEmpty, "\(path) parses but was not formatted")
                refused += 1
                continue
            }
            formattedCount += 1
            let reparsed = Parser.parse(Source(name: path, text: formatted))
            #expect(reparsed.diagnostics.isEmpty, "\(path): the formatted text does not parse")
            #expect(StructuralDump.dump(original.document) == StructuralDump.dump(reparsed.document), "\(path): tree changed")
            #expect(Self.comments(source) == Self.comments(Source(name: path, text: formatted)), "\(path): comments changed")
            #expect(Self.format(formatted) == formatted, "\(path): formatting again changes the text")
        }
        // The corpus: kitchen sinks, schemas, the conformance sources and the differential
        // corpus (which holds syntax errors on purpose).
        #expect(formattedCount >= 300)
        #expect(refused >= 5)
    }

    static func comments(_ source: Source) -> [String] {
        Lexer.tokenize(source, includeComments: true).tokens.filter { $0.kind == .comment }.map {
            source.slice(SourceRange($0.start, $0.end))
        }
    }
}
