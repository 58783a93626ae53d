import BatonJSON
import Testing

@testable import BatonGraphQLFeatures
@testable import BatonLanguageServer

/// `textDocument/prepareRename` and `rename`: fragments, operations, variables and fragment
/// arguments across Swift markers and `.graphql` files, with the Swift that follows from the
/// names (type annotations, a spread's accessor, an operation value's argument labels).
@Suite struct GraphQLRenameTests {
    static let row = """
        struct Row {
            @Fragment(\"\"\"
            fragment CharacterRow_character on Character @argumentDefinitions(count: {type: "Int", defaultValue: 2}) {
              name
              episodes(first: $count) { title }
            }
            \"\"\") var character: CharacterRow_character
        }

        """

    static let screen = """
        struct Screen {
            @Query(\"\"\"
            query ScreenQuery($id: ID!) { character(id: $id) { ...CharacterRow_character @arguments(count: 3) } }
            \"\"\") var query: ScreenQuery
            init(id: String) { query = ScreenQuery(id: id) }
            func name(_ data: ScreenQuery.Data) -> String? { data.character?.characterRow.name }
            // ScreenQuery in a comment and "ScreenQuery" in a string stay.
            let label = "ScreenQuery"
        }

        """

    static let other = "query Other { character(id: 2) { ...CharacterRow_character } }\n"

    func harness() throws -> GraphQLHarness {
        let project = try TestProject(files: ["Row.swift": Self.row, "Screen.swift": Self.screen, "Other.graphql": Self.other])
        let g = GraphQLHarness(project)
        g.open("Row.swift", Self.row)
        g.open("Screen.swift", Self.screen)
        g.settle()
        return g
    }

    func rename(_ g: GraphQLHarness, _ name: String, _ line: Int, _ character: Int, to newName: String) -> [String: [String]]? {
        guard let result = g.at("textDocument/rename", name, line: line, character: character, extra: ["newName": .string(newName)])
        else { return nil }
        var byFile: [String: [String]] = [:]
        for member in result["changes"]?.objectValue?.members ?? [] {
            let (uri, edits) = (member.key, member.value)
            let file = String(uri.split(separator: "/").last ?? "")
            byFile[file] = (edits.arrayValue ?? []).map { edit in
                let r = edit["range"]
                return
                    "\(r?["start"]?["line"]?.intValue ?? -1):\(r?["start"]?["character"]?.intValue ?? -1)-\(r?["end"]?["line"]?.intValue ?? -1):\(r?["end"]?["character"]?.intValue ?? -1) \(edit["newText"]?.stringValue ?? "?")"
            }
        }
        return byFile
    }

    /// The error a request answers with.
    func refusal(_ g: GraphQLHarness, _ method: String, _ name: String, _ line: Int, _ character: Int, newName: String? = nil) -> String? {
        var params: JSONObject = [
            "textDocument": ["uri": .string(g.project.uri(name))],
            "position": ["line": .number(line), "character": .number(character)],
        ]
        if let newName { params["newName"] = .string(newName) }
        let id = 7000 + line * 100 + character
        g.h.request(id, method, .object(params))
        g.settle()
        guard case .failure(let error)? = g.h.answer(id) else { return nil }
        #expect(error.code == -32803)
        return error.message
    }

    @Test func advertisedWithPrepare() throws {
        let g = try harness()
        #expect(g.initializeResult?["capabilities"]?["renameProvider"]?["prepareProvider"] == true)
    }

    @Test func prepareGivesTheNameUnderTheCursor() throws {
        let g = try harness()
        let prepared = g.at("textDocument/prepareRename", "Row.swift", line: 2, character: 20)
        #expect(prepared?["placeholder"] == "CharacterRow_character")
        #expect(prepared?["range"] == range(2, 13, 2, 35))
        // `$count` is the fragment's argument: its name, without `$`.
        #expect(g.at("textDocument/prepareRename", "Row.swift", line: 4, character: 24)?["placeholder"] == "count")
        #expect(refusal(g, "textDocument/prepareRename", "Row.swift", 3, 6)?.hasPrefix("Only fragments, operations") == true)
    }

    @Test func aFragmentEverywhereItIsNamedAndTheSwiftThatFollows() throws {
        let g = try harness()
        let edits = try #require(rename(g, "Row.swift", 2, 20, to: "CharacterCell_character"))
        #expect(edits["Row.swift"] == ["2:13-2:35 CharacterCell_character", "6:24-6:46 CharacterCell_character"])
        #expect(
            edits["Screen.swift"] == [
                "2:58-2:80 CharacterCell_character",
                // The spread's accessor follows the fragment's name.
                "5:69-5:81 characterCell",
            ])
        #expect(edits["Other.graphql"] == ["0:36-0:58 CharacterCell_character"])
    }

    @Test func anOperationAndItsSwiftTypeButNotCommentsOrStrings() throws {
        let g = try harness()
        let edits = try #require(rename(g, "Screen.swift", 2, 12, to: "CharacterScreenQuery"))
        #expect(
            edits["Screen.swift"] == [
                "2:10-2:21 CharacterScreenQuery",
                "3:20-3:31 CharacterScreenQuery",
                "4:31-4:42 CharacterScreenQuery",
                "5:22-5:33 CharacterScreenQuery",
            ])
        #expect(edits.count == 1)
    }

    @Test func aVariableWithTheOperationValuesArgumentLabel() throws {
        let g = try harness()
        let edits = try #require(rename(g, "Screen.swift", 2, 24, to: "$characterID"))
        #expect(
            edits["Screen.swift"] == [
                "2:23-2:25 characterID",
                "2:49-2:51 characterID",
                // `ScreenQuery(id: id)`: the label, not the value.
                "4:43-4:45 characterID",
            ])
    }

    @Test func aFragmentArgumentAtItsDefinitionItsUsesAndEverySpread() throws {
        let g = try harness()
        let edits = try #require(rename(g, "Row.swift", 2, 72, to: "limit"))
        #expect(edits["Row.swift"] == ["2:70-2:75 limit", "4:23-4:28 limit"])
        #expect(edits["Screen.swift"] == ["2:92-2:97 limit"])
    }

    @Test func badNamesAndClashesAreRefusedWithAReason() throws {
        let g = try harness()
        #expect(refusal(g, "textDocument/rename", "Row.swift", 2, 20, newName: "1bad") == "'1bad' is not a GraphQL name")
        #expect(refusal(g, "textDocument/rename", "Screen.swift", 2, 12, newName: "Other") == "An operation named 'Other' already exists")
        #expect(
            refusal(g, "textDocument/rename", "Screen.swift", 2, 24, newName: "id") == nil,
            "renaming to the same name is no error")
    }
}
