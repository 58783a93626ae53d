@_spi(Generated) import Baton
import BatonTesting
import Testing

extension TestProfileQuery: Baton.Query {
    static let document: Baton.Document = .text(
        "query TestProfileQuery($id:ID!){character(id:$id){name,...TestAppearances_character@defer(label:\"TestProfileQuery$defer$TestAppearances_character\"),id}}"
    )
}

/// An incremental response fetched by a handle: the request says it may answer in parts, each part
/// commits as its own batch, a stray part is dropped and logged, and the fetch ends with the stream.
@MainActor @Suite struct DeferredFetchTests {
    @Test func aHandleCommitsEachPartAndIsReadyFromTheFirst() async throws {
        let transport = ScriptedTransport()
        let environment = Environment(transport: transport)
        var events: [LogEvent] = []
        environment.log = { events.append($0) }
        let handle = environment.handle(for: TestProfileQuery(id: "1"))
        let retention = handle.retain()
        #expect(await wait(until: { transport.held.count == 1 }))
        #expect(transport.held[0].request.answersInParts)
        transport.held[0].respond(parts: [
            Payload(try Fixtures.bytes("tests/character-deferred-1.json")),
            Payload(try Fixtures.bytes("tests/character-deferred-stray.json")),
            Payload(try Fixtures.bytes("tests/character-deferred-2.json")),
        ])
        #expect(await wait(until: { !handle.fetch.isInFlight }))
        #expect(handle.phase.kind == .ready)
        #expect(events.contains(.partDropped(path: "character.nonexistent")))
        // The stray part's only item is dropped, so it makes no batch: two commits.
        #expect(events.filter { if case .committed = $0 { true } else { false } }.count == 2)
        #expect(events.last.map { if case .fetchCompleted = $0 { true } else { false } } == true)
        let episodes = try #require(environment.store.record(forKey: "Character:1")).exportedFields(in: environment.store)
            .first { $0.key == "episode" }
        #expect(episodes != nil)
        #expect(handle.fetchTime != nil)
        _ = retention
    }

    /// A response whose stream ends while parts are due (`hasNext: true` last) fails the fetch as a
    /// transport failure; the part held only half makes the next attach fetch it whole.
    @Test func aStreamEndedBeforeItsLastPartFailsTheFetch() async throws {
        let transport = ScriptedTransport()
        let environment = Environment(transport: transport)
        let handle = environment.handle(for: TestProfileQuery(id: "1"))
        let retention = handle.retain()
        #expect(await wait(until: { transport.held.count == 1 }))
        transport.held[0].respond(parts: [Payload(try Fixtures.bytes("tests/character-deferred-1.json"))])
        #expect(await wait(until: { !handle.fetch.isInFlight }))
        #expect(handle.fetch.failureKind == .transport)
        // The first part's data shows meanwhile.
        #expect(handle.phase.kind == .ready)
        _ = environment.handle(for: TestProfileQuery(id: "1"))
        #expect(await wait(until: { transport.held.count == 2 }))
        #expect(handle.fetch.isInFlight)
        _ = retention
    }

    /// A deferred part held only half (its link there, fields behind it missing, as an image or a
    /// cut stream can leave it) is cleared: the rest of the operation is ready, the fragment reads
    /// absent rather than half, and the operation fetches it whole.
    @Test func aPartHeldOnlyHalfIsClearedAndFetched() async throws {
        let transport = ScriptedTransport()
        let environment = Environment(transport: transport)
        try await environment.commitResponse(
            TestProfileQuery(id: "1"), parts: [Payload(try Fixtures.bytes("tests/character-deferred-1.json"))])
        // The deferred `episode` link arrives with names but without `air_date`.
        try await environment.commitPayload(
            TestProfileQuery(id: "1"),
            Payload(json: #"{"data":{"character":{"id":"1","episode":[{"id":"1","name":"Pilot"}]}}}"#))
        let character = try #require(environment.store.record(forKey: "Character:1"))
        #expect(character.exportedFields(in: environment.store).contains { $0.key == "episode" })

        let handle = environment.handle(for: TestProfileQuery(id: "1"))
        let retention = handle.retain()
        // Ready from the store (the part is not waited for), and fetching the part whole.
        #expect(handle.phase.kind == .ready)
        #expect(await wait(until: { transport.held.count == 1 }))
        #expect(!character.exportedFields(in: environment.store).contains { $0.key == "episode" })
        transport.held[0].respond(parts: [
            Payload(try Fixtures.bytes("tests/character-deferred-1.json")),
            Payload(try Fixtures.bytes("tests/character-deferred-2.json")),
        ])
        #expect(await wait(until: { !handle.fetch.isInFlight }))
        #expect(character.exportedFields(in: environment.store).contains { $0.key == "episode" })
        _ = retention
    }
}
