import BatonJSON
import Foundation
import Testing

@testable import BatonGraphQLFeatures
@testable import BatonLanguageServer

/// A text with `‸` where the cursor is: the text without it and the cursor's line and UTF-16 column.
func cursor(_ marked: String) -> (text: String, line: Int, character: Int) {
    let parts = marked.components(separatedBy: "‸")
    precondition(parts.count == 2, "one cursor mark")
    let before = parts[0].components(separatedBy: "\n")
    return (parts.joined(), before.count - 1, before.last!.utf16.count)
}

@Suite struct GraphQLCompletionTests {
    static let fragments = """
        fragment CharacterOrigin_character on Character { origin { name } }
        fragment LocationName on Location { name }
        fragment NodeID on Node { id }
        """

    /// Completion items at the cursor of `marked`, opened as `name` in a fresh project.
    func complete(_ marked: String, in name: String = "Doc.graphql", encodings: [String]? = nil) throws -> [JSONValue] {
        let project = try TestProject(files: ["Fragments.graphql": Self.fragments])
        let g = GraphQLHarness(project, encodings: encodings)
        let (text, line, character) = cursor(marked)
        g.open(name, text)
        return g.at("textDocument/completion", name, line: line, character: character)?.arrayValue ?? []
    }

    func labels(_ items: [JSONValue]) -> Set<String> { Set(items.compactMap { $0["label"]?.stringValue }) }

    @Test func fieldsInAHalfTypedSwiftMultiLineLiteral() throws {
        let items = try complete(
            """
            struct V {
                @Fragment(\"\"\"
                fragment F on Character {
                  na‸
                \"\"\") var f: F
            }
            """, in: "V.swift")
        #expect(labels(items) == ["id", "name", "status", "origin", "episodes", "nickname", "__typename"])
        let name = try #require(items.first { $0["label"] == "name" })
        #expect(name["kind"] == 5)
        #expect(name["detail"] == "String")
        #expect(name["documentation"]?["value"] == "The character's full name.")
        #expect(name["textEdit"]?["range"] == range(3, 6, 3, 8))
        #expect(name["deprecated"] == nil)
        let nickname = try #require(items.first { $0["label"] == "nickname" })
        #expect(nickname["deprecated"] == true)
        #expect(nickname["tags"] == [1])
        #expect(nickname["documentation"]?["value"] == "Deprecated: Use name.")
        #expect(items.first { $0["label"] == "episodes" }?["detail"] == "[Episode!]")
    }

    @Test func fieldsInSwiftLiteralsNotClosedYet() throws {
        let multiLine = try complete("struct V {\n    @Fragment(\"\"\"\n    fragment F on Character {\n      st‸\n}\n", in: "V.swift")
        #expect(labels(multiLine).contains("status"))
        #expect(multiLine.first?["textEdit"]?["range"] == range(3, 6, 3, 8))
        let marked = "struct V {\n    @Query(#\"query { character(id: \"1\") { o‸\n}\n"
        let single = try complete(marked, in: "V.swift")
        #expect(labels(single).contains("origin"))
        let (_, line, character) = cursor(marked)
        #expect(single.first?["textEdit"]?["range"] == range(line, character - 1, line, character))
    }

    @Test func fieldsInSingleLineAndRawLiterals() throws {
        let single = try complete("struct Q {\n    @Query(\"query Q { character(id: \\\"é\\\") { ‸ } }\") var q: Q\n}\n", in: "Q.swift")
        #expect(labels(single).contains("status"))
        let (_, line, character) = cursor("struct Q {\n    @Query(\"query Q { character(id: \\\"é\\\") { ‸ } }\") var q: Q\n}\n")
        #expect(single.first?["textEdit"]?["range"] == range(line, character, line, character))
        let raw = try complete("struct Q {\n    @Query(#\"query Q { node(id: \"1\") { i‸ } }\"#) var q: Q\n}\n", in: "Q.swift")
        #expect(labels(raw) == ["id", "__typename"])  // an interface: its own fields only
        // UTF-8 columns: the edit range counts bytes of "é".
        let marked = "struct Q {\n    @Query(\"query Q { character(id: \\\"é\\\") { st‸ } }\") var q: Q\n}\n"
        let utf8 = try complete(marked, in: "Q.swift", encodings: ["utf-8"])
        let (_, l, c) = cursor(marked)
        #expect(utf8.first { $0["label"] == "status" }?["textEdit"]?["range"] == range(l, c - 2 + 1, l, c + 1))
    }

    @Test func argumentsAndTheirValues() throws {
        #expect(labels(try complete("query { characters(‸) }")) == ["filter", "page"])
        #expect(labels(try complete("query { characters(page: 1, ‸) }")) == ["filter"])
        #expect(labels(try complete("query { character(id: 1) { episodes(order: ‸) { id } } }")) == ["ASC", "DESC"])
        #expect(labels(try complete("query { characters(filter: {‸}) { id } }")) == ["name", "status"])
        #expect(labels(try complete("query { characters(filter: {name: \"x\", ‸}) { id } }")) == ["status"])
    }

    @Test func variablesOfAMatchingType() throws {
        let header = "query Q($s: Status, $n: Int, $f: CharacterFilter!) { "
        #expect(labels(try complete(header + "characters(filter: {status: ‸}) { id } }")) == ["ALIVE", "DEAD", "UNKNOWN", "$s"])
        #expect(labels(try complete(header + "characters(page: $‸) { id } }")) == ["n"])
        #expect(labels(try complete(header + "characters(filter: $‸")) == ["f"])
    }

    @Test func directivesValidAtThePosition() throws {
        // The schema has the specification's directives, the test schema's @tag and Baton's.
        let onField = labels(try complete("query { character(id: 1) { name @‸ } }"))
        #expect(onField.isSuperset(of: ["include", "skip", "tag", "required", "catch"]))
        #expect(onField.isDisjoint(with: ["defer", "arguments", "deprecated", "specifiedBy", "oneOf"]))
        let onQuery = labels(try complete("query Q @‸ { character(id: 1) { name } }"))
        #expect(onQuery.isDisjoint(with: ["include", "skip", "tag", "required", "defer"]))
        let items = try complete("query { character(id: 1) { ...NodeID @‸ } }")
        #expect(labels(items).isSuperset(of: ["include", "skip", "tag", "defer", "arguments"]))
        #expect(labels(items).isDisjoint(with: ["required", "catch", "connection", "deprecated"]))
        #expect(items.first { $0["label"] == "tag" }?["detail"] == "@tag(name: String!)")
        #expect(items.first { $0["label"] == "tag" }?["documentation"]?["value"] == "Marks a selection for tooling.")
        #expect(labels(try complete("query { character(id: 1) { name @tag(‸) } }")) == ["name"])
        let onFragment = labels(try complete("fragment F on Character @‸ { id }"))
        #expect(onFragment.contains("argumentDefinitions") && onFragment.isDisjoint(with: ["include", "tag", "arguments"]))
        let onVariable = labels(try complete("query Q($x: Int @‸) { node(id: 1) { id } }"))
        #expect(onVariable.isDisjoint(with: ["include", "tag", "argumentDefinitions", "arguments"]))
    }

    @Test func fragmentSpreadsOfACompatibleType() throws {
        let items = try complete("query { character(id: 1) { ...‸ } }")
        #expect(labels(items) == ["CharacterOrigin_character", "NodeID", "on"])
        #expect(items.first { $0["label"] == "NodeID" }?["detail"] == "on Node")
        #expect(labels(try complete("query { node(id: 1) { ...‸ } }")) == ["CharacterOrigin_character", "LocationName", "NodeID", "on"])
    }

    @Test func typeConditions() throws {
        #expect(labels(try complete("query { node(id: 1) { ... on ‸ } }")) == ["Node", "Character", "Location", "Episode"])
        #expect(labels(try complete("fragment X on ‸")) == ["Node", "Character", "Location", "Episode", "Query"])
        let variableTypes = labels(try complete("query Q($x: ‸"))
        #expect(variableTypes.contains("CharacterFilter") && variableTypes.contains("Status") && variableTypes.contains("ID"))
        #expect(!variableTypes.contains("Character"))
        #expect(labels(try complete("‸")) == ["query", "mutation", "subscription", "fragment"])
    }
}
