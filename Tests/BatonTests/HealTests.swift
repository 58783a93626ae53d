@_spi(Generated) import Baton
import BatonTesting
import Foundation
import Testing

/// The heal's bounds: a read that finds a field missing refetches its root only once the data was
/// shown and no fetch is on its way (the `heal` script holds the rest).
@MainActor @Suite struct HealTests {
    @Test func readingALoadingHandleDoesNotSupersedeItsFetch() async throws {
        let transport = ScriptedTransport()
        let environment = Environment(transport: transport)
        var events: [LogEvent] = []
        environment.log = { events.append($0) }
        let handle = environment.handle(for: TestHeaderQuery(id: "5"))
        let retention = handle.retain()
        #expect(await wait(until: { transport.held.count == 1 }, timeout: .seconds(10)))
        // A body reads the lens while the handle loads: the root link is missing.
        #expect(handle.data.character == nil)
        #expect(events.contains { if case .missing(let type, _) = $0 { type == "Query" } else { false } })
        await Task.yield()
        #expect(transport.held.count == 1)
        transport.held[0].respond(Payload(try Fixtures.bytes("tests/character-header-5.json")))
        #expect(await wait(until: { handle.phase.kind == .ready }, timeout: .seconds(10)))
        #expect(handle.data.character?.testHeader.name == "Jerry Smith")
        #expect(transport.held.count == 1)
        _ = retention
    }
}
