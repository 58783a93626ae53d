import Testing
@_spi(Generated) import Baton
import BatonInspector

/// Bytes → commit → dump, compared with the conformance suite's `.store.json` byte for byte.
@MainActor @Suite struct ConformanceTests {
    @Test func characterHeader9() async throws {
        // rickandmorty/character-header-9.json was not recovered; this is the response the dump
        // records, in the order the operation selects its fields.
        let response = """
        {"data":{"character":{"name":"Agency Director","status":"Dead","species":"Human",\
        "image":"https://rickandmortyapi.com/api/character/avatar/9.jpeg",\
        "origin":{"name":"Earth (Replacement Dimension)","id":"20"},"id":"9"}}}
        """
        let environment = Environment()
        let operation = TestHeaderQuery(id: "9")
        try await environment.commitResponse(operation, Payload(json: response))
        #expect(StoreExport.text(of: environment.store) == (try Fixtures.text("rickandmorty/character-header-9.store.json")))
        let header = try #require(environment.data(for: operation).character?.testHeader)
        #expect(header.name == "Agency Director")
        #expect(header.origin?.name == "Earth (Replacement Dimension)")
    }
}
