@_spi(Generated) import Baton
import BatonTesting
import Foundation
import Testing

/// The value-free log of fetches: names and counts only, in the `events` script's order.
@MainActor @Suite struct LogTests {
    typealias F = EnvironmentFixtures

    /// Events with durations zeroed, so they compare.
    static func names(_ events: Events) -> [LogEvent] {
        events.all.map {
            if case .fetchCompleted(let operation, _) = $0 { return .fetchCompleted(operation: operation, duration: .zero) }
            return $0
        }
    }

    @Test func aFetchLogsStartedCommittedCompleted() async throws {
        let environment = Environment(transport: RecordedTransport([TestHeaderQuery.name: try F.response("tests/character-header-5.json")]))
        let events = Events()
        events.attach(to: environment)
        let handle = environment.handle(for: F.header("5"))
        #expect(await wait(until: { !handle.fetch.isInFlight }))
        #expect(
            Self.names(events) == [
                .fetchStarted(operation: "TestHeaderQuery"), .committed(kind: .server, changed: 1),
                .fetchCompleted(operation: "TestHeaderQuery", duration: .zero),
            ])
    }

    @Test func failuresLogTheirKind() async throws {
        let transport = ScriptedTransport()
        let environment = Environment(transport: transport)
        let events = Events()
        events.attach(to: environment)
        let handle = environment.handle(for: F.header("2"))
        try await PhaseTests.answer(transport, handle, refuse: F.Offline())
        #expect(events.all == [.fetchStarted(operation: "TestHeaderQuery"), .fetchFailed(operation: "TestHeaderQuery", kind: .transport)])
        events.removeAll()
        handle.retry()
        try await PhaseTests.answer(transport, handle, with: F.requestFailure)
        #expect(events.all == [.fetchStarted(operation: "TestHeaderQuery"), .fetchFailed(operation: "TestHeaderQuery", kind: .request)])
    }

    @Test func anUncaughtFieldErrorIsLoggedBetweenTheCommitAndTheCompletion() async throws {
        let environment = Environment(transport: RecordedTransport([StrictQuery.name: try F.response("tests/character-name-hidden.json")]))
        let events = Events()
        events.attach(to: environment)
        let handle = environment.handle(for: StrictQuery(id: "1"))
        #expect(await wait(until: { !handle.fetch.isInFlight }))
        // Two cells, as the events script counts them: the root's link (the root existed) and the
        // error placed on the new Character:1's name.
        #expect(
            Self.names(events) == [
                .fetchStarted(operation: "TestStrictQuery"), .committed(kind: .server, changed: 2),
                .fieldError(operation: "TestStrictQuery", path: "character.name"),
                .fetchCompleted(operation: "TestStrictQuery", duration: .zero),
            ])
    }

    /// The `events` script's step 4: `environment.fetch` of a `@throwOnFieldError` operation throws
    /// its field errors once committed, after the log's committed and fieldError events.
    @Test func aFetchOfAThrowingOperationThrowsItsFieldErrors() async throws {
        let environment = Environment(transport: RecordedTransport([StrictQuery.name: try F.response("tests/character-name-hidden.json")]))
        let events = Events()
        events.attach(to: environment)
        let thrown = await #expect(throws: FieldErrors.self) { try await environment.fetch(StrictQuery(id: "1")) }
        #expect(thrown?.paths == ["character.name"])
        #expect(Self.names(events).contains(.fieldError(operation: "TestStrictQuery", path: "character.name")))
        #expect(environment.store.record(forKey: "Character:1") != nil)
    }

    @Test func aSupersededFetchIsLoggedCancelled() async throws {
        let transport = ScriptedTransport()
        let environment = Environment(transport: transport)
        let events = Events()
        events.attach(to: environment)
        let handle = environment.handle(for: F.header("5"))
        #expect(await wait(until: { transport.held.count == 1 }))
        handle.retry()
        #expect(await wait(until: { events.all.contains(.fetchFailed(operation: "TestHeaderQuery", kind: .cancelled)) }))
    }

    @Test func aMutationLogsItsFetch() async throws {
        let environment = Environment(transport: RecordedTransport([TestRename.name: try F.response("tests/rename-1.json")]))
        let events = Events()
        events.attach(to: environment)
        try await environment.mutate(TestRename(id: "1", name: "Rick Prime"))
        #expect(Self.names(events).first == .fetchStarted(operation: "TestRename"))
        #expect(Self.names(events).last == .fetchCompleted(operation: "TestRename", duration: .zero))
    }
}
