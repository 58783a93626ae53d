@_spi(Generated) import Baton
import Testing

/// The store's `batchNotified` hook, which the conformance runner's `notified` expectation reads:
/// told each batch's notified slots as the batch ends, the same slots its `CommitResult` returns.
@MainActor @Suite struct BatchNotifiedTests {
    @Test func theHookHearsEachBatchsNotifiedSlots() async throws {
        let environment = Environment()
        var heard: [[CommitResult.Notified]] = []
        environment.store.batchNotified = { heard.append($0) }
        try await environment.commitResponse(TestHeaderQuery(id: "5"), Payload(try Fixtures.bytes("tests/character-header-5.json")))
        let renamed = try Fixtures.text("tests/character-header-5.json").replacingOccurrences(of: "Jerry Smith", with: "Jerry")
        let result = try await environment.commitResponse(TestHeaderQuery(id: "5"), Payload(json: renamed))
        #expect(heard.count == 2)
        #expect(heard.last == result.notified)
        #expect(heard.last?.map(\.description) == ["Character:5.name"])
    }
}
