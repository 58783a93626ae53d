import BatonDiagnostics
@testable import BatonSchema
import BatonSyntax
import Testing

@Suite struct RealSchemaTests {
    @Test func rickAndMortyBuildsWithoutDiagnostics() throws {
        let result = build(try readSpec("schemas/rick-and-morty.schema.graphql"))
        #expect(described(result.diagnostics) == [])
        let schema = try #require(result.schema)
        #expect(schema.queryType.map { schema[$0].name } == "Query")
        #expect(schema.type(named: "Character")?.origin == .server)
    }

    @Test func gitHubBuildsWithItsKnownWarnings() throws {
        let result = build(try readSpec("schemas/github.schema.graphql"))
        let lines = described(result.diagnostics)
        for line in lines { print(line) }
        #expect(lines.count == 14)
    }
}
