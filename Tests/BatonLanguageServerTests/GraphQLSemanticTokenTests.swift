import BatonJSON
import Testing

@testable import BatonGraphQLFeatures
@testable import BatonLanguageServer

@Suite struct GraphQLSemanticTokenTests {
    static let swift = """
        import Baton

        struct CharacterHeader {
            @Fragment(\"\"\"
            fragment CharacterHeader_character on Character {
              # the name
              name @tag(name: "😀") origin { name }
              ... on Character { status }
            }
            \"\"\") var character: CharacterHeader_character
        }

        struct Screen {
            // "query" in a comment is Swift's
            @Query(#"query Screen($id: ID!) { character(id: $id) { episodes(first: 2, order: DESC) { title } } }"#) var screen: Screen
        }

        """
    static let graphQL = """
        query Hints($first: Int = 3, $on: Boolean) {
          character(id: "1") { status ...CharacterHeader_character @include(if: true) }
        }

        """

    func harness() throws -> GraphQLHarness {
        let project = try TestProject(files: ["Hints.graphql": Self.graphQL])
        let g = GraphQLHarness(project)
        g.open("Header.swift", Self.swift)
        g.open("Hints.graphql", Self.graphQL)
        g.settle()
        return g
    }

    /// The server's tokens decoded to absolute positions, each as `line:character text kind`
    /// with its text cut from `text` by UTF-16 columns.
    func tokens(_ g: GraphQLHarness, _ name: String, _ text: String) -> [String]? {
        guard
            let data = g.request("textDocument/semanticTokens/full", ["textDocument": ["uri": .string(g.project.uri(name))]])?["data"]?
                .arrayValue
        else { return nil }
        // Kinds are read through the legend the server advertised, as a client reads them.
        let legend = (g.initializeResult?["capabilities"]?["semanticTokensProvider"]?["legend"]?["tokenTypes"]?.arrayValue ?? [])
            .compactMap(\.stringValue)
        let lines = text.components(separatedBy: "\n").map { Array($0.utf16) }
        let numbers = data.compactMap(\.intValue)
        var decoded: [String] = []
        var line = 0
        var character = 0
        for at in stride(from: 0, to: numbers.count - 4, by: 5) {
            line += numbers[at]
            character = numbers[at] == 0 ? character + numbers[at + 1] : numbers[at + 1]
            let units = lines[line][character..<min(character + numbers[at + 2], lines[line].count)]
            decoded.append(
                "\(line):\(character) \(String(decoding: Array(units), as: UTF16.self)) \(numbers[at + 3] < legend.count ? legend[numbers[at + 3]] : "?")"
            )
        }
        return decoded
    }

    @Test func advertisedWithItsLegend() throws {
        let g = try harness()
        let provider = g.initializeResult?["capabilities"]?["semanticTokensProvider"]
        #expect(provider?["full"] == ["delta": true])
        #expect(
            provider?["legend"]?["tokenTypes"]
                == [
                    "keyword", "type", "property", "parameter", "variable", "decorator", "string", "number", "comment", "function",
                    "enumMember",
                ])
    }

    @Test func theGraphQLOfSwiftLiteralsOnly() throws {
        let g = try harness()
        #expect(
            tokens(g, "Header.swift", Self.swift) == [
                "4:4 fragment keyword", "4:13 CharacterHeader_character function", "4:39 on keyword", "4:42 Character type",
                "5:6 # the name comment",
                "6:6 name property", "6:11 @tag decorator", "6:16 name parameter", "6:22 \"😀\" string", "6:28 origin property",
                "6:37 name property",
                "7:10 on keyword", "7:13 Character type", "7:25 status property",
                "14:13 query keyword", "14:19 Screen function", "14:26 $id variable", "14:31 ID type", "14:38 character property",
                "14:48 id parameter", "14:52 $id variable", "14:59 episodes property", "14:68 first parameter", "14:75 2 number",
                "14:78 order parameter", "14:85 DESC enumMember", "14:93 title property",
            ])
    }

    @Test func aGraphQLFile() throws {
        let g = try harness()
        #expect(
            tokens(g, "Hints.graphql", Self.graphQL) == [
                "0:0 query keyword", "0:6 Hints function", "0:12 $first variable", "0:20 Int type", "0:26 3 number",
                "0:29 $on variable", "0:34 Boolean type",
                "1:2 character property", "1:12 id parameter", "1:16 \"1\" string", "1:23 status property",
                "1:33 CharacterHeader_character function", "1:59 @include decorator", "1:68 if parameter", "1:72 true keyword",
            ])
    }

    @Test func aMalformedDocumentKeepsTheTokensBeforeItsError() throws {
        let g = try harness()
        let broken = "fragment Broken on Character {\n  name(first: \"open\n  }\n}}}\n"
        g.h.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": .string(g.project.uri("Broken.graphql")), "languageId": "graphql", "version": 1, "text": .string(broken),
                ]
            ])
        let unterminated = "struct S {\n    @Fragment(\"\"\"\n    fragment S_character on Character { name\n"
        g.open("Open.swift", unterminated)
        g.settle()
        #expect(
            tokens(g, "Broken.graphql", broken) == [
                "0:0 fragment keyword", "0:9 Broken function", "0:16 on keyword", "0:19 Character type", "1:2 name property",
                "1:7 first parameter",
            ])
        #expect(tokens(g, "Open.swift", unterminated) == [])
    }

    @Test func aSchemaFileWithAMultiLineDescription() throws {
        let g = try harness()
        let schema = """
            \"\"\"
            A character.
            \"\"\"
            type Character implements Node & Named { id: ID! episodes(first: Int = 10): [Episode!] @deprecated }
            union Result = Character | Episode
            directive @tag(name: String!) on FIELD

            """
        g.open("schema.graphql", schema)
        g.settle()
        #expect(
            tokens(g, "schema.graphql", schema) == [
                // A block string spanning lines comes as one token a line.
                "0:0 \"\"\" string", "1:0 A character. string", "2:0 \"\"\" string",
                "3:0 type keyword", "3:5 Character type", "3:15 implements keyword", "3:26 Node type", "3:33 Named type",
                "3:41 id property", "3:45 ID type", "3:49 episodes property", "3:58 first parameter", "3:65 Int type", "3:71 10 number",
                "3:77 Episode type", "3:87 @deprecated decorator",
                "4:0 union keyword", "4:6 Result type", "4:15 Character type", "4:27 Episode type",
                "5:0 directive keyword", "5:10 @tag decorator", "5:15 name parameter", "5:21 String type", "5:30 on keyword",
                "5:33 FIELD enumMember",
            ])
    }

    func full(_ g: GraphQLHarness, _ name: String) -> JSONValue? {
        g.request("textDocument/semanticTokens/full", ["textDocument": ["uri": .string(g.project.uri(name))]])
    }

    func delta(_ g: GraphQLHarness, _ name: String, from previous: JSONValue?) -> JSONValue? {
        g.request(
            "textDocument/semanticTokens/full/delta",
            ["textDocument": ["uri": .string(g.project.uri(name))], "previousResultId": previous ?? .null])
    }

    @Test func aDeltaIsTheEditFromThePreviousResult() throws {
        let g = try harness()
        let first = try #require(full(g, "Hints.graphql"))
        let old = try #require(first["data"]?.arrayValue)
        // Unchanged: no edits.
        let same = try #require(delta(g, "Hints.graphql", from: first["resultId"]))
        #expect(same["edits"] == [])
        #expect(same["resultId"] != first["resultId"])
        // A field added on line 1: one edit that turns the old data into the new.
        let edited = Self.graphQL.replacingOccurrences(of: "{ status", with: "{ name status")
        g.h.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": .string(g.project.uri("Hints.graphql")), "version": 2],
                "contentChanges": [["text": .string(edited)]],
            ])
        g.settle()
        let changed = try #require(delta(g, "Hints.graphql", from: same["resultId"]))
        let edits = try #require(changed["edits"]?.arrayValue)
        #expect(edits.count == 1)
        var data = old
        for edit in edits {
            let start = try #require(edit["start"]?.intValue)
            let deleteCount = try #require(edit["deleteCount"]?.intValue)
            data.replaceSubrange(start..<(start + deleteCount), with: edit["data"]?.arrayValue ?? [])
        }
        let fresh = try #require(full(g, "Hints.graphql"))
        #expect(data == fresh["data"]?.arrayValue)
        #expect(tokens(g, "Hints.graphql", edited)?.contains("1:23 name property") == true)
        // A result id the server no longer holds: the tokens in full.
        #expect(delta(g, "Hints.graphql", from: "stale")?["data"]?.arrayValue == fresh["data"]?.arrayValue)
    }
}
