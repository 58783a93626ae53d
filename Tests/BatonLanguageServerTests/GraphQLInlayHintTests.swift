import BatonJSON
import Testing

@testable import BatonGraphQLFeatures
@testable import BatonLanguageServer

@Suite struct GraphQLInlayHintTests {
    static let swift = """
        import Baton

        struct CharacterHeader {
            @Fragment(\"\"\"
            fragment CharacterHeader_character on Character {
              name
              origin { name }
              home: origin { id }
              episodes { title }
            }
            \"\"\") var character: CharacterHeader_character
        }

        """
    static let graphQL = "query Hints {\n  character(id: \"1\") { status nickname }\n}\n"

    func harness() throws -> (GraphQLHarness, TestProject) {
        let project = try TestProject(files: ["Hints.graphql": Self.graphQL])
        let g = GraphQLHarness(project)
        g.open("Header.swift", Self.swift)
        g.open("Hints.graphql", Self.graphQL)
        g.settle()
        return (g, project)
    }

    func hints(_ g: GraphQLHarness, _ name: String, _ range: JSONValue) -> [JSONValue]? {
        g.request("textDocument/inlayHint", ["textDocument": ["uri": .string(g.project.uri(name))], "range": range])?.arrayValue
    }

    /// A hint's position and label.
    func pairs(_ hints: [JSONValue]?) -> [String] {
        (hints ?? []).map { hint in
            "\(hint["position"]?["line"]?.intValue ?? -1):\(hint["position"]?["character"]?.intValue ?? -1) \(hint["label"]?.stringValue ?? "?")"
        }
    }

    @Test func advertisedAsAProvider() throws {
        let (g, _) = try harness()
        #expect(g.initializeResult?["capabilities"]?["inlayHintProvider"] == true)
    }

    @Test func eachFieldOfASwiftLiteralGetsItsLensType() throws {
        let (g, _) = try harness()
        let all = hints(g, "Header.swift", range(0, 0, 20, 0))
        // Line 5 `      name` (literal indentation included): the hint is at the name's end.
        #expect(
            pairs(all) == [
                "5:10 : String?",
                "6:12 : CharacterHeader_character.Origin?",
                "6:19 : String?",
                "7:18 : CharacterHeader_character.Home?",  // aliased: after the field's name
                "7:23 : Baton.ID",
                "8:14 : Baton.List<CharacterHeader_character.Episodes>?",
                "8:22 : String?",
            ])
        #expect(all?.first?["kind"] == 1)
        // Each type is the one hover shows for the same field.
        for hint in all ?? [] {
            let line = try #require(hint["position"]?["line"]?.intValue)
            let character = try #require(hint["position"]?["character"]?.intValue)
            let type = try #require(hint["label"]?.stringValue)
            let hover = g.at("textDocument/hover", "Header.swift", line: line, character: character - 1)
            #expect(hover?["contents"]?["value"]?.stringValue?.hasSuffix(type + "\n```") == true)
        }
    }

    @Test func onlyTheRequestedRange() throws {
        let (g, _) = try harness()
        #expect(pairs(hints(g, "Header.swift", range(6, 0, 6, 16))) == ["6:12 : CharacterHeader_character.Origin?"])
        #expect(pairs(hints(g, "Header.swift", range(0, 0, 4, 0))) == [])
    }

    @Test func aGraphQLFile() throws {
        let (g, _) = try harness()
        #expect(
            pairs(hints(g, "Hints.graphql", range(0, 0, 3, 0))) == [
                "1:11 : Hints.Data.Character_?",
                "1:29 : Status?",
                "1:38 : String?",
            ])
    }

    @Test func aMalformedDocumentAnswersWithoutFailing() throws {
        let (g, _) = try harness()
        let broken = "fragment Broken on Character {\n  name\n  origin { name \n"
        g.h.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": .string(g.project.uri("Broken.graphql")), "languageId": "graphql", "version": 1, "text": .string(broken),
                ]
            ])
        g.settle()
        #expect(hints(g, "Broken.graphql", range(0, 0, 5, 0)) != nil)
        // The other documents of the project are still answered.
        #expect(pairs(hints(g, "Header.swift", range(5, 0, 5, 20))) == ["5:10 : String?"])
    }
}
