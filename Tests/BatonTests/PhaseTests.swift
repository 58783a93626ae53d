@_spi(Generated) import Baton
import BatonTesting
import Foundation
import Testing

/// Handles, phase, fetch and policies, following the `phase` script of `spec/conformance/scripts/`
/// step by step over a `ScriptedTransport` that holds every request until the test answers it.
@MainActor @Suite struct PhaseTests {
    typealias F = EnvironmentFixtures

    /// Answers the operation's held request and waits until the handle's fetch is no longer in flight.
    static func answer<O>(
        _ transport: ScriptedTransport, _ handle: OperationHandle<O>, with bytes: [UInt8]? = nil,
        refuse error: (any Error)? = nil
    ) async throws {
        #expect(await wait(until: { F.held(transport, O.name, variables: handle.operation.variables) != nil }))
        let held = try #require(F.held(transport, O.name, variables: handle.operation.variables))
        if let error { held.refuse(error) } else { held.respond(bytes ?? []) }
        #expect(await wait(until: { !handle.fetch.isInFlight }))
    }

    /// A handle whose check missed a scalar of a record it reached settles when the scalar comes
    /// through a plain store commit: the check keeps the records it entered (its reach), and the
    /// batch that gives one of them a slot settles it.
    @Test func aMissingScalarThatComesSettlesTheHandle() async throws {
        let environment = Environment(transport: ScriptedTransport())
        let full = try F.response("tests/character-header-5.json")
        let partial = String(decoding: full, as: UTF8.self).replacingOccurrences(of: #""status":"Alive","#, with: "")
        try await environment.commitPayload(F.header("5"), Payload(json: partial))
        let handle = environment.handle(for: F.header("5"), fetchPolicy: .storeOnly)
        let retention = handle.retain()
        #expect(handle.phase.kind != .ready)
        let operation = F.header("5")
        let changes = try Ingest.changeSet(full, plan: TestHeaderQuery.plan, variables: operation.variables, complete: true)
        environment.store.commit(changes)
        #expect(await wait(until: { handle.phase.kind == .ready }))
        #expect(handle.phase.data?.character?.testHeader.status == "Alive")
        withExtendedLifetime(retention) {}
    }

    /// The same two levels down: a scalar missing in a record behind a link (the origin's name),
    /// and a link missing in a nested record (the origin itself), each brought by a later commit.
    @Test(arguments: [#""name":"Earth (Replacement Dimension)","#, #""origin":{"name":"Earth (Replacement Dimension)","id":"20"},"#])
    func aMissingNestedSlotThatComesSettlesTheHandle(_ left: String) async throws {
        let environment = Environment(transport: ScriptedTransport())
        let full = try F.response("tests/character-header-5.json")
        let partial = String(decoding: full, as: UTF8.self).replacingOccurrences(of: left, with: "")
        #expect(partial.utf8.count < full.count)
        try await environment.commitPayload(F.header("5"), Payload(json: partial))
        let handle = environment.handle(for: F.header("5"), fetchPolicy: .storeOnly)
        let retention = handle.retain()
        #expect(handle.phase.kind == .missingData)
        let changes = try Ingest.changeSet(full, plan: TestHeaderQuery.plan, variables: F.header("5").variables, complete: true)
        environment.store.commit(changes)
        #expect(await wait(until: { handle.phase.kind == .ready }))
        #expect(handle.phase.data?.character?.testHeader.origin?.name == "Earth (Replacement Dimension)")
        withExtendedLifetime(retention) {}
    }

    /// A handle with a verdict (`@throwOnFieldError`) is watched through Observation, its check with
    /// it: a missing scalar that comes settles it too.
    @Test func aVerdictHandleSettlesWhenAMissingScalarComes() async throws {
        let environment = Environment(transport: ScriptedTransport())
        let full = Array(#"{"data":{"character":{"id":"5","name":"Jerry Smith","species":"Human"}}}"#.utf8)
        try await environment.commitPayload(StrictQuery(id: "5"), Payload(json: #"{"data":{"character":{"id":"5","name":"Jerry Smith"}}}"#))
        let handle = environment.handle(for: StrictQuery(id: "5"), fetchPolicy: .storeOnly)
        let retention = handle.retain()
        #expect(handle.phase.kind == .missingData)
        let changes = try Ingest.changeSet(full, plan: StrictQuery.plan, variables: StrictQuery(id: "5").variables, complete: true)
        environment.store.commit(changes)
        #expect(await wait(until: { handle.phase.kind == .ready }))
        withExtendedLifetime(retention) {}
    }

    @Test func thePhaseScript() async throws {
        let transport = ScriptedTransport()
        let environment = Environment(transport: transport)
        var retentions: [Retention] = []

        // 1. attach jerry (storeOrNetwork): loading, not refreshing, in flight.
        let jerry = environment.handle(for: F.header("5"))
        retentions.append(jerry.retain())
        #expect(jerry.phase.kind == .loading)
        #expect(!jerry.isRefreshing)
        #expect(jerry.fetch.isInFlight)
        // 2. answer: ready, idle.
        try await Self.answer(transport, jerry, with: F.response("tests/character-header-5.json"))
        #expect(jerry.phase.kind == .ready)
        #expect(jerry.phase.data?.character?.testHeader.name == "Jerry Smith")
        #expect(jerry.fetch.failureKind == nil && !jerry.fetch.isInFlight)
        // 3. attach quiet, the equal value: the same handle, ready at once, no fetch.
        let quiet = environment.handle(for: F.header("5"))
        retentions.append(quiet.retain())
        #expect(quiet === jerry)
        #expect(quiet.phase.kind == .ready && !quiet.fetch.isInFlight)
        #expect(transport.requestCount == 1)
        // 4. attach eager (storeAndNetwork): ready, refreshing, in flight.
        let eager = environment.handle(for: F.header("5"), fetchPolicy: .storeAndNetwork)
        retentions.append(eager.retain())
        #expect(eager.phase.kind == .ready && eager.isRefreshing && eager.fetch.isInFlight)
        // 5. a transport failure behind data: ready, not refreshing, fetch failed transport.
        try await Self.answer(transport, eager, refuse: F.Offline())
        #expect(eager.phase.kind == .ready && !eager.isRefreshing)
        #expect(eager.fetch.failureKind == .transport)
        // 6. refetch with a request failure: throws `request`; still ready; fetch failed request.
        let refetch = Task { try await jerry.refetch() }
        try await Self.answer(transport, jerry, with: F.requestFailure)
        let thrown = await #expect(throws: Failure.self) { try await refetch.value }
        #expect(thrown?.kind == .request)
        #expect(jerry.phase.kind == .ready && jerry.fetch.failureKind == .request)
        // 7. refetch with a response: idle.
        let again = Task { try await jerry.refetch() }
        try await Self.answer(transport, jerry, with: F.response("tests/character-header-5.json"))
        try await again.value
        #expect(!jerry.fetch.isInFlight && jerry.fetch.failureKind == nil)
        // 8. networkOnly on the shown value: ready and refreshing. 9. answer: ready.
        let shown = environment.handle(for: F.header("5"), fetchPolicy: .networkOnly)
        retentions.append(shown.retain())
        #expect(shown.phase.kind == .ready && shown.isRefreshing && shown.fetch.isInFlight)
        try await Self.answer(transport, shown, with: F.response("tests/character-header-5.json"))
        #expect(shown.phase.kind == .ready && !shown.isRefreshing)
        // 10. networkOnly, nothing shown yet: loading. 11. answer: ready.
        let einstein = environment.handle(for: F.header("11"), fetchPolicy: .networkOnly)
        retentions.append(einstein.retain())
        #expect(einstein.phase.kind == .loading && einstein.fetch.isInFlight)
        try await Self.answer(transport, einstein, with: F.response("tests/character-header-11.json"))
        #expect(einstein.phase.kind == .ready)
        // 12. storeAndNetwork with nothing stored, a transport failure: failed transport.
        let morty = environment.handle(for: F.header("2"), fetchPolicy: .storeAndNetwork)
        retentions.append(morty.retain())
        try await Self.answer(transport, morty, refuse: F.Offline())
        #expect(morty.phase.kind == .transport && morty.fetch.failureKind == .transport)
        // 13. retry: loading, in flight. 14. a malformed answer: failed malformed.
        morty.retry()
        #expect(morty.phase.kind == .loading && !morty.isRefreshing && morty.fetch.isInFlight)
        try await Self.answer(transport, morty, with: F.malformed)
        #expect(morty.phase.kind == .malformed && morty.fetch.failureKind == .malformed)
        // 15. storeOnly with nothing stored: failed missingData, idle, no request.
        let sent = transport.requestCount
        let offline = environment.handle(for: F.header("999"), fetchPolicy: .storeOnly)
        retentions.append(offline.retain())
        #expect(offline.phase.kind == .missingData)
        #expect(offline.phase.error is MissingDataError)
        #expect(!offline.fetch.isInFlight && offline.fetch.failureKind == nil)
        // 16. storeOnly over stored data: ready, idle.
        let cached = environment.handle(for: F.header("11"), fetchPolicy: .storeOnly)
        #expect(cached.phase.kind == .ready && !cached.fetch.isInFlight)
        #expect(transport.requestCount == sent)
        // 21. storeOnly, id 9: missing. 22. a commit supplies it: ready. 23. another storeOnly: both ready.
        let waiting = environment.handle(for: F.header("9"), fetchPolicy: .storeOnly)
        retentions.append(waiting.retain())
        #expect(waiting.phase.kind == .missingData)
        try await environment.commitResponse(
            F.header("9"),
            Payload(
                json:
                    #"{"data":{"character":{"name":"Agency Director","status":"Dead","species":"Human","image":"https://rickandmortyapi.com/api/character/avatar/9.jpeg","origin":{"name":"Earth (Replacement Dimension)","id":"20"},"id":"9"}}}"#
            ))
        #expect(waiting.phase.kind == .ready && !waiting.isRefreshing && !waiting.fetch.isInFlight)
        #expect(waiting.phase.data?.character?.testHeader.name == "Agency Director")
        let waitingAgain = environment.handle(for: F.header("9"), fetchPolicy: .storeOnly)
        #expect(waitingAgain.phase.kind == .ready && waiting.phase.kind == .ready)
        #expect(transport.requestCount == sent)
        // 24. storeOrNetwork, id 3, a transport failure. 25. a payload. 26. a second attach: both
        // ready, no fetch, and the failure stays on `fetch`.
        let summer = environment.handle(for: F.header("3"))
        retentions.append(summer.retain())
        try await Self.answer(transport, summer, refuse: F.Offline())
        #expect(summer.phase.kind == .transport)
        try await environment.commitPayload(F.header("3"), Payload(try F.response("tests/character-header-3.json")))
        let summerAgain = environment.handle(for: F.header("3"))
        #expect(summerAgain.phase.kind == .ready && summer.phase.kind == .ready && !summer.isRefreshing)
        #expect(summerAgain.fetch.failureKind == .transport)
        #expect(summerAgain.phase.data?.character?.testHeader.name == "Summer Smith")
        _ = retentions
    }

    @Test func equalValuesShareOneHandleAndOneFetch() async throws {
        let transport = ScriptedTransport()
        let environment = Environment(transport: transport)
        let first = environment.handle(for: F.header("5"))
        let second = environment.handle(for: F.header("5"))
        let third = environment.preload(F.header("5"))
        #expect(first === second && second === third)
        #expect(await wait(until: { transport.held.count == 1 }))
        try await Task.sleep(for: .milliseconds(20))
        #expect(transport.requestCount == 1)
    }

    @Test func aStoreOnlyMissSendsNothingAndThrowsNothing() async throws {
        let transport = RecordedTransport([:])
        let environment = Environment(transport: transport)
        let handle = environment.handle(for: F.header("1"), fetchPolicy: .storeOnly)
        #expect(handle.phase.kind == .missingData)
        try await Task.sleep(for: .milliseconds(10))
        #expect(transport.requestCount == 0)
    }

    @Test func aSupersededFetchNeverCommits() async throws {
        let transport = ScriptedTransport()
        let environment = Environment(transport: transport)
        let handle = environment.handle(for: F.header("5"))
        let retention = handle.retain()
        #expect(await wait(until: { transport.held.count == 1 }))
        let first = transport.held[0]
        let second = Task { try await handle.refetch() }
        #expect(await wait(until: { transport.held.count == 2 }))
        // The first answer lands after it was superseded: nothing of it commits.
        first.respond(try F.response("tests/character-header-11.json").replacingFive())
        try await Task.sleep(for: .milliseconds(20))
        #expect(handle.phase.kind == .loading)
        #expect(environment.store.record(forKey: "Character:5") == nil)
        transport.held[1].respond(try F.response("tests/character-header-5.json"))
        try await second.value
        #expect(handle.phase.data?.character?.testHeader.name == "Jerry Smith")
        _ = retention
    }

    @Test func aMutationCommitsEvenWhenItsCallerIsCancelled() async throws {
        let transport = ScriptedTransport()
        let environment = Environment(transport: transport)
        let call = Task { try await environment.mutate(TestRename(id: "1", name: "Rick Prime")) }
        #expect(await wait(until: { transport.held.count == 1 }))
        call.cancel()
        transport.held[0].respond(try F.response("tests/rename-1.json"))
        _ = try? await call.value
        #expect(await wait(until: { environment.store.record(forKey: "client:root:mutation:rename") != nil }))
    }

    @Test func thePhaseIsObservedAndAnUnchangedRefetchWakesNoBody() async throws {
        let transport = ScriptedTransport()
        let environment = Environment(transport: transport)
        let handle = environment.handle(for: F.header("5"))
        let retention = handle.retain()
        let body = BodyHost { handle.phase.kind }
        #expect(body.output == .loading)
        try await Self.answer(transport, handle, with: F.response("tests/character-header-5.json"))
        await body.settle()
        #expect(body.output == .ready)
        let runs = body.runs
        let refetch = Task { try await handle.refetch() }
        try await Self.answer(transport, handle, with: F.response("tests/character-header-5.json"))
        try await refetch.value
        await body.settle()
        #expect(body.runs == runs)
        #expect(body.invalidations == runs - 1)
        // A body reading `fetch` does see the fetch come and go.
        let fetchBody = BodyHost { handle.fetch.isInFlight }
        let third = Task { try await handle.refetch() }
        #expect(await wait(until: { transport.waiting.count == 1 }))
        await fetchBody.settle()
        #expect(fetchBody.output == true)
        try await Self.answer(transport, handle, with: F.response("tests/character-header-5.json"))
        try await third.value
        await fetchBody.settle()
        #expect(fetchBody.output == false)
        _ = retention
    }

    @Test func throwOnFieldErrorFailsThePhaseUntilAPayloadMendsIt() async throws {
        let transport = RecordedTransport([StrictQuery.name: try F.response("tests/character-name-hidden.json")])
        let environment = Environment(transport: transport)
        let strict = environment.handle(for: StrictQuery(id: "1"))
        let retention = strict.retain()
        #expect(await wait(until: { !strict.fetch.isInFlight }))
        #expect(strict.phase.kind == .fieldErrors)
        #expect((strict.phase.error as? FieldErrors)?.paths == ["character.name"])
        try await environment.commitPayload(StrictQuery(id: "1"), Payload(try F.response("tests/character-name-shown.json")))
        #expect(strict.phase.kind == .ready)
        #expect(strict.phase.data?.character?.name == "Rick Sanchez")
        _ = retention
    }

    /// A batch committed past the environment's doors settles its handles on the next turn; an attach
    /// before then still settles afresh (its observation fired), so it shows that batch's verdict.
    @Test func attachRightAfterABatchPastTheDoorsShowsItsVerdict() async throws {
        let environment = Environment(transport: SilentTransport())
        let value = StrictQuery(id: "1")
        try await environment.commitPayload(value, Payload(try F.response("tests/character-name-shown.json")))
        let strict = environment.handle(for: value)
        let retention = strict.retain()
        #expect(strict.phase.kind == .ready)
        for (fixture, kind) in [("tests/character-name-hidden.json", PhaseKind.fieldErrors), ("tests/character-name-shown.json", .ready)] {
            let changes = try Ingest.changeSet(
                try F.response(fixture), plan: StrictQuery.plan, variables: value.variables, complete: true)
            environment.store.commit(changes)
            #expect(environment.handle(for: value).phase.kind == kind)
        }
        #expect(!strict.fetch.isInFlight)
        _ = retention
    }

    @Test func unplacedErrorsFailAThrowingOperationAndRefetchUnderStoreOrNetwork() async throws {
        let unplaced = Array(
            #"{"data":{"character":{"id":"1","name":"Rick","species":"Human"}},"errors":[{"message":"quota","path":["elsewhere"]}]}"#.utf8)
        let transport = RecordedTransport([StrictQuery.name: unplaced])
        let environment = Environment(transport: transport)
        let strict = environment.handle(for: StrictQuery(id: "1"))
        let retention = strict.retain()
        #expect(await wait(until: { !strict.fetch.isInFlight }))
        #expect((strict.phase.error as? FieldErrors)?.errors.map(\.message) == ["quota"])
        _ = environment.handle(for: StrictQuery(id: "1"))
        #expect(await wait(until: { transport.requestCount == 2 && !strict.fetch.isInFlight }))
        _ = retention
    }

    @Test func withoutATransportAFetchFailsAsEnvironment() async throws {
        let environment = Environment()
        let handle = environment.handle(for: F.header("5"))
        #expect(await wait(until: { !handle.fetch.isInFlight }))
        #expect(handle.phase.kind == .environment)
        #expect(handle.fetch.failureKind == .environment)
    }
}

extension Array where Element == UInt8 {
    /// Einstein's header answered as if it were id 5's (a response that must not land).
    func replacingFive() -> [UInt8] {
        Array(String(decoding: self, as: UTF8.self).replacingOccurrences(of: "\"id\":\"11\"", with: "\"id\":\"5\"").utf8)
    }
}
