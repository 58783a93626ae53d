@_spi(Generated) @_spi(Testing) import Baton
import BatonInspector
import BatonTesting
import Foundation
import Observation
import Testing

/// A subscription's handle over a stream the test drives: events committed at the subscription root
/// and counted, bad events, parking and resuming, the backoff, completion, failures, release, end.
@MainActor @Suite struct SubscriptionTests {
    struct Lost: Error {}

    static let event1 = #"{"data":{"noteAdded":{"noteEdge":{"cursor":"c6","node":{"__typename":"Note","id":"n6","text":"Live"}}}}}"#
    static let event2 = #"{"data":{"noteAdded":{"noteEdge":{"cursor":"c7","node":{"__typename":"Note","id":"n7","text":"Later"}}}}}"#
    static let denied = #"{"data":null,"errors":[{"message":"Not authorized","path":["noteAdded"]}]}"#

    /// The stream the handle opened last and still holds open.
    static func open(_ transport: ScriptedTransport) -> ScriptedTransport.Driven? {
        transport.driven.last { $0.isOpen }
    }

    static func text(_ environment: Environment, _ key: String) -> String {
        let dump = StoreExport.text(of: environment.store)
        return dump.split(separator: "\n").first { $0.contains("\"\(key)\":") }.map(String.init) ?? ""
    }

    @Test func eventsCommitAtTheSubscriptionRootAndCount() async throws {
        let transport = ScriptedTransport()
        let environment = Environment(transport: transport)
        let handle = environment.handle(for: TestNoteAdded(characterId: "1"))
        let retention = handle.retain()
        #expect(handle.stream == .connecting)
        #expect(handle.latest == nil)
        #expect(await wait(until: { Self.open(transport) != nil }))
        let request = try #require(transport.requests(.subscription).first)
        #expect(request.operationName == "TestNoteAdded")
        #expect(request.variables["characterId"] == "1")

        Self.open(transport)?.send(json: Self.event1)
        #expect(await wait(until: { handle.events == 1 }))
        #expect(handle.stream == .open)
        #expect(handle.latest != nil)
        #expect(Self.text(environment, "Note:n6").contains("\"Live\""))
        #expect(Self.text(environment, "client:root:subscription").contains(#"noteAdded(characterId:\"1\")"#))

        // Errors and no data: one bad event; the stream stays open and the count does not move.
        Self.open(transport)?.send(json: Self.denied)
        #expect(await wait(until: { handle.deliveries == 2 }))
        #expect(handle.stream == .open)
        #expect(handle.events == 1)
        let failure = try #require(handle.error as? Failure)
        #expect(failure.kind == .request)
        #expect(failure.errors.map(\.message) == ["Not authorized"])

        // Bytes the plan cannot read are a bad event too, never a commit.
        Self.open(transport)?.send(json: #"{"data":{"noteAdded":{"noteEdge":{"cursor":7}}}}"#)
        #expect(await wait(until: { handle.deliveries == 3 }))
        #expect((handle.error as? Failure)?.kind == .malformed)
        #expect(handle.events == 1)

        Self.open(transport)?.send(json: Self.event2)
        #expect(await wait(until: { handle.events == 2 }))
        #expect(Self.text(environment, "Note:n7").contains("\"Later\""))
        _ = retention
    }

    @Test func aBodyReadingEventsRerunsOnEachEvent() async throws {
        let transport = ScriptedTransport()
        let environment = Environment(transport: transport)
        let handle = environment.handle(for: TestNoteAdded(characterId: "1"))
        let retention = handle.retain()
        #expect(await wait(until: { Self.open(transport) != nil }))
        final class Flag: @unchecked Sendable { var fired = false }
        let flag = Flag()
        withObservationTracking {
            _ = handle.events
        } onChange: {
            flag.fired = true
        }
        #expect(!flag.fired)
        Self.open(transport)?.send(json: Self.event1)
        #expect(await wait(until: { flag.fired }))
        _ = retention
    }

    @Test func equalValuesShareOneHandleAndOneStream() async throws {
        let transport = ScriptedTransport()
        let environment = Environment(transport: transport)
        let first = environment.handle(for: TestNoteAdded(characterId: "1"))
        let second = environment.handle(for: TestNoteAdded(characterId: "1"))
        let other = environment.handle(for: TestNoteAdded(characterId: "2"))
        let retentions = [first.retain(), second.retain(), other.retain()]
        #expect(first === second)
        #expect(first !== other)
        #expect(await wait(until: { transport.driven.count == 2 }))
        for _ in 0..<10 { await Task.yield() }
        #expect(transport.requests(.subscription).count == 2)
        _ = retentions
    }

    @Test func inactiveParksAndActiveResumesCountingAResumption() async throws {
        let transport = ScriptedTransport()
        let environment = Environment(transport: transport)
        let handle = environment.handle(for: TestNoteAdded(characterId: "1"))
        let retention = handle.retain()
        #expect(await wait(until: { Self.open(transport) != nil }))
        let first = try #require(Self.open(transport))

        environment.isActive = false
        #expect(handle.stream == .idle)
        #expect(await wait(until: { !first.isOpen }), "parking closes the stream")
        #expect(handle.resumptions == 0)

        environment.isActive = true
        #expect(handle.stream == .connecting)
        #expect(handle.resumptions == 1)
        #expect(await wait(until: { transport.driven.count == 2 && Self.open(transport) != nil }))
        Self.open(transport)?.send(json: Self.event1)
        #expect(await wait(until: { handle.stream == .open }))

        // Made while inactive, a handle stays parked and sends nothing; its first opening is no resumption.
        environment.isActive = false
        let later = environment.handle(for: TestNoteAdded(characterId: "3"))
        let laterRetention = later.retain()
        #expect(later.stream == .idle)
        environment.isActive = true
        #expect(later.stream == .connecting)
        #expect(later.resumptions == 0)
        _ = (retention, laterRetention)
    }

    @Test func completionEndsAndRetryReopens() async throws {
        let transport = ScriptedTransport()
        let environment = Environment(transport: transport)
        let handle = environment.handle(for: TestNoteAdded(characterId: "1"))
        let retention = handle.retain()
        #expect(await wait(until: { Self.open(transport) != nil }))
        Self.open(transport)?.complete()
        #expect(await wait(until: { handle.stream == .ended(nil) }))
        #expect(handle.error == nil)
        #expect(!handle.isActive)

        handle.retry()
        #expect(handle.stream == .connecting)
        #expect(handle.resumptions == 1)
        #expect(await wait(until: { transport.driven.count == 2 }))
        _ = retention
    }

    @Test func aRequestErrorEndsTheStreamAndATransportFailureWaitsThenReopens() async throws {
        let transport = ScriptedTransport()
        let environment = Environment(transport: transport)
        environment.subscriptionBackoff = Backoff(initial: .milliseconds(20), maximum: .milliseconds(40))
        let refused = environment.handle(for: TestNoteAdded(characterId: "1"))
        let live = environment.handle(for: TestNoteAdded(characterId: "2"))
        let retentions = [refused.retain(), live.retain()]
        #expect(await wait(until: { transport.driven.filter(\.isOpen).count == 2 }))
        let streams = transport.driven
        let refusedStream = try #require(streams.first { $0.request.variables["characterId"] == "1" })
        let liveStream = try #require(streams.first { $0.request.variables["characterId"] == "2" })

        refusedStream.fail(GraphQLErrors([ResponseError(message: "bad subscription", path: nil)]))
        #expect(await wait(until: { refused.stream == .ended(.request) }))
        #expect((refused.error as? Failure)?.errors.map(\.message) == ["bad subscription"])

        liveStream.send(json: Self.event1)
        #expect(await wait(until: { live.events == 1 }))
        liveStream.fail(Lost())
        #expect(await wait(until: { live.stream == .waiting }))
        #expect((live.error as? Failure)?.underlying is Lost)
        #expect(live.resumptions == 0)
        // The backoff's instant passes: the stream reopens by itself, counted.
        #expect(await wait(until: { live.stream == .connecting && live.resumptions == 1 }))
        #expect(await wait(until: { transport.requests(.subscription).count == 3 }))
        _ = retentions
    }

    @Test func withoutATransportTheStreamEndsAsTheEnvironments() {
        let environment = Environment()
        let handle = environment.handle(for: TestNoteAdded(characterId: "1"))
        let retention = handle.retain()
        #expect(handle.stream == .ended(.environment))
        #expect((handle.error as? Failure)?.underlying as? EnvironmentError == .noSubscriptionTransport)
        _ = retention
    }

    @Test func aSeparateSubscriptionTransportOpensSubscriptions() async {
        let queries = ScriptedTransport()
        let sockets = ScriptedTransport()
        let environment = Environment(transport: queries, subscriptions: sockets)
        let handle = environment.handle(for: TestNoteAdded(characterId: "1"))
        let retention = handle.retain()
        #expect(await wait(until: { sockets.driven.count == 1 }))
        #expect(queries.requestCount == 0)
        _ = retention
    }

    @Test func releasedTheStreamClosesAndItsRootLeaves() async throws {
        let transport = ScriptedTransport()
        let environment = Environment(transport: transport)
        var retention: Retention? = environment.handle(for: TestNoteAdded(characterId: "1")).retain()
        #expect(await wait(until: { Self.open(transport) != nil }))
        let stream = try #require(Self.open(transport))
        stream.send(json: Self.event1)
        #expect(await wait(until: { environment.store.record(forKey: "Note:n6") != nil }))

        retention?.end()
        retention = nil
        #expect(await wait(until: { !stream.isOpen }))
        #expect(await wait(until: { environment.store.record(forKey: "Note:n6") == nil }))
        // A new handle for the value opens a new stream.
        let again = environment.handle(for: TestNoteAdded(characterId: "1"))
        let kept = again.retain()
        #expect(await wait(until: { transport.driven.count == 2 && Self.open(transport) != nil }))
        _ = kept
    }

    @Test func anUnretainedHandleClosesAtTheEndOfTheTurn() async {
        let transport = ScriptedTransport()
        let environment = Environment(transport: transport)
        let handle = environment.handle(for: TestNoteAdded(characterId: "1"))
        #expect(await wait(until: { handle.stream == .idle }))
        #expect(await wait(until: { transport.driven.allSatisfy { !$0.isOpen } }))
    }

    @Test func endEndsEveryStreamAsGone() async throws {
        let transport = ScriptedTransport()
        let environment = Environment(transport: transport)
        let handle = environment.handle(for: TestNoteAdded(characterId: "1"))
        let retention = handle.retain()
        #expect(await wait(until: { Self.open(transport) != nil }))
        let stream = try #require(Self.open(transport))
        environment.end()
        #expect(handle.stream == .ended(.environment))
        #expect((handle.error as? Failure)?.underlying as? EnvironmentError == .gone)
        #expect(await wait(until: { !stream.isOpen }))
        // A late event reaches nothing; a later handle is gone at once.
        stream.send(json: Self.event1)
        let later = environment.handle(for: TestNoteAdded(characterId: "2"))
        #expect(later.stream == .ended(.environment))
        handle.retry()
        #expect(handle.stream == .ended(.environment))
        _ = retention
    }

    @Test func theBackoffDoublesToItsMaximumJitteredAndResets() {
        var backoff = Backoff.standard
        #expect([1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0].map { backoff.next(random: $0) } == [1, 2, 4, 8, 16, 30, 30].map { .seconds($0) })
        backoff.reset()
        #expect(backoff.next(random: 0) == .milliseconds(500))
        #expect(backoff.next(random: 0.5) == .milliseconds(1500))
        for _ in 0..<100 {
            let wait = backoff.next()
            #expect(wait >= .seconds(2) && wait <= .seconds(30))
        }
    }
}
