import Baton
import Cast
import Testing

@MainActor struct CastTests {
    @Test func readsCommittedPayloadThroughGeneratedLenses() async throws {
        let environment = Environment()
        let screen = CharacterScreen(id: "1")
        #expect(screen.lines(in: environment) == nil)
        try await screen.commit(
            #"""
            {"data":{"character":{"id":"1","name":"Rick Sanchez","status":"Alive",
             "origin":{"id":"1","name":"Earth (C-137)"}}}}
            """#, to: environment)
        #expect(screen.lines(in: environment) == ["Rick Sanchez (Alive)", "from Earth (C-137)"])
        #expect(Cast.title == "Cast")
    }
}
