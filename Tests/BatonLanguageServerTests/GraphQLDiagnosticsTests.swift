import BatonJSON
import Foundation
import Testing

@testable import BatonGraphQLFeatures
@testable import BatonLanguageServer

@Suite struct GraphQLDiagnosticsTests {
    static let swiftFile = """
        import Baton

        struct CharacterHeader {
            @Fragment(\"\"\"
            fragment CharacterHeader_character on Character {
              nmae
              ...CharacterOrigin_character
            }
            \"\"\") var character: CharacterHeader_character
        }

        """

    @Test func swiftMarkerDiagnosticsAtTheirSwiftPositions() throws {
        let project = try TestProject(files: ["Origin.graphql": "fragment CharacterOrigin_character on Character { origin { name } }\n"])
        let g = GraphQLHarness(project)
        g.open("Sources/Header.swift", Self.swiftFile)
        g.settle()
        let diagnostics = try #require(g.published("Sources/Header.swift"))
        // The spread of a fragment declared in another file (on disk) is known; what is left
        // is the typo and batonc's warning (Relay's rule) that the fragment is spread nowhere.
        #expect(diagnostics.map { $0["code"] } == ["FieldsOnCorrectType", "UnusedFragment"], "\(diagnostics)")
        #expect(diagnostics.first?["range"] == range(5, 6, 5, 10))
        #expect(diagnostics.first?["message"] == "Cannot query field 'nmae' on type 'Character'. Did you mean 'name'?")
        #expect(diagnostics.last?["severity"] == 2)
        #expect(diagnostics.last?["range"] == span(of: "CharacterHeader_character", in: Self.swiftFile))
    }

    @Test func columnsFollowTheNegotiatedEncoding() throws {
        let text = "struct Q {\n    @Query(\"query Q { character(id: \\\"é😀\\\") { nmae } }\") var q: Q\n}\n"
        let project = try TestProject()
        // The line: `    @Query("query Q { character(id: \"é😀\") { nmae } }") var q: Q`
        let line = text.split(separator: "\n")[1]
        let prefix = line[..<line.range(of: "nmae")!.lowerBound]
        for (encoding, column) in [("utf-16", prefix.utf16.count), ("utf-8", prefix.utf8.count)] {
            let g = GraphQLHarness(project, encodings: encoding == "utf-8" ? ["utf-8", "utf-16"] : nil)
            g.open("Q.swift", text)
            g.settle()
            let diagnostics = try #require(g.published("Q.swift"))
            #expect(diagnostics.map { $0["range"] } == [range(1, column, 1, column + 4)], "\(encoding)")
        }
        #expect(prefix.utf8.count == prefix.utf16.count + 3)  // é: 2 vs 1, 😀: 4 vs 2
    }

    @Test func graphQLFileAndUnknownFragment() throws {
        let project = try TestProject()
        let g = GraphQLHarness(project)
        g.open("Query.graphql", "query Q {\n  character(id: 1) { ...Missing }\n}\n")
        g.settle()
        let diagnostics = try #require(g.published("Query.graphql"))
        #expect(diagnostics.map { $0["message"] } == ["Unknown fragment 'Missing'."])
        #expect(diagnostics.first?["range"] == range(1, 24, 1, 31))
    }

    @Test func documentOutsideEveryProjectGetsOneDiagnostic() throws {
        let project = try TestProject()
        let outside = try TestProject()
        try FileManager.default.removeItem(atPath: outside.path("baton.json"))
        let g = GraphQLHarness(project, folders: [project.root, outside.root])
        g.h.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": .string(outside.uri("Stray.graphql")), "languageId": "graphql", "version": 1, "text": "query { nope }",
                ]
            ])
        g.settle()
        var found: [JSONValue]?
        for message in g.h.host.take() {
            if case .notification("textDocument/publishDiagnostics", let params?) = message { found = params["diagnostics"]?.arrayValue }
        }
        let diagnostics = try #require(found)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?["code"] == "Project")
        #expect(diagnostics.first?["message"]?.stringValue?.contains("outside every Baton project") == true)
    }

    @Test func schemaChangeOnDiskReloadsAndRevalidates() throws {
        let project = try TestProject()
        let g = GraphQLHarness(project)
        g.open("A.graphql", "query A { character(id: 1) { age } }")
        g.settle()
        #expect(g.published("A.graphql")?.count == 1)
        try project.write(
            "schema.graphql",
            TestProject.schema.replacingOccurrences(of: "name: String\n  status", with: "name: String\n  age: Int\n  status"))
        g.h.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(project.uri("schema.graphql")), "type": 2]]])
        g.settle()
        #expect(g.published("A.graphql") == [])
    }

    @Test func modificationTimeFallbackWithoutWatchedFileEvents() throws {
        let project = try TestProject()
        let g = GraphQLHarness(project)
        g.open("A.graphql", "query A { character(id: 1) { age } }")
        g.settle()
        #expect(g.published("A.graphql")?.count == 1)
        try project.write(
            "schema.graphql",
            TestProject.schema.replacingOccurrences(of: "name: String\n  status", with: "name: String\n  age: Int\n  status"))
        // No event: saving any document notices the schema's new modification time.
        g.h.notify("textDocument/didSave", ["textDocument": ["uri": .string(project.uri("A.graphql"))]])
        g.settle()
        #expect(g.published("A.graphql") == [])
    }

    @Test func fragmentDeclaredInAnotherOpenDocument() throws {
        let project = try TestProject()
        let g = GraphQLHarness(project, pull: true)
        g.open("Frag.graphql", "fragment F on Character { name }")
        g.open("Use.graphql", "query U { character(id: 1) { ...F } }")
        let pulled = g.request("textDocument/diagnostic", ["textDocument": ["uri": .string(project.uri("Use.graphql"))]])
        #expect(pulled?["kind"] == "full")
        #expect(pulled?["items"] == [])
        // The declaring file alone on disk does not exist: the open text is what counts.
        #expect(!FileManager.default.fileExists(atPath: project.path("Frag.graphql")))
    }
}

@Suite struct GraphQLWorkspaceEdgeTests {
    @Test func anEditInOneOpenDocumentRechecksTheOthers() throws {
        let project = try TestProject()
        let g = GraphQLHarness(project)
        g.open("Frag.graphql", "fragment G on Character { name }")
        g.open("Use.graphql", "query U { character(id: 1) { ...F } }")
        g.settle()
        #expect(g.published("Use.graphql")?.compactMap { $0["message"]?.stringValue } == ["Unknown fragment 'F'."])
        g.h.change(project.uri("Frag.graphql"), version: 2, [Harness.edit(0, 9, 0, 10, "F")])
        g.settle()
        #expect(g.published("Use.graphql") == [])
    }

    @Test func swiftFilesWithoutMarkersOutsideProjectsAreLeftAlone() throws {
        let project = try TestProject()
        let elsewhere = try TestProject()
        try FileManager.default.removeItem(atPath: elsewhere.path("baton.json"))
        let g = GraphQLHarness(project, folders: [project.root, elsewhere.root])
        func open(_ text: String) -> [JSONValue]? {
            g.h.notify(
                "textDocument/didOpen",
                [
                    "textDocument": [
                        "uri": .string(elsewhere.uri("Plain.swift")), "languageId": "swift", "version": 1, "text": .string(text),
                    ]
                ])
            g.settle()
            var found: [JSONValue]?
            for message in g.h.host.take() {
                if case .notification("textDocument/publishDiagnostics", let params?) = message {
                    found = params["diagnostics"]?.arrayValue
                }
            }
            g.h.notify("textDocument/didClose", ["textDocument": ["uri": .string(elsewhere.uri("Plain.swift"))]])
            _ = g.h.host.take()
            return found
        }
        #expect(open("struct Plain { var x = 1 }") == [])
        #expect(open("struct Q { @Query(\"query { x }\") var q: Q }")?.map { $0["code"] } == ["Project"])
    }

    @Test func brokenAndHostileTextsAnswerWithoutCrashing() throws {
        let project = try TestProject()
        let g = GraphQLHarness(project)
        let deep = "query { character(id: 1) {" + String(repeating: " ... on Character {", count: 5_000)
        let texts = [
            deep,
            "query { character(id: \"unterminated",
            "fragment on on on { ... ... on { @ $ : ( [ { ",
            "}}}}))]]] query { character(id: [[[{a: {b: [",
            "query Q($x: [[Int!]!] = [[1]], $y: CharacterFilter = {name: \"a\"}) { characters(filter: $",
            "\u{FEFF}# é 😀\nquery { node(id: \"😀\") { ... on Character { nickname @",
        ]
        for (i, text) in texts.enumerated() {
            let name = "Broken\(i).graphql"
            g.open(name, text)
            let lines = text.components(separatedBy: "\n")
            for (line, character) in [(0, 0), (lines.count - 1, lines.last!.utf16.count), (0, 7), (lines.count + 3, 999)] {
                for method in ["textDocument/completion", "textDocument/hover", "textDocument/definition", "textDocument/references"] {
                    g.h.request(
                        9000, method,
                        [
                            "textDocument": ["uri": .string(project.uri(name))],
                            "position": ["line": .number(line), "character": .number(character)],
                            "context": ["includeDeclaration": true],
                        ])
                    g.settle()
                    #expect(g.h.answer(9000) != nil, "\(method) at \(line):\(character) of text \(i)")
                }
            }
        }
        // The deep text still completes with Character's fields at its end.
        let end = deep.utf16.count
        #expect(g.labels("Broken0.graphql", line: 0, character: end).contains("nickname"))
    }
}

@Suite struct GraphQLProjectReloadTests {
    @Test func aNewBatonJSONMakesAProjectAndExtensionsReloadIt() throws {
        let project = try TestProject()
        try FileManager.default.removeItem(atPath: project.path("baton.json"))
        let g = GraphQLHarness(project)
        g.open("A.graphql", "query A { character(id: 1) { isFavorite } }")
        g.settle()
        #expect(g.published("A.graphql")?.map { $0["code"] } == ["Project"])

        try project.write("client.graphql", "extend type Character { isFavorite: Boolean }")
        try project.write("baton.json", #"{"schema": "schema.graphql", "schemaExtensions": ["client.graphql"]}"#)
        g.h.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(project.uri("baton.json")), "type": 1]]])
        g.settle()
        #expect(g.published("A.graphql") == [])

        try project.write("client.graphql", "extend type Character { isFavourite: Boolean }")
        g.h.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(project.uri("client.graphql")), "type": 2]]])
        g.settle()
        let diagnostics = try #require(g.published("A.graphql"))
        #expect(diagnostics.map { $0["message"] } == ["Cannot query field 'isFavorite' on type 'Character'. Did you mean 'isFavourite'?"])
        #expect(diagnostics.first?["range"] == range(0, 29, 0, 39))
    }
}
