import BatonJSON
import Testing

@testable import BatonGraphQLFeatures
@testable import BatonLanguageServer

/// `textDocument/formatting` and `rangeFormatting` through the server: edits over the marker
/// literals' text only, in the client's positions.
@Suite struct GraphQLFormattingTests {
    static let swift = """
        struct Screen {
            @Fragment(\"\"\"
            fragment Row_character on Character { id name }
            \"\"\") var row: Row_character
            @Query(\"\"\"
            query ScreenQuery { character(id: "1") { ...Row_character } }
            \"\"\") var query: ScreenQuery
        }

        """

    func harness() throws -> GraphQLHarness {
        let project = try TestProject(files: [:])
        let g = GraphQLHarness(project)
        g.open("Screen.swift", Self.swift)
        g.open("Queries.graphql", "query Other { character(id: \"2\") { name } }")
        g.settle()
        return g
    }

    func format(_ g: GraphQLHarness, _ name: String, range: JSONValue? = nil) -> [JSONValue]? {
        var params: JSONObject = ["textDocument": ["uri": .string(g.project.uri(name))], "options": ["tabSize": 4, "insertSpaces": true]]
        if let range { params["range"] = range }
        return g.request(range == nil ? "textDocument/formatting" : "textDocument/rangeFormatting", .object(params))?.arrayValue
    }

    /// An edit as `line:character-line:character` and its text.
    func describe(_ edit: JSONValue) -> String {
        let r = edit["range"]
        let s = "\(r?["start"]?["line"]?.intValue ?? -1):\(r?["start"]?["character"]?.intValue ?? -1)"
        let e = "\(r?["end"]?["line"]?.intValue ?? -1):\(r?["end"]?["character"]?.intValue ?? -1)"
        return "\(s)-\(e) \(edit["newText"]?.stringValue ?? "?")"
    }

    @Test func advertisedAsProviders() throws {
        let g = try harness()
        #expect(g.initializeResult?["capabilities"]?["documentFormattingProvider"] == true)
        #expect(g.initializeResult?["capabilities"]?["documentRangeFormattingProvider"] == true)
    }

    @Test func eachLiteralIsReplacedBetweenItsDelimiters() throws {
        let g = try harness()
        let edits = try #require(format(g, "Screen.swift"))
        #expect(
            edits.map(describe) == [
                "2:0-3:0     fragment Row_character on Character {\n      id\n      name\n    }\n",
                "5:0-6:0     query ScreenQuery {\n      character(id: \"1\") {\n        ...Row_character\n      }\n    }\n",
            ])
    }

    @Test func rangeFormattingOnlyTheLiteralsTheRangeMeets() throws {
        let g = try harness()
        let edits = try #require(format(g, "Screen.swift", range: range(5, 10, 5, 12)))
        #expect(edits.count == 1)
        #expect(edits.first.map(describe)?.hasPrefix("5:0-6:0     query ScreenQuery {") == true)
        #expect(format(g, "Screen.swift", range: range(0, 0, 0, 5)) == [])
    }

    @Test func aGraphQLFileIsFormattedWhole() throws {
        let g = try harness()
        let edits = try #require(format(g, "Queries.graphql"))
        #expect(edits.map(describe) == ["0:0-0:43 query Other {\n  character(id: \"2\") {\n    name\n  }\n}\n"])
    }

    @Test func aLiteralThatDoesNotParseGetsNoEdit() throws {
        let g = try harness()
        g.open("Broken.swift", "@Fragment(\"\"\"\nfragment B on Character { id(\n\"\"\") var b: B\n")
        #expect(format(g, "Broken.swift") == [])
    }

    @Test func aDocumentThatIsNotOpenIsAnError() throws {
        let g = try harness()
        let id = 9000
        g.h.request(id, "textDocument/formatting", ["textDocument": ["uri": .string(g.project.uri("Missing.swift"))], "options": [:]])
        g.settle()
        guard case .failure(let error)? = g.h.answer(id) else {
            Issue.record("formatting a document that is not open answered without an error")
            return
        }
        #expect(error.code == -32602)
    }
}
