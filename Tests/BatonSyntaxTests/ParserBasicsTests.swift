import BatonDiagnostics
import Foundation
import Testing

@testable import BatonSyntax

@Suite struct ParserBasicsTests {
    @Test func parsesAnOperationWithFragments() throws {
        let source = Source(
            name: "q.graphql",
            text: """
                query Q($id: ID!, $n: Int = 2) @live {
                  character(id: $id) { ...Row_character, alias: id @include(if: true) }
                }
                fragment Row_character on Character { name }
                """)
        let result = Parser.parse(source)
        #expect(result.diagnostics.isEmpty)
        let operation = try #require(result.document.operations.first)
        #expect(operation.operation == .query)
        #expect(operation.name?.value == "Q")
        #expect(operation.variableDefinitions.map(\.variable.value) == ["id", "n"])
        #expect(operation.variableDefinitions[0].type.text == "ID!")
        #expect(source.slice(operation.variableDefinitions[0].variable.range) == "$id")
        #expect(operation.directives.map(\.name.value) == ["live"])
        guard case .field(let character) = operation.selectionSet.selections.first else {
            Issue.record("expected a field")
            return
        }
        #expect(character.arguments.first?.value.variableName == "id")
        let inner = try #require(character.selectionSet).selections
        #expect(inner.count == 2)
        guard case .fragmentSpread(let spread) = inner[0], case .field(let aliased) = inner[1] else {
            Issue.record("expected a spread and a field")
            return
        }
        #expect(spread.name.value == "Row_character")
        #expect(aliased.alias?.value == "alias")
        #expect(aliased.responseKey == "alias")
        #expect(source.slice(aliased.range) == "alias: id @include(if: true)")
        let fragment = try #require(result.document.fragments.first)
        #expect(fragment.typeCondition.value == "Character")
        #expect(source.slice(fragment.range) == "fragment Row_character on Character { name }")
    }

    @Test func reportsTheFirstSyntaxError() throws {
        let source = Source(name: "bad.graphql", text: "{ a }\n{ b(x: ) }")
        let result = Parser.parse(source)
        #expect(result.document.definitions.count == 1)
        let diagnostic = try #require(result.diagnostics.first)
        #expect(result.diagnostics.count == 1)
        #expect(diagnostic.code == .syntax)
        #expect(diagnostic.message == "Syntax Error: Unexpected ')'.")
        #expect(diagnostic.primaryLocation?.start.description == "2:8")
    }
}

@Suite struct SchemaFixtureTests {
    static let schemas = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("spec/schemas")

    @Test(arguments: ["github.schema.graphql", "rick-and-morty.schema.graphql"])
    func parsesPublishedSchemas(file: String) throws {
        let text = try String(contentsOf: Self.schemas.appendingPathComponent(file), encoding: .utf8)
        let result = Parser.parse(Source(name: file, text: text))
        #expect(result.diagnostics.map(\.message) == [])
        #expect(result.document.definitions.count > 10)
    }
}
