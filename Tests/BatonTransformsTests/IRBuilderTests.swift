import BatonDiagnostics
import BatonIR
import BatonSchema
import BatonSyntax
import Testing

/// The typed IR built from the syntax tree and the schema.
@Suite struct IRBuilderTests {
    let schema = Fixtures.compiler.schema

    func build(_ text: String) -> (IRProgram, [Diagnostic]) {
        let document = Parser.parse(Source(name: "d.graphql", text: text)).document
        return IRBuilder.build([document], schema: schema)
    }

    @Test func fieldsKnowTheirDefinitionParentAndArgumentTypes() throws {
        let (program, diagnostics) = build("query Q($id: ID!) { character(id: $id) { name notes(first: 2) { totalCount } isPinned } }")
        #expect(diagnostics.isEmpty)
        let operation = try #require(program.operation(named: "Q"))
        #expect(operation.variableDefinitions.map { schema.text(of: $0.type) } == ["ID!"])
        let character = try #require(operation.selections.first?.field)
        #expect(schema[character.parentType].name == "Query")
        #expect(schema.text(of: character.definition.type) == "Character")
        #expect(character.arguments.map { $0.type.map(schema.text(of:)) } == ["ID!"])
        let children = try #require(character.selections)
        #expect(children.compactMap(\.field).map(\.name) == ["name", "notes", "isPinned"])
        #expect(children.compactMap(\.field).map(\.isClientExtension) == [false, false, true])
        #expect(children[1].field?.arguments.first?.value == .int("2"))
        #expect(children[1].field?.isLinked == true && children[0].field?.isLinked == false)
    }

    @Test func conditionsWrapTheirNodeFirstWrittenOutermost() throws {
        let (program, _) = build("query Q($a: Boolean!, $b: Boolean!) { tokenizer @include(if: $a) @skip(if: $b) { id } }")
        guard case .condition(let outer)? = program.operation(named: "Q")?.selections.first,
            case .condition(let inner)? = outer.selections.first
        else {
            Issue.record("expected two conditions")
            return
        }
        #expect(outer.value == .variable("a") && outer.passingValue)
        #expect(inner.value == .variable("b") && !inner.passingValue)
        #expect(inner.selections.first?.field?.name == "tokenizer")
        #expect(inner.selections.first?.field?.directives.isEmpty == true)
    }

    @Test func fragmentArgumentsAndGlobalVariables() throws {
        let (program, diagnostics) = build(
            """
            fragment F on Character @argumentDefinitions(count: {type: "Int", defaultValue: 2}, ids: {type: "[ID!]!"}) @inline {
              notes(first: $count, after: $cursor) { totalCount }
            }
            query Q($c: String) { character(id: 1) { ...F @arguments(count: 3, ids: ["1"]) @alias(as: "f") } }
            """)
        #expect(diagnostics.isEmpty)
        let fragment = try #require(program.fragment(named: "F"))
        #expect(fragment.argumentDefinitions.map(\.name) == ["count", "ids"])
        #expect(fragment.argumentDefinitions.map { schema.text(of: $0.type) } == ["Int", "[ID!]!"])
        #expect(fragment.argumentDefinitions.first?.defaultValue == .int("2"))
        #expect(fragment.usedGlobalVariables.map(\.name) == ["cursor"])
        #expect(fragment.usedGlobalVariables.map { schema.text(of: $0.type) } == ["String"])
        #expect(fragment.directives.map(\.name) == ["inline"])
        guard case .fragmentSpread(let spread)? = program.operation(named: "Q")?.selections.first?.field?.selections?.first else {
            Issue.record("expected the spread")
            return
        }
        #expect(spread.arguments.map(\.name) == ["count", "ids"])
        #expect(spread.arguments.map { $0.type.map(schema.text(of:)) } == ["Int", "[ID!]!"])
        #expect(spread.directives.map(\.name) == ["alias"])
    }

    @Test func inlineFragmentsKeepTheirTypeAndParent() throws {
        let (program, _) = build("query Q { search(name: \"x\") { ... on Character { name } ... { __typename } } }")
        let search = try #require(program.operation(named: "Q")?.selections.first?.field)
        guard case .inlineFragment(let typed)? = search.selections?.first, case .inlineFragment(let untyped)? = search.selections?.last
        else {
            Issue.record("expected two inline fragments")
            return
        }
        #expect(typed.typeCondition.map { schema[$0].name } == "Character")
        #expect(schema[typed.parentType].name == "SearchResult")
        #expect(untyped.typeCondition == nil)
        #expect(untyped.selections.first?.field?.definition.name == "__typename")
    }

    @Test func typeTextParses() {
        #expect(TypeText.parse("[ID!]!")?.text == "[ID!]!")
        #expect(TypeText.parse(" Int ")?.text == "Int")
        #expect(TypeText.parse("[Int") == nil)
        #expect(TypeText.parse("Int!!") == nil)
        #expect(TypeText.parse("") == nil)
        #expect(TypeText.parse("1Int") == nil)
    }
}
