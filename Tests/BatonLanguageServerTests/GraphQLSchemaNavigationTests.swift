import BatonDiagnostics
import BatonJSON
import BatonLanguageService
import Foundation
import Testing

@testable import BatonGraphQLFeatures
@testable import BatonLanguageServer

/// References of schema elements across the project's documents, workspace symbols and
/// signature help, through the protocol.
@Suite struct GraphQLSchemaNavigationTests {
    static let view = """
        import Baton

        struct StatusBadge {
            @Fragment(\"\"\"
            fragment StatusBadge_character on Character {
              status
              episodes(order: DESC) { title }
            }
            \"\"\") var character: StatusBadge_character
        }

        struct Screen {
            @Query(#"query Screen($s: Status) { characters(filter: {status: ALIVE}) { status @tag(name: "s") } node(id: "1") { ... on Character { status } } }"#) var screen: Screen
        }

        """
    static let other = "query Other { character(id: \"1\") { status episodes(first: 2) { id } } }\n"

    /// `Status` in the operation's variable definition (`$s: Status`).
    static var statusVariableType: JSONValue {
        let p = position(of: "Status)", in: view)
        return range(p.line, p.character, p.line, p.character + 6)
    }

    func harness() throws -> (GraphQLHarness, TestProject) {
        let project = try TestProject(files: ["Other.graphql": Self.other, "Sources/View.swift": Self.view])
        let g = GraphQLHarness(project)
        g.open("Sources/View.swift", Self.view)
        g.settle()
        return (g, project)
    }

    /// References at the `occurrence`th `needle` of `text` in `file`, as "uri range" strings.
    func references(
        _ g: GraphQLHarness, _ file: String, _ text: String, _ needle: String, occurrence: Int = 1, declaration: Bool = false
    ) throws -> Set<String> {
        let p = position(of: needle, in: text, occurrence: occurrence, offset: 1)
        let found = try #require(
            g.at(
                "textDocument/references", file, line: p.line, character: p.character,
                extra: ["context": ["includeDeclaration": .bool(declaration)]])?.arrayValue)
        return Set(found.map { "\($0["uri"]!.stringValue!) \($0["range"]!)" })
    }

    func at(_ project: TestProject, _ file: String, _ text: String, _ needle: String, occurrence: Int = 1) -> String {
        "\(project.uri(file)) \(span(of: needle, in: text, occurrence: occurrence))"
    }

    @Test func referencesOfAFieldFromADocumentAndFromTheSchemaFile() throws {
        let (g, project) = try harness()
        let view = "Sources/View.swift"
        // Character.status: the fragment, the operation's selection, the inline fragment on
        // the interface's implementation and the .graphql file; not CharacterFilter.status.
        let uses: Set<String> = [
            at(project, view, Self.view, "status", occurrence: 1),
            at(project, view, Self.view, "status", occurrence: 3),
            at(project, view, Self.view, "status", occurrence: 4),
            at(project, "Other.graphql", Self.other, "status"),
        ]
        #expect(try references(g, view, Self.view, "status") == uses)
        let declaration = at(project, "schema.graphql", TestProject.schema, "status")
        #expect(try references(g, view, Self.view, "status", occurrence: 3, declaration: true) == uses.union([declaration]))
        // From the field's definition in the schema file.
        g.open("schema.graphql", TestProject.schema)
        #expect(try references(g, "schema.graphql", TestProject.schema, "status") == uses)
        #expect(try references(g, "schema.graphql", TestProject.schema, "status", declaration: true) == uses.union([declaration]))
        // The input field of the same name is another element.
        #expect(
            try references(g, view, Self.view, "status", occurrence: 2, declaration: true) == [
                at(project, view, Self.view, "status", occurrence: 2),
                at(project, "schema.graphql", TestProject.schema, "status", occurrence: 2),
            ])
    }

    @Test func referencesOfTypesArgumentsEnumValuesAndDirectives() throws {
        let (g, project) = try harness()
        let view = "Sources/View.swift"
        let schema = "schema.graphql"
        g.open(schema, TestProject.schema)
        // A type: its type conditions and variable types, from a use and from its definition.
        let characterSpans: Set<String> = [
            "\(project.uri(view)) \(span(of: "Character", in: Self.view))",
            "\(project.uri(view)) \(span(of: "Character", in: Self.view, occurrence: 2))",
        ]
        #expect(try references(g, view, Self.view, "Character", occurrence: 2) == characterSpans)
        #expect(try references(g, schema, TestProject.schema, "Character implements") == characterSpans)
        let p = position(of: "enum Status", in: TestProject.schema, offset: 6)
        let status = try #require(
            g.at(
                "textDocument/references", schema, line: p.line, character: p.character,
                extra: ["context": ["includeDeclaration": false]])?.arrayValue)
        #expect(status.map { "\($0["uri"]!.stringValue!) \($0["range"]!)" } == ["\(project.uri(view)) \(Self.statusVariableType)"])
        // Arguments, by the field they belong to, from a use and from the schema.
        #expect(try references(g, view, Self.view, "order") == [at(project, view, Self.view, "order")])
        #expect(try references(g, schema, TestProject.schema, "first") == [at(project, "Other.graphql", Self.other, "first")])
        // An enum value in an argument and in an input object.
        #expect(
            try references(g, view, Self.view, "ALIVE", declaration: true) == [
                at(project, view, Self.view, "ALIVE"), at(project, schema, TestProject.schema, "ALIVE"),
            ])
        #expect(try references(g, schema, TestProject.schema, "DESC") == [at(project, view, Self.view, "DESC")])
        // A directive, from its use and its definition.
        #expect(
            try references(g, view, Self.view, "tag", declaration: true) == [
                at(project, view, Self.view, "tag"), at(project, schema, TestProject.schema, "tag"),
            ])
        #expect(try references(g, schema, TestProject.schema, "tag") == [at(project, view, Self.view, "tag")])
        // Swift outside the literals and schema punctuation: no references.
        let outside = position(of: "struct", in: Self.view, offset: 1)
        #expect(g.at("textDocument/references", view, line: outside.line, character: outside.character) == .null)
    }

    @Test func definitionAndHoverFromArgumentsEnumValuesTypesAndDirectives() throws {
        let (g, project) = try harness()
        let view = "Sources/View.swift"
        func definition(_ needle: String, occurrence: Int = 1) -> JSONValue? {
            let p = position(of: needle, in: Self.view, occurrence: occurrence, offset: 1)
            return g.at("textDocument/definition", view, line: p.line, character: p.character)
        }
        func inSchema(_ needle: String, occurrence: Int = 1) -> JSONValue {
            ["uri": .string(project.uri("schema.graphql")), "range": span(of: needle, in: TestProject.schema, occurrence: occurrence)]
        }
        #expect(definition("order") == inSchema("order"))
        #expect(definition("DESC") == inSchema("DESC"))
        #expect(definition("ALIVE") == inSchema("ALIVE"))
        #expect(definition("filter") == inSchema("filter"))
        #expect(definition("status", occurrence: 2) == inSchema("status", occurrence: 2))
        #expect(definition("tag") == inSchema("tag"))
        let enumName = position(of: "enum Status", in: TestProject.schema, offset: 5)
        #expect(
            definition("Status)")
                == inSchema("Status").replacingRange(range(enumName.line, enumName.character, enumName.line, enumName.character + 6)))
        #expect(
            definition("Character", occurrence: 2)
                == inSchema("Character implements").replacingRange(span(of: "Character", in: TestProject.schema)))
        func hover(_ needle: String, occurrence: Int = 1) -> String? {
            let p = position(of: needle, in: Self.view, occurrence: occurrence, offset: 1)
            return g.at("textDocument/hover", view, line: p.line, character: p.character)?["contents"]?["value"]?.stringValue
        }
        // Types in a type condition and a variable type; a directive: with their descriptions.
        #expect(hover("Character", occurrence: 2)?.hasPrefix("```graphql\ntype Character\n```\n\nA character of the show.\n\n") == true)
        #expect(hover("Status)") == "```graphql\nenum Status\n```")
        #expect(hover("tag") == "```graphql\n@tag(name: String!)\n```\n\nMarks a selection for tooling.")
    }

    @Test func definitionAndHoverWithTheCursorInTheSchemaFile() throws {
        let (g, project) = try harness()
        g.open("schema.graphql", TestProject.schema)
        g.settle()
        let schema = TestProject.schema
        // `status: Status`: the field type's name goes to the enum, and hovers as it.
        let use = position(of: "Status\n", in: schema, offset: 1)
        let enumName = position(of: "enum Status", in: schema, offset: 5)
        #expect(
            g.at("textDocument/definition", "schema.graphql", line: use.line, character: use.character)
                == [
                    "uri": .string(project.uri("schema.graphql")),
                    "range": range(enumName.line, enumName.character, enumName.line, enumName.character + 6),
                ])
        let hover = g.at("textDocument/hover", "schema.graphql", line: use.line, character: use.character)
        #expect(hover?["contents"]?["value"] == "```graphql\nenum Status\n```")
        // A field's own name hovers with its description.
        let name = position(of: "name: String", in: schema, offset: 1)
        let fieldHover = g.at("textDocument/hover", "schema.graphql", line: name.line, character: name.character)
        #expect(
            fieldHover?["contents"]?["value"]?.stringValue?.hasPrefix(
                "```graphql\nCharacter.name: String\n```\n\nThe character's full name.") == true)
        // Punctuation names nothing.
        let brace = position(of: "{ id: ID! }", in: schema, offset: 0)
        #expect(g.at("textDocument/hover", "schema.graphql", line: brace.line, character: brace.character) == .null)
    }

    @Test func workspaceSymbolsMatchSubsequencesCaseIgnored() throws {
        let (g, project) = try harness()
        func names(_ query: String) -> [String] {
            (g.request("workspace/symbol", ["query": .string(query)])?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
        }
        #expect(Set(names("")) == ["StatusBadge_character", "Screen", "Other"])
        #expect(names("scn") == ["Screen"])
        #expect(names("SBC") == ["StatusBadge_character"])
        #expect(names("stch") == ["StatusBadge_character"])
        // Prefix matches first (the fragment comes first in the file).
        #expect(names("sc") == ["Screen", "StatusBadge_character"])
        #expect(names("xyz").isEmpty)
        let badge = try #require(g.request("workspace/symbol", ["query": "badge"])?[0])
        #expect(badge["kind"] == 5)
        #expect(badge["containerName"] == "on Character")
        #expect(
            badge["location"] == [
                "uri": .string(project.uri("Sources/View.swift")), "range": span(of: "StatusBadge_character", in: Self.view),
            ])
        let other = try #require(g.request("workspace/symbol", ["query": "Other"])?[0])
        #expect(other["kind"] == 12)
        #expect(other["location"]?["range"] == span(of: "Other", in: Self.other))
        // No query: InvalidParams, not a crash.
        #expect(g.request("workspace/symbol", [:]) == nil)
    }

    @Test func signatureHelpInFieldAndDirectiveArguments() throws {
        let (g, _) = try harness()
        let capabilities = g.initializeResult?["capabilities"]?["signatureHelpProvider"]
        #expect(capabilities?["triggerCharacters"] == ["(", ",", ":"])
        func help(_ needle: String, offset: Int, occurrence: Int = 1) -> JSONValue? {
            let p = position(of: needle, in: Self.view, occurrence: occurrence, offset: offset)
            return g.at("textDocument/signatureHelp", "Sources/View.swift", line: p.line, character: p.character)
        }
        let value = try #require(help("order: ", offset: 7))
        let signature = try #require(value["signatures"]?[0])
        #expect(signature["label"] == "episodes(first: Int, order: Order = ASC): [Episode!]")
        // This client takes no label offsets: each parameter's text.
        #expect(signature["parameters"] == [["label": "first: Int"], ["label": "order: Order = ASC"]])
        #expect(value["activeParameter"] == 1)
        #expect(value["activeSignature"] == 0)
        // Right after `(`: the first argument not given.
        #expect(help("episodes(", offset: 9)?["activeParameter"] == 0)
        // Inside an input object of an argument: that argument.
        let filter = try #require(help("{status: ", offset: 9))
        #expect(filter["signatures"]?[0]?["label"] == "characters(filter: CharacterFilter, page: Int): [Character]")
        #expect(filter["activeParameter"] == 0)
        // A directive, with its description.
        let tag = try #require(help("tag(", offset: 4))
        #expect(tag["signatures"]?[0]?["label"] == "@tag(name: String!)")
        #expect(tag["signatures"]?[0]?["documentation"] == "Marks a selection for tooling.")
        #expect(tag["activeParameter"] == 0)
        // Outside argument lists: nothing.
        #expect(help("status", offset: 2) == .null)
        #expect(help("title", offset: 2) == .null)
    }
}

@Suite struct ArgumentSignatureTests {
    func signature(_ text: String) throws -> ArgumentSignature? {
        let project = try TestProject()
        let g = GraphQLHarness(project)
        let schema = try #require(g.workspace.state.projects.first?.schema)
        return ArgumentSignature.at(text.utf8.count, in: Source(name: "q.graphql", text: text), schema: schema)
    }

    @Test func parametersAreOffsetsIntoTheLabelAndTheActiveOneFollowsTheCursor() throws {
        let episodes = try #require(try signature(#"query { character(id: "1") { episodes(first: 2, "#))
        #expect(episodes.label == "episodes(first: Int, order: Order = ASC): [Episode!]")
        #expect(episodes.parameters.map { [$0.labelOffsets.start, $0.labelOffsets.end] } == [[9, 19], [21, 39]])
        // After `first: 2,`: the next argument not given.
        #expect(episodes.activeParameter == 1)
        #expect(try signature(#"query { character(id: "1") { episodes(first: "#)?.activeParameter == 0)
        #expect(try signature(#"query { character(id: "1") { episodes(ord"#)?.activeParameter == 1)
        // The required argument first.
        let character = try #require(try signature("query { character("))
        #expect(character.label == "character(id: ID!): Character")
        #expect(character.activeParameter == 0)
        // A list value and an input object keep their argument active.
        #expect(try signature("query { characters(page: 1, filter: {name: ")?.activeParameter == 0)
        #expect(try signature("query { characters(filter: {name: \"a\"}, page: ")?.activeParameter == 1)
        // Variable definitions, selections and unknown fields: none.
        #expect(try signature("query Q($a: ") == nil)
        #expect(try signature("query { character(id: 1) { ") == nil)
        #expect(try signature("query { unknown(") == nil)
    }
}

extension JSONValue {
    /// This location with another range.
    func replacingRange(_ range: JSONValue) -> JSONValue {
        guard var object = objectValue else { return self }
        object["range"] = range
        return .object(object)
    }
}
