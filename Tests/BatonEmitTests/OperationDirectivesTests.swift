import BatonCompiler
import BatonDiagnostics
import Testing

/// What an operation's own directives make of its generated value: `@throwOnFieldError` a root the
/// handle weighs, `@cacheExpiration(seconds:)` the age its data keeps.
@Suite struct OperationDirectivesTests {
    @Test func throwOnFieldErrorMakesAThrowingRootWithItsErrorScope() throws {
        let (_, output) = try NestedListAccessorTests.compile(
            """
            fragment Grid_character on Character { name }
            query StrictQuery @throwOnFieldError { character(id: "1") { name origin { name } ...Grid_character } }
            """)
        #expect(output.contains("struct Data: Baton.ThrowingRoot {"))
        // The operation's own fields and links; the spread's fragment weighs itself.
        #expect(
            output.contains(
                "static let errorScope = Baton.ErrorScope([], links: [.init(Slots.Query.character_"))
        #expect(
            output.contains(
                "Baton.ErrorScope([Slots.Character.name], links: [.init(Slots.Character.origin, Baton.ErrorScope([Slots.Location.name]))])")
        )
        // The directive is the client's: the server never sees it.
        #expect(!output.contains("@throwOnFieldError{"))
        #expect(output.contains(#"static let document: Baton.Document = .text("query StrictQuery{"#))
    }

    @Test func aThrowingRootThatAlsoRequiresConformsToBoth() throws {
        let (_, output) = try NestedListAccessorTests.compile(
            """
            fragment Grid_character on Character { name }
            query StrictQuery @throwOnFieldError { character(id: "1") @required(action: NONE) { name ...Grid_character } }
            """)
        #expect(output.contains("struct Data: Baton.ThrowingRoot, Baton.RequiringRoot {"))
        #expect(output.contains("static let requirements: [any Baton.SlotName]"))
    }

    /// A `@stream` list's plan field says so, so the request asks for parts and later parts' items
    /// land in it; the server still reads the directive.
    @Test func aStreamedListIsMarkedInThePlan() throws {
        let (_, output) = try NestedListAccessorTests.compile(
            """
            fragment Grid_character on Character { name }
            query StreamQuery { character(id: "1") { teams @stream(initialCount: 1) { name } ...Grid_character } }
            """)
        #expect(output.contains("streamed: true)"), "\(output)")
        #expect(output.components(separatedBy: "streamed: true").count == 2)
        #expect(output.contains(#"teams@stream(label:\"StreamQuery$stream$teams\",initialCount:1)"#))
    }

    @Test func cacheExpirationIsTheOperationsAge() throws {
        let (_, output) = try NestedListAccessorTests.compile(
            """
            fragment Grid_character on Character { name }
            query FreshQuery @cacheExpiration(seconds: 30) { character(id: "1") { ...Grid_character } }
            query PlainQuery { character(id: "2") { ...Grid_character } }
            """)
        #expect(output.contains("struct FreshQuery: Baton.Query, Baton.CacheExpiring {"))
        #expect(output.contains("    static let cacheExpiration: Duration = .seconds(30)\n"))
        #expect(output.contains("struct PlainQuery: Baton.Query {"))
        #expect(output.components(separatedBy: "cacheExpiration").count == 2)
    }
}

/// `onError` in baton.json: sent with every operation, and under `NULL` (the server nulls an
/// errored field in place) a schema-non-null field reads optional unless errors are handled there.
@Suite struct OnErrorTests {
    static func generate(onError: String?) throws -> String {
        let setting = onError.map { #", "onError": ""# + $0 + #"""# } ?? ""
        let target = try TemporaryTarget(
            config: #"{"schema": "schema.graphql""# + setting + "}",
            files: [
                "Sources/App/Q.graphql": """
                fragment Row_character on Character { species codes }
                fragment Strict_character on Character @throwOnFieldError { species }
                query Q { character(id: "1") { species ...Row_character ...Strict_character friends @catch { species } } }
                """
            ])
        defer { target.remove() }
        let result = GenerateCommand.compute(target.options(["Sources/App/Q.graphql"]))
        #expect(!result.diagnostics.contains { $0.severity == .error }, "\(result.diagnostics.map { $0.rendered() })")
        return try #require(result.outputs.first { $0.key.hasSuffix("Q.graphql.baton.swift") }?.value)
    }

    @Test func nullTypesNonNullFieldsByWhetherErrorsAreHandled() throws {
        let output = try Self.generate(onError: "NULL")
        #expect(output.contains("    static let onError: Baton.ErrorBehavior? = .null\n"))
        // Unhandled: optional.
        #expect(output.contains("@MainActor var species: String? { anchor.read(Slots.Character.species) }"))
        #expect(output.contains("@MainActor var codes: [String]? { anchor.read(Slots.Character.codes) }"))
        // Under @throwOnFieldError, and inside a @catch: as the schema says.
        #expect(output.contains("@MainActor var species: String { anchor.read(Slots.Character.species) }"))
    }

    @Test func withoutNullTheSchemaDecides() throws {
        for setting in [nil, "PROPAGATE"] {
            let output = try Self.generate(onError: setting)
            #expect(output.contains("static let onError") == (setting != nil))
            #expect(!output.contains("@MainActor var species: String? {"))
            #expect(output.contains("@MainActor var codes: [String] { anchor.read(Slots.Character.codes) }"))
        }
    }
}
