import BatonDiagnostics
import Foundation
import Testing

@testable import BatonSyntax

@Suite struct CompactPrinterTests {
    static let documents = Fixtures.files(in: "conformance/documents", withExtension: "graphql")

    @Test func conformanceDocumentsArePresent() {
        #expect(Self.documents.count >= 40)
    }

    /// Each wire text is Relay's compact print; parsing it and printing it again must give
    /// the same bytes (the file ends with one newline the wire text does not have).
    @Test(arguments: documents)
    func reprintsRelayWireTextExactly(path: String) throws {
        let text = try Fixtures.text(path)
        let wire = text.hasSuffix("\n") ? String(text.dropLast()) : text
        let result = Parser.parse(Source(name: path, text: wire))
        #expect(result.diagnostics.isEmpty)
        #expect(CompactPrinter.print(result.document) == wire)
    }

    func compact(_ text: String) -> String {
        let result = Parser.parse(Source(name: "t.graphql", text: text))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        return CompactPrinter.print(result.document)
    }

    @Test func dropsOptionalWhiteSpaceAndSeparatesWithCommas() {
        #expect(
            compact(
                """
                query Q($id: ID!) { character(id: $id) { ...Row_character id } }
                fragment Row_character on Character { name }
                """) == "query Q($id:ID!){character(id:$id){...Row_character,id}}fragment Row_character on Character{name}")
        #expect(compact("query X($a: Int = 2, $b: ID!) { a }") == "query X($a:Int=2,$b:ID!){a}")
        #expect(
            compact("{ a(o: {a: 1, b: 2}, l: [1, 2], e: ENUM, n: null, t: true, f: 1.5e3) }")
                == "{a(o:{a:1,b:2},l:[1,2],e:ENUM,n:null,t:true,f:1.5e3)}")
        #expect(
            compact("{ ... on T @d(x: 1) { a } ... @include(if: $v) { b } ... { c } }")
                == "{...on T@d(x:1){a},...@include(if:$v){b},...{c}}")
        #expect(compact("query { a }") == "query{a}")
        #expect(compact("subscription S @live { a: b @x @y(z: [[]]) }") == "subscription S@live{a:b@x@y(z:[[]])}")
        #expect(compact("query Q($v: [Int!]! = [1] @dir) { a }") == "query Q($v:[Int!]!=[1]@dir){a}")
    }

    @Test func keepsStringsAsWritten() {
        #expect(compact(#"{ a(s: "x\u00e9\n\"", t: "é", u: "\u{1F600}") }"#) == #"{a(s:"x\u00e9\n\"",t:"é",u:"\u{1F600}")}"#)
        #expect(compact("{ a(b: \"\"\"\n  block \\\"\"\" kept\n\"\"\") }") == "{a(b:\"\"\"\n  block \\\"\"\" kept\n\"\"\")}")
    }

    @Test func escapesStringsItDidNotParse() {
        let value = Value(.string("a\"b\\c\nd\u{1}", block: false), range: .empty)
        #expect(CompactPrinter.print(value) == #""a\"b\\c\nd\u0001""#)
    }

    @Test func separatesSelectionsSharingAConditionWithANewLine() {
        #expect(
            compact("{ a { b @include(if: $x) c @include(if: $x) d @skip(if: $x) e } }")
                == "{a{b@include(if:$x)\n    c@include(if:$x),d@skip(if:$x),e}}")
        #expect(compact("{ a @include(if: $x) b @include(if: $y) }") == "{a@include(if:$x),b@include(if:$y)}")
    }

    @Test func separatesWordsOfTypeSystemDefinitions() {
        #expect(compact("scalar A scalar B @d union U = | X | Y") == "scalar A scalar B@d union U=X|Y")
        #expect(
            compact("type T implements & A & B @k(f: \"id\") { f(a: Int = 1 @d): [T!] @deprecated g: Int }")
                == "type T implements A&B@k(f:\"id\"){f(a:Int=1@d):[T!]@deprecated,g:Int}")
        #expect(
            compact("directive @d(a: Int) repeatable on | FIELD | QUERY extend directive @d @x")
                == "directive@d(a:Int)repeatable on FIELD|QUERY extend directive@d@x")
        #expect(
            compact("\"desc\" enum E { \"v\" A B } extend schema @x { query: Q } input I { a: Int = 2 }")
                == "\"desc\"enum E{\"v\"A,B}extend schema@x{query:Q}input I{a:Int=2}")
    }
}

@Suite struct ReadablePrinterTests {
    /// The `.printed.graphql` files are graphql-core 3.3.2's `print_ast` of the kitchen sinks.
    @Test(arguments: ["executable-kitchen-sink", "type-system-kitchen-sink"])
    func printsLikeGraphQLCore(name: String) throws {
        let result = Parser.parse(try Fixtures.source("syntax/\(name).graphql"))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        let expected = try Fixtures.text("syntax/\(name).printed.graphql")
        let printed = ReadablePrinter.print(result.document)
        #expect(printed == expected)
        if printed != expected {
            let a = printed.split(separator: "\n", omittingEmptySubsequences: false)
            let b = expected.split(separator: "\n", omittingEmptySubsequences: false)
            for (i, (x, y)) in zip(a, b).enumerated() where x != y {
                Issue.record("line \(i + 1): \(x.debugDescription) != \(y.debugDescription)")
                break
            }
        }
    }

    /// `spec/syntax/printed/` holds graphql-core 3.3.2's `print_ast` of every conformance
    /// author document and of the Rick and Morty schema.
    @Test(arguments: Fixtures.files(in: "syntax/printed", withExtension: "graphql"))
    func printsConformanceDocumentsLikeGraphQLCore(printedPath: String) throws {
        let name = String(printedPath.split(separator: "/").last!)
        let originalPath = name.hasSuffix(".schema.graphql") ? "schemas/\(name)" : "conformance/sources/\(name)"
        let result = Parser.parse(try Fixtures.source(originalPath))
        #expect(result.diagnostics.isEmpty)
        #expect(ReadablePrinter.print(result.document) == (try Fixtures.text(printedPath)))
    }
}

/// `spec/syntax/string-printing.json`: graphql-core 3.3.2's `print_block_string` (plain and
/// minimized) and `print_string` of values with every awkward feature.
@Suite struct StringPrintingTests {
    struct Case: Decodable, CustomTestStringConvertible {
        var value: String
        var block: String
        var minimized: String
        var quoted: String
        var testDescription: String { value.debugDescription }
    }

    static let cases: [Case] = {
        guard let data = try? Data(contentsOf: Fixtures.url("syntax/string-printing.json")) else { return [] }
        return (try? JSONDecoder().decode([Case].self, from: data)) ?? []
    }()

    @Test func fixtureIsPresent() { #expect(Self.cases.count >= 20) }

    @Test(arguments: cases)
    func printsLikeGraphQLCore(_ c: Case) {
        #expect(StringLiterals.block(c.value) == c.block)
        #expect(StringLiterals.block(c.value, minimize: true) == c.minimized)
        #expect(StringLiterals.quoted(c.value) == c.quoted)
        // A printed quoted string reads back as the value.
        let token = Lexer.tokenize(Source(name: "s", text: c.quoted)).tokens[0]
        #expect(Lexer.value(of: token, in: Source(name: "s", text: c.quoted)) == c.value)
    }
}

@Suite struct CompactPrinterPiecesTests {
    @Test func printsDefinitionsFromSeveralSources() throws {
        let a = Source(name: "a.graphql", text: "query Q { a(s: \"x\\u0041\") ...F }")
        let b = Source(name: "b.graphql", text: "fragment F on T { b(s: \"\\u00e9\") }  scalar S")
        let qa = Parser.parse(a).document.definitions
        let fb = Parser.parse(b).document.definitions
        #expect(CompactPrinter.print([(qa[0], a), (fb[0], b)]) == #"query Q{a(s:"x\u0041"),...F}fragment F on T{b(s:"\u00e9")}"#)
        #expect(CompactPrinter.print(fb[0], in: b) == #"fragment F on T{b(s:"\u00e9")}"#)
        // Scalars end in a word: the next definition is kept apart.
        #expect(CompactPrinter.print([(fb[1], b), (fb[1], b)]) == "scalar S scalar S")
        // A string whose range does not hold it in the given source is escaped from its value.
        #expect(CompactPrinter.print(qa[0], in: b) == #"query Q{a(s:"xA"),...F}"#)
    }
}
