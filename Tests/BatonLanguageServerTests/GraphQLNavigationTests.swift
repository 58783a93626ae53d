import BatonJSON
import Foundation
import Testing

@testable import BatonGraphQLFeatures
@testable import BatonLanguageServer

/// Line and UTF-16 column of the `occurrence`th appearance of `needle` in `text` (plus `offset` characters).
func position(of needle: String, in text: String, occurrence: Int = 1, offset: Int = 0) -> (line: Int, character: Int) {
    var searchStart = text.startIndex
    var found = text.startIndex
    for _ in 0..<occurrence {
        let r = text.range(of: needle, range: searchStart..<text.endIndex)!
        found = r.lowerBound
        searchStart = r.upperBound
    }
    let before = text[..<found].components(separatedBy: "\n")
    return (before.count - 1, before.last!.utf16.count + offset)
}

func span(of needle: String, in text: String, occurrence: Int = 1) -> JSONValue {
    let p = position(of: needle, in: text, occurrence: occurrence)
    return range(p.line, p.character, p.line, p.character + needle.utf16.count)
}

@Suite struct GraphQLNavigationTests {
    static let header = """
        import Baton

        struct CharacterHeader {
            @Fragment(\"\"\"
            fragment CharacterHeader_character on Character {
              name
              origin { name }
              nickname
              ...CharacterOrigin_character @tag(name: "x")
            }
            \"\"\") var character: CharacterHeader_character
        }

        struct Screen {
            @Query(#"query Screen { character(id: "1") { ...CharacterHeader_character episodes(order: DESC) { title } } }"#) var screen: Screen
        }

        """
    static let fragments = "fragment CharacterOrigin_character on Character { origin { name } }\n"

    func harness() throws -> (GraphQLHarness, TestProject) {
        let project = try TestProject(files: ["Fragments.graphql": Self.fragments])
        let g = GraphQLHarness(project)
        g.open("Header.swift", Self.header)
        g.settle()
        return (g, project)
    }

    func hover(_ g: GraphQLHarness, _ needle: String, occurrence: Int = 1) -> JSONValue? {
        let p = position(of: needle, in: Self.header, occurrence: occurrence, offset: 1)
        return g.at("textDocument/hover", "Header.swift", line: p.line, character: p.character)
    }

    @Test func hoverShowsTypeDescriptionDeprecationAndTheLensAccessor() throws {
        let (g, _) = try harness()
        let name = try #require(hover(g, "name"))
        #expect(name["range"] == span(of: "name", in: Self.header))
        #expect(name["contents"]?["kind"] == "markdown")
        #expect(
            name["contents"]?["value"] == """
                ```graphql
                Character.name: String
                ```

                The character's full name.

                ```swift
                var name: String?
                ```
                """)
        let origin = try #require(hover(g, "origin")?["contents"]?["value"]?.stringValue)
        // The nested lens, spelled through the fragment's lens as the generated file declares it.
        #expect(origin.hasSuffix("```swift\nvar origin: CharacterHeader_character.Origin?\n```"))
        let nickname = try #require(hover(g, "nickname")?["contents"]?["value"]?.stringValue)
        #expect(nickname.contains("**Deprecated**: Use name."))
        let spread = try #require(hover(g, "CharacterOrigin_character")?["contents"]?["value"]?.stringValue)
        #expect(spread.hasPrefix("```graphql\nfragment CharacterOrigin_character on Character\n```"))
        #expect(spread.hasSuffix("```swift\nvar characterOrigin: CharacterOrigin_character\n```"))
        // Nested and operation selections: the member of the nested lens, qualified.
        let nested = try #require(hover(g, "name", occurrence: 2)?["contents"]?["value"]?.stringValue)
        #expect(nested == "```graphql\nLocation.name: String\n```\n\n```swift\nvar name: String?\n```")
        let operationField = try #require(hover(g, "character(")?["contents"]?["value"]?.stringValue)
        #expect(operationField.hasSuffix("```swift\nvar character: Screen.Data.Character_?\n```"))
        let directive = try #require(hover(g, "tag")?["contents"]?["value"]?.stringValue)
        #expect(directive == "```graphql\n@tag(name: String!)\n```\n\nMarks a selection for tooling.")
        let argument = try #require(hover(g, "order")?["contents"]?["value"]?.stringValue)
        #expect(argument == "```graphql\norder: Order\n```")
        let enumValue = try #require(hover(g, "DESC")?["contents"]?["value"]?.stringValue)
        #expect(enumValue == "```graphql\nOrder.DESC\n```")
        let type = try #require(hover(g, "Character {")?["contents"]?["value"]?.stringValue)
        #expect(type == "```graphql\ntype Character\n```\n\nA character of the show.")
        // Swift outside the literals: nothing.
        #expect(hover(g, "struct") == .null)
    }

    @Test func definitionOfSpreadsFieldsTypesAndDirectives() throws {
        let (g, project) = try harness()
        func definition(_ needle: String, occurrence: Int = 1) -> JSONValue? {
            let p = position(of: needle, in: Self.header, occurrence: occurrence, offset: 1)
            return g.at("textDocument/definition", "Header.swift", line: p.line, character: p.character)
        }
        #expect(
            definition("CharacterOrigin_character") == [
                "uri": .string(project.uri("Fragments.graphql")),
                "range": span(of: "CharacterOrigin_character", in: Self.fragments),
            ])
        // A fragment declared in the same file, in another literal.
        #expect(
            definition("CharacterHeader_character", occurrence: 3) == [
                "uri": .string(project.uri("Header.swift")), "range": span(of: "CharacterHeader_character", in: Self.header),
            ])
        let schema = TestProject.schema
        #expect(definition("name")?["uri"] == .string(project.uri("schema.graphql")))
        let name = position(of: "name: String", in: schema)
        #expect(definition("name")?["range"] == range(name.line, name.character, name.line, name.character + 4))
        let type = position(of: "type Character", in: schema, offset: 5)
        #expect(definition("Character {")?["range"] == range(type.line, type.character, type.line, type.character + 9))
        #expect(definition("tag")?["range"] == span(of: "tag", in: schema))
    }

    @Test func referencesOfAFragmentAcrossFiles() throws {
        let (g, project) = try harness()
        try project.write("Other.graphql", "query O { character(id: 1) { ...CharacterOrigin_character } }\n")
        g.h.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(project.uri("Other.graphql")), "type": 1]]])
        let p = position(of: "CharacterOrigin_character", in: Self.fragments, offset: 2)
        // A file that is not open is refused (InvalidParams).
        #expect(g.at("textDocument/references", "Fragments.graphql", line: p.line, character: p.character) == nil)
        g.open("Fragments.graphql", Self.fragments)
        let references = try #require(
            g.at(
                "textDocument/references", "Fragments.graphql", line: p.line, character: p.character,
                extra: ["context": ["includeDeclaration": true]])?.arrayValue)
        #expect(
            Set(references.map { "\($0["uri"]!.stringValue!) \($0["range"]!)" }) == [
                "\(project.uri("Fragments.graphql")) \(span(of: "CharacterOrigin_character", in: Self.fragments))",
                "\(project.uri("Header.swift")) \(span(of: "CharacterOrigin_character", in: Self.header))",
                "\(project.uri("Other.graphql")) \(range(0, 32, 0, 57))",
            ])
    }

    @Test func documentSymbolsInSwiftCoordinates() throws {
        let (g, project) = try harness()
        let symbols = try #require(
            g.request("textDocument/documentSymbol", ["textDocument": ["uri": .string(project.uri("Header.swift"))]])?.arrayValue)
        #expect(symbols.map { $0["name"] } == ["CharacterHeader_character", "Screen"])
        #expect(symbols.map { $0["kind"] } == [5, 12])
        #expect(symbols.first?["selectionRange"] == span(of: "CharacterHeader_character", in: Self.header))
        #expect(symbols.last?["selectionRange"] == span(of: "Screen", in: Self.header, occurrence: 2))
    }
}
