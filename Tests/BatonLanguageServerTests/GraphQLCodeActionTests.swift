import BatonDiagnostics
import BatonHosts
import BatonJSON
import Testing

@testable import BatonGraphQLFeatures
@testable import BatonLanguageServer

/// `textDocument/codeAction`: did-you-mean fixes, "define this fragment" and "extract selection
/// to fragment" as workspace edits of the Swift file (or `.graphql` file) asked about.
@Suite struct GraphQLCodeActionTests {
    static let misspelled = """
        struct Row {
            @Fragment(\"\"\"
            fragment Row_character on Character {
              nmae
              status @tg(name: "x")
              episodes(frist: 2) { title }
              ...Missing_character
            }
            \"\"\") var character: Row_character
            @Query(\"\"\"
            query RowQuery($f: CharacterFiltr) { characters(filter: {status: ALIV}) { ...Row_character } }
            \"\"\") var query: RowQuery
        }

        """

    static let clean = """
        struct Row {
            @Fragment(\"\"\"
            fragment Row_character on Character {
              name
              origin {
                id
                name
              }
            }
            \"\"\") var character: Row_character
            @Query("query RowQuery { character(id: 1) { ...Row_character } }") var query: RowQuery
        }

        """

    func harness(_ name: String, _ text: String) throws -> GraphQLHarness {
        let g = GraphQLHarness(try TestProject(files: [:]))
        g.open(name, text)
        g.settle()
        return g
    }

    func actions(_ g: GraphQLHarness, _ name: String, _ r: JSONValue, only: [String]? = nil) -> [JSONValue] {
        var params: JSONObject = ["textDocument": ["uri": .string(g.project.uri(name))], "range": r, "context": ["diagnostics": []]]
        if let only { params["context"] = ["diagnostics": [], "only": .array(only.map { .string($0) })] }
        return g.request("textDocument/codeAction", .object(params))?.arrayValue ?? []
    }

    /// `line:character-line:character newText` of each edit an action makes to `name`.
    func edits(_ action: JSONValue?, _ g: GraphQLHarness, _ name: String) -> [String] {
        (action?["edit"]?["changes"]?[g.project.uri(name)]?.arrayValue ?? []).map { edit in
            let r = edit["range"]
            let s = "\(r?["start"]?["line"]?.intValue ?? -1):\(r?["start"]?["character"]?.intValue ?? -1)"
            let e = "\(r?["end"]?["line"]?.intValue ?? -1):\(r?["end"]?["character"]?.intValue ?? -1)"
            return "\(s)-\(e) \(edit["newText"]?.stringValue ?? "?")"
        }
    }

    func titled(_ actions: [JSONValue], _ title: String) -> JSONValue? {
        actions.first { $0["title"]?.stringValue == title }
    }

    /// The column of `text` on `line` of `source`.
    func column(_ text: String, line: Int, in source: String) throws -> Int {
        let lineText = String(source.split(separator: "\n", omittingEmptySubsequences: false)[line])
        return try #require(lineText.range(of: text)).lowerBound.utf16Offset(in: lineText)
    }

    @Test func advertised() throws {
        let g = try harness("Row.swift", Self.clean)
        #expect(g.initializeResult?["capabilities"]?["codeActionProvider"]?["codeActionKinds"] == ["quickfix", "refactor.extract"])
    }

    @Test func didYouMeanFixesForAFieldADirectiveAnArgumentATypeAndAnEnumValue() throws {
        let text = Self.misspelled
        let g = try harness("Row.swift", text)
        let cases: [(line: Int, unknown: String, title: String, replacement: String)] = [
            (3, "nmae", "Change 'nmae' to 'name'", "name"),
            (4, "tg", "Change '@tg' to '@tag'", "tag"),
            (5, "frist", "Change 'frist' to 'first'", "first"),
            (10, "CharacterFiltr", "Change 'CharacterFiltr' to 'CharacterFilter'", "CharacterFilter"),
            (10, "ALIV", "Change 'ALIV' to 'ALIVE'", "ALIVE"),
        ]
        for item in cases {
            let start = try column(item.unknown, line: item.line, in: text)
            let found = actions(g, "Row.swift", range(item.line, start, item.line, start))
            let action = try #require(titled(found, item.title), "\(item.title) among \(found.map { $0["title"] ?? nil })")
            #expect(action["kind"] == "quickfix")
            #expect(action["isPreferred"] == true)
            #expect(action["diagnostics"]?.arrayValue?.count == 1)
            let end = start + item.unknown.utf16.count
            #expect(edits(action, g, "Row.swift") == ["\(item.line):\(start)-\(item.line):\(end) \(item.replacement)"])
        }
    }

    @Test func anUnknownSpreadGetsItsFragmentDefinedBesideTheMarker() throws {
        let g = try harness("Row.swift", Self.misspelled)
        let found = actions(g, "Row.swift", range(6, 12, 6, 12))
        let action = try #require(titled(found, "Define fragment 'Missing_character' on Character"))
        // `var character` is taken: the property is named after the whole fragment.
        #expect(
            edits(action, g, "Row.swift") == [
                "9:0-9:0     @Fragment(\"\"\"\n    fragment Missing_character on Character {\n      id\n    }\n    \"\"\") var missingCharacter: Missing_character\n"
            ])
    }

    @Test func anUnknownSpreadInAGraphQLFileIsDefinedAtItsEnd() throws {
        let g = try harness("Row.graphql", "fragment Row on Character { ...Other }\n")
        let action = try #require(titled(actions(g, "Row.graphql", range(0, 33, 0, 33)), "Define fragment 'Other' on Character"))
        #expect(edits(action, g, "Row.graphql") == ["1:0-1:0 \nfragment Other on Character {\n  id\n}\n"])
    }

    @Test func extractingSelectionsMakesAFragmentAndItsPropertyAndTheResultChecksClean() throws {
        let g = try harness("Row.swift", Self.clean)
        #expect(g.published("Row.swift") == [])
        // Lines 3–7: `name` and `origin { … }`.
        let found = actions(g, "Row.swift", range(3, 6, 7, 7), only: ["refactor"])
        #expect(found.count == 1)
        let action = try #require(titled(found, "Extract selection to fragment 'Row_character2'"))
        #expect(action["kind"] == "refactor.extract")
        #expect(
            edits(action, g, "Row.swift") == [
                "3:6-7:7 ...Row_character2",
                "10:0-10:0     @Fragment(\"\"\"\n    fragment Row_character2 on Character {\n      name\n      origin {\n        id\n        name\n      }\n    }\n    \"\"\") var character2: Row_character2\n",
            ])
        // Applied, the file checks clean: the fragment is valid and spread where it was cut.
        let host = Source(name: "Row.swift", text: Self.clean)
        let applied = LiteralFormatting.apply(
            [
                HostEdit(range: try hostRange(host, 3, 6, 7, 7), newText: "...Row_character2"),
                HostEdit(
                    range: try hostRange(host, 10, 0, 10, 0),
                    newText:
                        "    @Fragment(\"\"\"\n    fragment Row_character2 on Character {\n      name\n      origin {\n        id\n        name\n      }\n    }\n    \"\"\") var character2: Row_character2\n"
                ),
            ], to: Self.clean)
        g.open("Row.swift", applied, version: 2)
        g.settle()
        #expect(g.published("Row.swift") == [])
        #expect(HostFile.documents(for: Source(name: "Row.swift", text: applied)).documents.count == 3)
    }

    @Test func addIdWhereTheTypeHasOneAndTheSelectionLacksIt() throws {
        let g = try harness("Row.swift", Self.clean)
        // In `origin { id name }`: selected already, nothing offered.
        #expect(titled(actions(g, "Row.swift", range(6, 8, 6, 8)), "Add 'id' to the selection on Location") == nil)
        // In the fragment's own selection set (`name`, `origin`): `id` goes first, on its own line.
        let action = try #require(titled(actions(g, "Row.swift", range(3, 7, 3, 7)), "Add 'id' to the selection on Character"))
        #expect(edits(action, g, "Row.swift") == ["3:6-3:6 id\n      "])
        // A single-line literal gets it inline.
        let single = try harness("One.swift", "@Fragment(\"fragment One on Character { name }\") var one: One\n")
        let inline = try #require(titled(actions(single, "One.swift", range(0, 42, 0, 42)), "Add 'id' to the selection on Character"))
        #expect(edits(inline, single, "One.swift") == ["0:39-0:39 id "])
    }

    @Test func aRangeInsideOneFieldOffersNoExtraction() throws {
        let g = try harness("Row.swift", Self.clean)
        #expect(actions(g, "Row.swift", range(3, 7, 3, 8)).allSatisfy { $0["kind"] != "refactor.extract" })
        #expect(actions(g, "Row.swift", range(0, 0, 0, 6)).isEmpty)
    }

    func hostRange(_ host: Source, _ l1: Int, _ c1: Int, _ l2: Int, _ c2: Int) throws -> SourceRange {
        let lines = host.text.split(separator: "\n", omittingEmptySubsequences: false)
        func offset(_ line: Int, _ character: Int) -> Int {
            lines.prefix(line).reduce(0) { $0 + $1.utf8.count + 1 } + character
        }
        return SourceRange(offset(l1, c1), offset(l2, c2))
    }
}
