@_spi(Generated) import Baton
import BatonInspector
import BatonTesting
import Foundation
import Testing

/// Lifetime: roots retained by handles, the release buffer, completed mutations kept
/// apart, collection once per turn of what no root reaches; and `end()`. Follows the `lifetime` and
/// `end` scripts of `spec/conformance/scripts/`.
@MainActor @Suite struct LifetimeTests {
    typealias F = EnvironmentFixtures

    static let rick = TestConditions(id: "1", withOrigin: true, hideStatus: false)

    static func transport() throws -> RecordedTransport {
        let rick = try F.response("tests/conditions-included.json")
        let einstein = try F.response("tests/character-header-11.json")
        let jerry = try F.response("tests/character-header-5.json")
        return RecordedTransport { request in
            switch (request.operationName, request.variables["id"]) {
            case ("TestConditions", _): rick
            case ("TestHeaderQuery", "11"): einstein
            case ("TestHeaderQuery", "5"): jerry
            default: throw TransportError(statusCode: 0, message: "unknown")
            }
        }
    }

    static func held(_ environment: Environment) -> [String] { environment.store.recordKeys.sorted() }

    /// Attaches and retains, and waits for the response.
    static func attach<O: Query>(_ environment: Environment, _ operation: O) async -> (OperationHandle<O>, Retention) {
        let handle = environment.handle(for: operation)
        let retention = handle.retain()
        #expect(await wait(until: { !handle.fetch.isInFlight }))
        return (handle, retention)
    }

    /// Lets the collection scheduled for the next turn run.
    static func turn() async {
        for _ in 0..<5 { await Task.yield() }
    }

    @Test func theLifetimeScript() async throws {
        let environment = Environment(store: Store(releaseBufferSize: 1), transport: try Self.transport())
        let roots = ["client:root", "client:root:mutation", "client:root:subscription"]
        let (_, rick) = await Self.attach(environment, Self.rick)
        let (_, einstein) = await Self.attach(environment, F.header("11"))
        let (_, jerry) = await Self.attach(environment, F.header("5"))
        let all = (["Character:1", "Character:11", "Character:5", "Location:1", "Location:20"] + roots).sorted()
        #expect(Self.held(environment) == all)
        // 4. einstein's root waits in the buffer.
        einstein.end()
        await Self.turn()
        #expect(Self.held(environment) == all)
        // 5. jerry's pushes it out: Character:11 goes.
        jerry.end()
        #expect(await wait(until: { environment.store.record(forKey: "Character:11") == nil }))
        let afterJerry = (["Character:1", "Character:5", "Location:1", "Location:20"] + roots).sorted()
        #expect(Self.held(environment) == afterJerry)
        // 6–7. completed mutations wait apart, as many as the buffer holds.
        try await environment.commitResponse(TestSetFavorite(id: "1", favorite: true), Payload(try F.response("tests/set-favorite-1.json")))
        await Self.turn()
        #expect(Self.held(environment) == (afterJerry + ["client:root:mutation:setFavorite"]).sorted())
        try await environment.commitResponse(TestRename(id: "1", name: "Rick Prime"), Payload(try F.response("tests/rename-1.json")))
        #expect(await wait(until: { environment.store.record(forKey: "client:root:mutation:setFavorite") == nil }))
        let withRename = (afterJerry + ["client:root:mutation:rename"]).sorted()
        #expect(Self.held(environment) == withRename)
        // 8. collect: unchanged.
        environment.collect()
        #expect(Self.held(environment) == withRename)
        // 9. releasing rick pushes jerry out.
        rick.end()
        #expect(await wait(until: { environment.store.record(forKey: "Character:5") == nil }))
        #expect(Self.held(environment) == (["Character:1", "Location:1", "client:root:mutation:rename"] + roots).sorted())
    }

    /// A batch that moves a link runs the collection on a later turn: the record only the old link
    /// reached goes, the new target stays.
    @Test func aRetargetedLinkLetsItsFormerTargetGo() async throws {
        let environment = Environment()
        try await environment.commitPayload(TestNodeFields(id: "1"), Payload(try Fixtures.bytes("tests/node-fields-character.json")))
        #expect(environment.store.record(forKey: "Character:1") != nil)
        try await environment.commitPayload(TestNodeFields(id: "1"), Payload(try Fixtures.bytes("tests/node-fields-episode.json")))
        #expect(await wait(until: { environment.store.record(forKey: "Character:1") == nil }, timeout: .seconds(10)))
        #expect(environment.store.record(forKey: "Episode:1") != nil)
    }

    @Test func aRetentionEndsWhenItGoesAway() async throws {
        let environment = Environment(store: Store(releaseBufferSize: 0), transport: try Self.transport())
        var (handle, retention): (OperationHandle<TestHeaderQuery>, Retention?) = await Self.attach(environment, F.header("5"))
        #expect(handle.phase.kind == .ready)
        retention = nil
        _ = retention
        #expect(await wait(until: { environment.store.record(forKey: "Character:5") == nil }))
    }

    /// A lens held past the collection keeps its record, emptied: it reads nothing there, while a
    /// record another root keeps reads as before.
    @Test func aLensHeldPastTheCollectionReadsNothing() async throws {
        let environment = Environment(store: Store(releaseBufferSize: 0), transport: try Self.transport())
        let (_, jerry) = await Self.attach(environment, F.header("5"))
        let (_, einstein) = await Self.attach(environment, F.header("11"))
        let held = try #require(environment.lens(TestHeader_character.self, at: "Character:5"))
        #expect(held.name == "Jerry Smith" && held.origin?.name == "Earth (Replacement Dimension)")
        jerry.end()
        environment.collect()
        #expect(environment.store.record(forKey: "Character:5") == nil)
        #expect(environment.store.record(forKey: "Location:20") == nil)
        #expect(held.name == nil && held.origin == nil)
        #expect(environment.lens(TestHeader_character.self, at: "Character:11")?.name == "Albert Einstein")
        _ = einstein
    }

    @Test func aRootPushedOutLeavesWithItsHandleAndItsFetch() async throws {
        let transport = ScriptedTransport()
        let environment = Environment(store: Store(releaseBufferSize: 1), transport: transport)
        let first = environment.handle(for: F.header("5"))
        #expect(await wait(until: { transport.held.count == 1 }))
        _ = environment.handle(for: F.header("11"))
        #expect(await wait(until: { transport.held.count == 2 }))
        // Both were parked at the end of their turn; the second pushed the first out.
        #expect(await wait(until: { !first.fetch.isInFlight }))
        #expect(transport.held[0].isAnswered)
        #expect(environment.handle(for: F.header("5")) !== first)
    }

    @Test func theEndScript() async throws {
        let transport = ScriptedTransport(responses: ["TestConditions": try F.response("tests/conditions-included.json")])
        let environment = Environment(transport: transport)
        let events = Events()
        events.attach(to: environment)
        let (rick, rickRetention) = await Self.attach(environment, Self.rick)
        let einstein = environment.handle(for: F.header("11"))
        let einsteinRetention = einstein.retain()
        #expect(einstein.fetch.isInFlight)
        let layer = try environment.applyOptimistic(TestRename(id: "1", name: "Rick Prime"), Payload(try F.response("tests/rename-1.json")))
        #expect(environment.lens(TestHeader_character.self, at: "Character:1")?.name == "Rick Prime")
        let body = BodyHost { rick.phase.kind }
        events.removeAll()
        environment.end()
        #expect(rick.phase.kind == .gone && einstein.phase.kind == .gone)
        #expect(rick.fetch.failureKind == .environment && einstein.fetch.failureKind == .environment)
        #expect(Self.held(environment) == ["client:root", "client:root:mutation", "client:root:subscription"])
        #expect(environment.data(for: Self.rick).character == nil)
        #expect(body.isPending)
        // A late answer reaches nothing, and the log stays quiet.
        F.held(transport, "TestHeaderQuery")?.respond(try F.response("tests/character-header-11.json"))
        // A mutation's answer after the end is late too: it commits nothing and throws nothing.
        let late = try await environment.resolve(
            layer, TestRename(id: "1", name: "Rick Prime"), Payload(try F.response("tests/rename-1.json")))
        #expect(late.notified.isEmpty)
        try await Task.sleep(for: .milliseconds(20))
        #expect(StoreExport.text(of: environment.store) == (try Fixtures.text("scripts/end-empty.store.json")))
        // Every later call fails with gone.
        let jerry = environment.handle(for: F.header("5"))
        #expect(jerry.phase.kind == .gone && jerry.fetch.failureKind == .environment)
        await #expect(throws: EnvironmentError.gone) {
            try await environment.commitResponse(F.header("5"), Payload(try F.response("tests/character-header-5.json")))
        }
        await #expect(throws: EnvironmentError.gone) {
            try await environment.commitPayload(F.header("5"), Payload(try F.response("tests/character-header-5.json")))
        }
        await #expect(throws: EnvironmentError.gone) { try await environment.fetch(F.header("5")) }
        await #expect(throws: EnvironmentError.gone) { try await environment.mutate(TestRename(id: "1", name: "x")) }
        await #expect(throws: EnvironmentError.gone) { try await rick.refetch() }
        #expect(events.all.isEmpty)
        _ = (rickRetention, einsteinRetention)
    }
}

/// The availability check without a handle: memory when every waited-for field is there.
@MainActor @Suite struct CheckTests {
    @Test func theCheckAnswersMemoryOrMiss() async throws {
        let environment = Environment()
        #expect(environment.check(TestHeaderQuery(id: "5")) == .miss)
        try await environment.commitPayload(TestHeaderQuery(id: "5"), Payload(try Fixtures.bytes("tests/character-header-5.json")))
        #expect(environment.check(TestHeaderQuery(id: "5")) == .memory)
        // A partial payload leaves a field missing: a miss.
        try await environment.commitPayload(
            TestHeaderQuery(id: "7"), Payload(json: #"{"data":{"character":{"id":"7","name":"Abradolf"}}}"#))
        #expect(environment.check(TestHeaderQuery(id: "7")) == .miss)
        // A null link is fine.
        try await environment.commitPayload(TestHeaderQuery(id: "8"), Payload(json: #"{"data":{"character":null}}"#))
        #expect(environment.check(TestHeaderQuery(id: "8")) == .memory)
        environment.end()
        #expect(environment.check(TestHeaderQuery(id: "5")) == .miss)
    }
}
