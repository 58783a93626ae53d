@_spi(Generated) import Baton
import BatonTesting
import Foundation
import Testing

/// Ages and staleness, after the `ages` script: fetch times per root, the store's
/// expiration and an operation's own, a store clock the test advances, invalidation and revalidation.
@MainActor @Suite struct AgesTests {
    typealias F = EnvironmentFixtures

    static func answerAll(_ transport: ScriptedTransport) throws {
        for held in transport.waiting {
            held.respond(
                try F.response(
                    held.request.variables["id"] == "11"
                        ? "tests/character-header-11.json" : "tests/character-header-5.json"))
        }
    }

    @Test func theAgesScriptWithoutAnImage() async throws {
        let transport = ScriptedTransport()
        let store = Store(cacheExpiration: .seconds(60))
        let environment = Environment(store: store, transport: transport)
        // 1. jerry: ready, not stale, with a fetch time.
        let jerry = environment.handle(for: F.header("5"))
        let jerryRetention = jerry.retain()
        #expect(await wait(until: { transport.waiting.count == 1 }))
        try Self.answerAll(transport)
        #expect(await wait(until: { jerry.phase.kind == .ready && !jerry.fetch.isInFlight }))
        #expect(!jerry.isStale)
        #expect(jerry.fetchTime != nil)
        // 2. storeOnly over data its own root never fetched: ready and stale (unknown age).
        let fresh = environment.handle(for: FreshHeaderQuery(id: "5"), fetchPolicy: .storeOnly)
        #expect(fresh.phase.kind == .ready && fresh.isStale && fresh.fetchTime == nil)
        // 3. fetched: not stale.
        let freshRetention = environment.handle(for: FreshHeaderQuery(id: "5"), fetchPolicy: .storeAndNetwork).retain()
        #expect(await wait(until: { transport.waiting.count == 1 }))
        try Self.answerAll(transport)
        #expect(await wait(until: { !fresh.fetch.isInFlight }))
        #expect(!fresh.isStale)
        // 4. 45 s: fresh (30 s) is stale, jerry (60 s) not. 5. 30 s more: both.
        let body = BodyHost { jerry.isStale }
        store.clock.advance(by: .seconds(45))
        #expect(fresh.isStale && !jerry.isStale)
        #expect(!body.isPending)
        store.clock.advance(by: .seconds(30))
        #expect(fresh.isStale && jerry.isStale)
        #expect(body.isPending)
        // 6. revalidate: both refreshing. 7–8. answers: not stale.
        environment.revalidate()
        #expect(jerry.isRefreshing && fresh.isRefreshing)
        #expect(await wait(until: { transport.waiting.count == 2 }))
        try Self.answerAll(transport)
        #expect(await wait(until: { !jerry.fetch.isInFlight && !fresh.fetch.isInFlight }))
        #expect(!jerry.isStale && !fresh.isStale)
        // 9. revalidate: nothing is fetched.
        let sent = transport.requestCount
        environment.revalidate()
        #expect(!jerry.fetch.isInFlight && transport.requestCount == sent)
        // 10. invalidate: both stale and refreshing. 11–12. answers.
        environment.invalidate()
        #expect(jerry.isStale && fresh.isStale && jerry.isRefreshing && fresh.isRefreshing)
        #expect(await wait(until: { transport.waiting.count == 2 }))
        try Self.answerAll(transport)
        #expect(await wait(until: { !jerry.fetch.isInFlight && !fresh.fetch.isInFlight }))
        #expect(!jerry.isStale && !fresh.isStale)
        _ = (jerryRetention, freshRetention)
    }

    @Test func withoutAnExpirationDataNeverGoesStale() async throws {
        let environment = Environment(transport: SilentTransport())
        try await environment.commitPayload(F.header("5"), Payload(try F.response("tests/character-header-5.json")))
        let handle = environment.handle(for: F.header("5"), fetchPolicy: .storeOnly)
        environment.store.clock.advance(by: .seconds(1_000_000))
        #expect(!handle.isStale)
        #expect(handle.fetchTime != nil)
    }

    @Test func invalidatingARecordMarksTheRootsThatReachIt() async throws {
        let transport = ScriptedTransport()
        let environment = Environment(transport: transport)
        try await environment.commitPayload(F.header("5"), Payload(try F.response("tests/character-header-5.json")))
        try await environment.commitPayload(F.header("11"), Payload(try F.response("tests/character-header-11.json")))
        let jerry = environment.handle(for: F.header("5"), fetchPolicy: .storeOnly)
        let einstein = environment.handle(for: F.header("11"))
        let retentions = [jerry.retain(), einstein.retain()]
        environment.invalidate(records: ["Location:20"])  // jerry's origin
        #expect(jerry.isStale && !einstein.isStale)
        // jerry's only holder is storeOnly: nothing is fetched for it.
        try await Task.sleep(for: .milliseconds(20))
        #expect(transport.requestCount == 0)
        environment.invalidate(types: ["Character"])
        #expect(einstein.isStale)
        #expect(await wait(until: { transport.requestCount == 1 }))
        #expect(transport.requests[0].variables == ["id": "11"])
        _ = retentions
    }

    @Test func revalidateRetriesAFailedFetch() async throws {
        let transport = ScriptedTransport()
        let environment = Environment(transport: transport)
        let handle = environment.handle(for: F.header("5"))
        let retention = handle.retain()
        try await PhaseTests.answer(transport, handle, refuse: F.Offline())
        #expect(handle.phase.kind == .transport)
        environment.revalidate()
        #expect(handle.phase.kind == .loading && handle.fetch.isInFlight)
        try await PhaseTests.answer(transport, handle, with: F.response("tests/character-header-5.json"))
        #expect(handle.phase.kind == .ready)
        _ = retention
    }
}
