@_spi(Generated) import Baton
import BatonInspector
import BatonTesting
import Testing

/// `end()`: records cleared and readers told; every later call fails with `gone`.
@MainActor @Suite struct EndTests {
    @Test func anEndedEnvironmentCommitsNothing() async throws {
        let environment = Environment()
        try await environment.commitResponse(TestNotesQuery(id: "1"), Payload(try Fixtures.bytes("tests/notes-page-1.json")))
        let notes = try #require(environment.data(for: TestNotesQuery(id: "1")).character?.notes)
        let body = BodyHost { notes.nodes.map(\.text) }
        #expect(body.output.count == 2)
        environment.end()
        #expect(body.flush())
        #expect(body.output.isEmpty)
        #expect(StoreExport.text(of: environment.store) == (try Fixtures.text("scripts/end-empty.store.json")))
        await #expect(throws: EnvironmentError.gone) {
            try await environment.commitPayload(TestNotesQuery(id: "1"), Payload(try Fixtures.bytes("tests/notes-page-1.json")))
        }
        #expect(throws: EnvironmentError.gone) {
            try environment.applyOptimistic(TestRename(id: "1", name: "x"), Payload(try Fixtures.bytes("tests/rename-1.json")))
        }
        #expect(environment.store.recordKeys.count == 3)
    }
}
