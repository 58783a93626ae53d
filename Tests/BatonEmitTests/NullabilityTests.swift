import BatonCompiler
import BatonEmit
import BatonIR
import Testing

/// Accessor declarations follow the schema: nullable → optional, lists per level, mapped scalars
/// optional, a field under `@include` optional.
@Suite struct NullabilityTests {
    @Test func accessorsFollowTheSchema() throws {
        let target = try TemporaryTarget(files: [
            "Sources/App/Row.graphql": """
            fragment Row_character on Character @argumentDefinitions(withTags: {type: "Boolean", defaultValue: false}) {
              name species tags codes status price origin { name } friends { id }
              tags2: tags @include(if: $withTags)
            }
            query RowQuery { character(id: "1") { ...Row_character } }
            """
        ])
        defer { target.remove() }
        let compiled = TargetCompilation.compile(target.request(["Sources/App/Row.graphql"]))
        #expect(!compiled.hasErrors, "\(compiled.diagnostics.map { $0.rendered() })")
        let program = try #require(compiled.transforms?.program)
        func declaration(_ key: String) -> String? {
            LensNaming.accessorDeclaration(
                responseKey: key, fragment: "Row_character", program: program,
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
        let target = try TemporaryTarget(files: [
            "Sources/App/Errors.graphql": """
            fragment Errors_character on Character {
              name @required(action: THROW) species @catch status @catch(to: NULL) tags @required(action: LOG)
            }
            fragment Holder_character on Character { ...Errors_character }
            query ErrorsQuery { character(id: "1") { ...Holder_character } }
            """
        ])
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

    @Test func requiredFieldsUnderAConditionReadOptional() throws {
        let target = try TemporaryTarget(files: [
            "Sources/App/Guarded.graphql": """
            fragment Guarded_character on Character @argumentDefinitions(with: {type: "Boolean", defaultValue: false}) {
              name @include(if: $with) @required(action: LOG)
              tags @skip(if: $with) @required(action: NONE)
              origin @include(if: $with) @required(action: NONE) { name }
              friends @include(if: $with) @required(action: NONE) { id }
              price @include(if: $with) @required(action: LOG)
              status @required(action: NONE)
            }
            query GuardedQuery { character(id: "1") { ...Guarded_character } }
            """
        ])
        defer { target.remove() }
        let compiled = TargetCompilation.compile(target.request(["Sources/App/Guarded.graphql"]))
        #expect(!compiled.hasErrors, "\(compiled.diagnostics.map { $0.rendered() })")
        let program = try #require(compiled.transforms?.program)
        func declaration(_ key: String) -> String? {
            LensNaming.accessorDeclaration(
                responseKey: key, fragment: "Guarded_character", program: program,
                customScalars: ["Decimal": "Foundation.Decimal"])
        }
        // A field the condition leaves out is absent, not null: optional, and checked only when selected.
        #expect(declaration("name") == "var name: String?")
        #expect(declaration("tags") == "var tags: [String?]?")
        #expect(declaration("origin") == "var origin: Guarded_character.Origin?")
        #expect(declaration("friends") == "var friends: Baton.List<Guarded_character.Friends>?")
        #expect(declaration("price") == "var price: Foundation.Decimal?")
        #expect(declaration("status") == "var status: Status")
        let output = try #require(
            GenerateCommand.compute(target.options(["Sources/App/Guarded.graphql"])).outputs
                .first { $0.key.hasSuffix("Guarded.graphql.baton.swift") }?.value)
        #expect(output.contains(#"Baton.Requirement(Slots.Character.name, path: "name", logged: true, when: [[Guards.include_with]])"#))
    }

    @Test func thrownFieldsUnderAConditionOrDeferredReadOptional() throws {
        let target = try TemporaryTarget(files: [
            "Sources/App/Thrown.graphql": """
            fragment Thrown_character on Character @argumentDefinitions(with: {type: "Boolean", defaultValue: false}) {
              name @include(if: $with) @required(action: THROW)
              origin @skip(if: $with) @required(action: THROW) { name }
              friends @required(action: THROW) { id }
              ... @defer(label: "later") { status @required(action: THROW) tags @required(action: LOG) }
            }
            query ThrownQuery { character(id: "1") { ...Thrown_character } }
            """
        ])
        defer { target.remove() }
        let compiled = TargetCompilation.compile(target.request(["Sources/App/Thrown.graphql"]))
        #expect(!compiled.hasErrors, "\(compiled.diagnostics.map { $0.rendered() })")
        let program = try #require(compiled.transforms?.program)
        func declaration(_ key: String) -> String? {
            LensNaming.accessorDeclaration(responseKey: key, fragment: "Thrown_character", program: program)
        }
        // Left out by the condition, or not arrived yet: absent, so optional; selected and null, it throws.
        #expect(declaration("name") == "var name: String?")
        #expect(declaration("origin") == "var origin: Thrown_character.Origin?")
        #expect(declaration("friends") == "var friends: Baton.List<Thrown_character.Friends>")
        #expect(declaration("status") == "var status: Status?")
        let output = try #require(
            GenerateCommand.compute(target.options(["Sources/App/Thrown.graphql"])).outputs
                .first { $0.key.hasSuffix("Thrown.graphql.baton.swift") }?.value)
        #expect(output.contains("try anchor.selected([[Guards.include_with]]) { try anchor.required(Slots.Character.name) }"))
        #expect(output.contains("try anchor.selected(arrived: Slots.Character.status) { try anchor.required(Slots.Character.status) }"))
        // A deferred NONE/LOG field is checked once its part has arrived.
        #expect(output.contains(#"Baton.Requirement(Slots.Character.tags, path: "tags", logged: true, deferred: true)"#))
    }

    @Test func aliasedInlineFragmentsGetAnAccessor() throws {
        let target = try TemporaryTarget(files: [
            "Sources/App/Alias.graphql": """
            fragment Alias_character on Character {
              ... @alias(as: "summary") { name status }
              origin { ... on Node @alias(as: "node") { id } }
            }
            query AliasQuery { search(name: "x") { ... on Character @alias(as: "person") { ...Alias_character } } }
            """
        ])
        defer { target.remove() }
        let compiled = TargetCompilation.compile(target.request(["Sources/App/Alias.graphql"]))
        #expect(!compiled.hasErrors, "\(compiled.diagnostics.map { $0.rendered() })")
        let program = try #require(compiled.transforms?.program)
        #expect(
            LensNaming.accessorDeclaration(responseKey: "summary", fragment: "Alias_character", program: program)
                == "var summary: Alias_character.Summary")
        let result = GenerateCommand.compute(target.options(["Sources/App/Alias.graphql"]))
        let output = try #require(result.outputs[target.directory + "/Generated/Sources_App_Alias.graphql.baton.swift"])
        #expect(output.contains("@MainActor var person: AliasQuery.Data.Search.Person? { anchor.asType(Types.Character) }"))
        #expect(output.contains("@MainActor var node: Alias_character.Origin.Node { .init(anchor: anchor) }"))
    }

    /// A lens accessor as generated: its declaration as its owner declares it, `throws` when its
    /// getter throws.
    static func shape(_ key: String, in root: LensLookup.Root, program: IRProgram) -> String? {
        let scalars = ["Decimal": "Foundation.Decimal"]
        guard let lens = LensLookup.lens(of: root, program: program, customScalars: scalars),
            let accessor = lens.accessors.first(where: { $0.name == key })
        else { return nil }
        return LensLookup.owner(of: root, program: program).declaration(of: accessor) + (accessor.throwing ? " throws" : "")
    }

    @Test func mappedScalarsUnderErrorRulesKeepTheirTypeAndTheRule() throws {
        let target = try TemporaryTarget(files: [
            "Sources/App/Prices.graphql": """
            fragment Prices_character on Character {
              thrown: price @required(action: THROW) plain: price
              caught: price @catch nulled: price @catch(to: NULL)
              list: prices @required(action: THROW) caughtList: prices @catch nulledList: prices @catch(to: NULL)
            }
            fragment Logged_character on Character { price @required(action: LOG) }
            fragment ThrowingPrices_character on Character @throwOnFieldError { price prices }
            query PricesQuery { character(id: "1") { ...Prices_character ...Logged_character ...ThrowingPrices_character } }
            """
        ])
        defer { target.remove() }
        let compiled = TargetCompilation.compile(target.request(["Sources/App/Prices.graphql"]))
        #expect(!compiled.hasErrors, "\(compiled.diagnostics.map { $0.rendered() })")
        let program = try #require(compiled.transforms?.program)
        func shape(_ key: String, in fragment: String = "Prices_character") -> String? {
            Self.shape(key, in: .fragment(fragment), program: program)
        }
        #expect(shape("plain") == "var plain: Foundation.Decimal?")
        #expect(shape("thrown") == "var thrown: Foundation.Decimal throws")
        #expect(shape("caught") == "var caught: Result<Foundation.Decimal?, Baton.FieldErrors>")
        #expect(shape("nulled") == "var nulled: Foundation.Decimal?")
        #expect(shape("list") == "var list: [Foundation.Decimal] throws")
        #expect(shape("caughtList") == "var caughtList: Result<[Foundation.Decimal?]?, Baton.FieldErrors>")
        #expect(shape("nulledList") == "var nulledList: [Foundation.Decimal?]?")
        // LOG: non-optional and throwing (a text that does not convert), and a null bubbles.
        #expect(shape("price", in: "Logged_character") == "var price: Foundation.Decimal throws")
        let data = try #require(LensLookup.lens(of: .operation("PricesQuery"), program: program, customScalars: [:]))
        let character = try #require(data.accessors.first?.nested?.accessors)
        #expect(character.first { $0.name == "logged" }?.swiftType == "Logged_character?")
        #expect(character.first { $0.name == "prices" }?.swiftType == "Prices_character")
        // `@throwOnFieldError`: the schema's nullability, and the read throws.
        #expect(shape("price", in: "ThrowingPrices_character") == "var price: Foundation.Decimal? throws")
        #expect(shape("prices", in: "ThrowingPrices_character") == "var prices: [Foundation.Decimal]? throws")
    }

    @Test func caughtAliasedInlineFragmentsReadAResult() throws {
        let target = try TemporaryTarget(files: [
            "Sources/App/Caught.graphql": """
            fragment Caught_character on Character {
              ... on Character @alias(as: "asHuman") @catch { name }
              ... @alias(as: "summary") @catch(to: NULL) { ...Header_character }
              ... on Character @alias @catch { species }
            }
            fragment Header_character on Character { name origin { name } }
            query CaughtQuery { search(name: "x") { ... on Character @alias(as: "person") @catch { name } } }
            """
        ])
        defer { target.remove() }
        let compiled = TargetCompilation.compile(target.request(["Sources/App/Caught.graphql"]))
        #expect(!compiled.hasErrors, "\(compiled.diagnostics.map { $0.rendered() })")
        let program = try #require(compiled.transforms?.program)
        func shape(_ key: String) -> String? { Self.shape(key, in: .fragment("Caught_character"), program: program) }
        #expect(shape("asHuman") == "var asHuman: Result<Caught_character.AsHuman, Baton.FieldErrors>")
        #expect(shape("summary") == "var summary: Caught_character.Summary?")
        #expect(shape("character") == "var character: Result<Caught_character.Character_, Baton.FieldErrors>")
        let data = try #require(LensLookup.lens(of: .operation("CaughtQuery"), program: program, customScalars: [:]))
        let search = try #require(data.accessors.first)
        let person = try #require(search.nested?.accessors.first)
        let owner = try #require(LensLookup.owner(of: .operation("CaughtQuery"), program: program).nested(under: search))
        #expect(owner.swiftType(of: person) == "Result<CaughtQuery.Data.Search.Person?, Baton.FieldErrors>")
        // The generated file: the nested lens weighs the spread's fields and links too.
        let result = GenerateCommand.compute(target.options(["Sources/App/Caught.graphql"]))
        let output = try #require(result.outputs[target.directory + "/Generated/Sources_App_Caught.graphql.baton.swift"])
        #expect(output.contains("{ anchor.nullOnError(lens: .init(anchor: anchor)) }"))
        #expect(output.contains("{ anchor.caught(narrowed: anchor.asType(Types.Character)) }"))
        #expect(
            output.contains(
                """
                static let errorScope = Baton.ErrorScope([], spreads: [.init(Baton.ErrorScope([Slots.Character.name], \
                links: [.init(Slots.Character.origin, Baton.ErrorScope([Slots.Location.name]))]))])
                """))
    }
}
