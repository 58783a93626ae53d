@_spi(Generated) import Baton
import BatonInspector
import BatonTesting
import Foundation
import Testing

@testable import BatonConformance

/// `lookups` through generated plans: the availability check binds a missing query-root link to
/// the live entity the field's arguments name (spec/conformance/tests/baton.json lists them).
@MainActor @Suite struct LookupTests {
    @Test func aCompositeKeyLookupBindsTheRootLinkInTheCheck() async throws {
        let environment = Environment(transport: SilentTransport())
        try await environment.commitResponse(TestQuotesQuery(), Payload(try Fixtures.bytes("tests/quote-list.json")))
        #expect(environment.check(TestQuoteQuery(base: "BTC", quote: "USD")) == .memory)
        #expect(environment.data(for: TestQuoteQuery(base: "BTC", quote: "USD")).quote?.rate == 1.5)
        // The bound link is written, as the check script's dump shows.
        let expected = try String(contentsOf: Fixtures.root.appendingPathComponent("scripts/check-bound.store.json"), encoding: .utf8)
        #expect(StoreExport.text(of: environment.store) == expected)
        // No entity Quote:BTC:EUR: a miss, and nothing written.
        #expect(environment.check(TestQuoteQuery(base: "BTC", quote: "EUR")) == .miss)
        #expect(environment.data(for: TestQuoteQuery(base: "BTC", quote: "EUR")).quote == nil)
        #expect(StoreExport.text(of: environment.store) == expected)
    }

    @Test func aHandleOverALookupIsReadyWithoutARequest() async throws {
        let transport = RecordedTransport([:])
        let environment = Environment(transport: transport)
        try await environment.commitResponse(TestHeaderQuery(id: "5"), Payload(try Fixtures.bytes("tests/character-header-5.json")))
        // `Query.node` is an untyped lookup: Character:5 is the one live entity with that id.
        let handle = environment.handle(for: TestNodeFields(id: "5"))
        let retention = handle.retain()
        #expect(handle.phase.kind == .ready)
        #expect(handle.fetch.isInFlight == false)
        #expect(transport.requestCount == 0)
        #expect(handle.data.node?.asCharacter?.name == "Jerry Smith")
        _ = retention
    }

    @Test func anIdSharedByEntitiesOfSeveralTypesBindsNothing() async throws {
        let environment = Environment(transport: SilentTransport())
        var events: [LogEvent] = []
        environment.log = { events.append($0) }
        try await environment.commitResponse(TestHeaderQuery(id: "5"), Payload(try Fixtures.bytes("tests/character-header-5.json")))
        // Location:20 (the origin) and a Character:20 answered by another query share the id 20.
        let character20 =
            #"{"data":{"character":{"name":"Twenty","status":"Alive","species":"Human","image":"x","origin":null,"id":"20"}}}"#
        try await environment.commitResponse(TestHeaderQuery(id: "20"), Payload(json: character20))
        #expect(environment.check(TestNodeFields(id: "20")) == .miss)
        #expect(events.contains(.ambiguousIdentity))
        #expect(environment.data(for: TestNodeFields(id: "20")).node == nil)
    }

    @Test func aDeletedEntityIsNotBound() async throws {
        let environment = Environment(transport: SilentTransport())
        try await environment.commitResponse(TestQuotesQuery(), Payload(try Fixtures.bytes("tests/quote-list.json")))
        try await environment.commitResponse(TestQuoteQuery(base: "EUR", quote: "USD"), Payload(json: #"{"data":{"quote":null}}"#))
        // The root field answered null: nothing is missing, so the lookup does not override it.
        #expect(environment.check(TestQuoteQuery(base: "EUR", quote: "USD")) == .memory)
        #expect(environment.data(for: TestQuoteQuery(base: "EUR", quote: "USD")).quote == nil)
    }
}
