import BatonCompiler
import BatonEmit
import Testing

/// Accessor declarations follow the schema: nullable → optional, lists per level, mapped scalars
/// optional, a field under `@include` optional.
@Suite struct NullabilityTests {
    @Test func accessorsFollowTheSchema() throws {
        let target = try TemporaryTarget(files: ["Sources/App/Row.graphql": """
            fragment Row_character on Character @argumentDefinitions(withTags: {type: "Boolean", defaultValue: false}) {
              name species tags codes status price origin { name } friends { id }
              tags2: tags @include(if: $withTags)
            }
            query RowQuery { character(id: "1") { ...Row_character } }
            """])
        defer { target.remove() }
        let compiled = TargetCompilation.compile(target.request(["Sources/App/Row.graphql"]))
        #expect(!compiled.hasErrors, "\(compiled.diagnostics.map { $0.rendered() })")
        let program = try #require(compiled.transforms?.program)
        func declaration(_ key: String) -> String? {
            LensNaming.accessorDeclaration(responseKey: key, fragment: "Row_character", program: program,
                                           customScalars: ["Decimal": "Foundation.Decimal"])
        }
        #expect(declaration("name") == "var name: String?")
        #expect(declaration("species") == "var species: String")
        #expect(declaration("tags") == "var tags: [String?]?")
        #expect(declaration("codes") == "var codes: [String]")
        #expect(declaration("status") == "var status: Status?")
        #expect(declaration("price") == "var price: Foundation.Decimal?")
        #expect(declaration("origin") == "var origin: Row_character.Origin?")
        #expect(declaration("friends") == "var friends: Baton.List<Row_character.Friends>?")
        #expect(declaration("tags2") == "var tags2: [String?]?")
        #expect(declaration("missing") == nil)
    }

    @Test func errorDirectivesShapeTheRead() throws {
        let target = try TemporaryTarget(files: ["Sources/App/Errors.graphql": """
            fragment Errors_character on Character {
              name @required(action: THROW) species @catch status @catch(to: NULL) tags @required(action: LOG)
            }
            fragment Holder_character on Character { ...Errors_character }
            query ErrorsQuery { character(id: "1") { ...Holder_character } }
            """])
        defer { target.remove() }
        let compiled = TargetCompilation.compile(target.request(["Sources/App/Errors.graphql"]))
        #expect(!compiled.hasErrors, "\(compiled.diagnostics.map { $0.rendered() })")
        let program = try #require(compiled.transforms?.program)
        func declaration(_ key: String, in fragment: String = "Errors_character") -> String? {
            LensNaming.accessorDeclaration(responseKey: key, fragment: fragment, program: program)
        }
        #expect(declaration("name") == "var name: String")
        #expect(declaration("species") == "var species: Result<String?, Baton.FieldErrors>")
        #expect(declaration("status") == "var status: Status?")
        // A required field that may be null makes the spread optional.
        #expect(declaration("errors", in: "Holder_character") == "var errors: Errors_character?")
    }

    @Test func aliasedInlineFragmentsGetAnAccessor() throws {
        let target = try TemporaryTarget(files: ["Sources/App/Alias.graphql": """
            fragment Alias_character on Character {
              ... @alias(as: "summary") { name status }
              origin { ... on Node @alias(as: "node") { id } }
            }
            query AliasQuery { search(name: "x") { ... on Character @alias(as: "person") { ...Alias_character } } }
            """])
        defer { target.remove() }
        let compiled = TargetCompilation.compile(target.request(["Sources/App/Alias.graphql"]))
        #expect(!compiled.hasErrors, "\(compiled.diagnostics.map { $0.rendered() })")
        let program = try #require(compiled.transforms?.program)
        #expect(LensNaming.accessorDeclaration(responseKey: "summary", fragment: "Alias_character", program: program)
                == "var summary: Alias_character.Summary")
        let result = GenerateCommand.compute(target.options(["Sources/App/Alias.graphql"]))
        let output = try #require(result.outputs[target.directory + "/Generated/Sources_App_Alias.graphql.baton.swift"])
        #expect(output.contains("@MainActor var person: AliasQuery.Data.Search.Person? { anchor.asType(Types.Character) }"))
        #expect(output.contains("@MainActor var node: Alias_character.Origin.Node { .init(anchor: anchor) }"))
    }
}
