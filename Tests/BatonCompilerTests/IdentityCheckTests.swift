import Testing

/// `identity.types` against the schema: spec/config/identity holds a baton.json whose first three
/// entries hold and whose others each break a rule; expected.txt is what `batonc validate` prints.
@Suite struct IdentityCheckTests {
    @Test func eachBrokenEntryIsAnErrorAtItsPlace() throws {
        let (rendered, expected) = try ConfigFixture.run("identity")
        #expect(expected.count == 8)
        // batonc prints findings at one place by message; the compilation keeps the entry's order.
        #expect(rendered.sorted() == expected.sorted())
    }
}
