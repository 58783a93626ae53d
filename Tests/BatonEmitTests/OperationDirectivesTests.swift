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
