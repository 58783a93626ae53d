@_spi(Generated) import Baton
import BatonTesting
import Foundation
import Testing

/// As batonc emits `query TestStreamedScalars { tokenizer { id strings @stream(initialCount: 1)
/// counts @stream(initialCount: 0) jsons @stream(initialCount: 1) } }`.
struct TestStreamedScalars: Baton.Query {
    static let name = "TestStreamedScalars"
    static let document: Baton.Document = .text(
        "query TestStreamedScalars{tokenizer{id,strings@stream(initialCount:1),counts@stream(initialCount:0),jsons@stream(initialCount:1)}}"
    )
    var variables: Baton.Variables { [:] }

    static let plan = Baton.Plan(root: selection0)
    private static let selection0 = Baton.Selection(
        type: Types.Query,
        fields: [.linked("tokenizer", key: .fixed(Slots.Query.tokenizer), selection: selection1)])
    private static let selection1 = Baton.Selection(
        type: Types.Tokenizer, key: ["id"],
        fields: [
            .scalar("id", key: .fixed(Slots.Tokenizer.id), kind: .id),
            .scalar("strings", key: .fixed(Slots.Tokenizer.strings), kind: .string, list: true, streamed: true),
            .scalar("counts", key: .fixed(Slots.Tokenizer.counts), kind: .int, list: true, streamed: true),
            .scalar("jsons", key: .fixed(Slots.Tokenizer.jsons), kind: .custom, list: true, streamed: true),
        ])

    struct Data: Baton.Lens {
        let anchor: Baton.Anchor
        init(anchor: Baton.Anchor) { self.anchor = anchor }
        @MainActor var tokenizer: Tokenizer? { anchor.read(link: Slots.Query.tokenizer) }

        struct Tokenizer: Baton.Lens {
            let anchor: Baton.Anchor
            init(anchor: Baton.Anchor) { self.anchor = anchor }
            @MainActor var strings: [String?]? { anchor.read(Slots.Tokenizer.strings) }
            @MainActor var counts: [Int?]? { anchor.read(Slots.Tokenizer.counts) }
            @MainActor var jsons: [String?]? { anchor.read(Slots.Tokenizer.jsons) }
        }
    }
}

/// `@stream` on lists of scalars: each part's items extend the list the first part placed, in both
/// incremental shapes, strings with escapes and custom scalars' text kept as any read keeps them.
@MainActor @Suite struct StreamedScalarsTests {
    static let first =
        #"{"data":{"tokenizer":{"id":"t","strings":["a"],"counts":[],"jsons":[{"k":1}]}},"hasNext":true"#
    static let announced =
        first + #","pending":[{"id":"0","path":["tokenizer","strings"]},{"id":"1","path":["tokenizer","counts"]}]}"#

    static func tokenizer(_ environment: Environment) -> TestStreamedScalars.Data.Tokenizer? {
        environment.data(for: TestStreamedScalars()).tokenizer
    }

    @Test func itemsByAnnouncedIDExtendTheList() async throws {
        let environment = Environment()
        let results = try await environment.commitResponse(
            TestStreamedScalars(),
            parts: [
                Payload(json: Self.announced),
                Payload(json: #"{"hasNext":true,"incremental":[{"items":["b","c\u00e9"],"id":"0"},{"items":[3],"id":"1"}]}"#),
                Payload(
                    json:
                        #"{"hasNext":false,"incremental":[{"items":["d"],"id":"0"},{"items":[4,null],"id":"1"}],"completed":[{"id":"0"},{"id":"1"}]}"#
                ),
            ])
        #expect(results.count == 3)
        let tokenizer = try #require(Self.tokenizer(environment))
        #expect(tokenizer.strings == ["a", "b", "cé", "d"])
        #expect(tokenizer.counts == [3, 4, nil])
    }

    /// The 2022 shape: `path` ends with the first item's index; a later index leaves a null for the
    /// one not come yet, which its own part then fills. A custom scalar's items keep their text.
    @Test func itemsByIndexLandInPlace() async throws {
        let environment = Environment()
        try await environment.commitResponse(
            TestStreamedScalars(),
            parts: [
                Payload(json: Self.first + "}"),
                Payload(json: #"{"hasNext":true,"incremental":[{"items":["c"],"path":["tokenizer","strings",2]}]}"#),
                Payload(json: #"{"hasNext":true,"incremental":[{"items":[[1,2]],"path":["tokenizer","jsons",1]}]}"#),
            ])
        var tokenizer = try #require(Self.tokenizer(environment))
        #expect(tokenizer.strings == ["a", nil, "c"])
        #expect(tokenizer.jsons == [#"{"k":1}"#, "[1,2]"])

        // The hole filled by its own part, committed alone to see what it notified: the one slot.
        var state = try Ingest.firstPart(
            Array((Self.first + "}").utf8), plan: TestStreamedScalars.plan, complete: true
        ).1
        _ = try Ingest.laterPart(
            Array(#"{"hasNext":true,"incremental":[{"items":["c"],"path":["tokenizer","strings",2]}]}"#.utf8),
            state: &state)
        let fill = try Ingest.laterPart(
            Array(#"{"hasNext":false,"incremental":[{"items":["b"],"path":["tokenizer","strings",1]}]}"#.utf8),
            state: &state)
        let result = environment.store.commit(fill, kind: .server)
        tokenizer = try #require(Self.tokenizer(environment))
        #expect(tokenizer.strings == ["a", "b", "c"])
        #expect(Set(result.notified.map { "\($0.record).\($0.field)" }) == ["Tokenizer:t.strings"])
    }

    /// Items for a list the first part left null (or never had) are dropped and logged.
    @Test func itemsForANullListAreDropped() async throws {
        let environment = Environment()
        var events: [LogEvent] = []
        environment.log = { events.append($0) }
        try await environment.commitResponse(
            TestStreamedScalars(),
            parts: [
                Payload(json: #"{"data":{"tokenizer":{"id":"t","strings":null,"counts":[],"jsons":[]}},"hasNext":true}"#),
                Payload(json: #"{"hasNext":false,"incremental":[{"items":["x"],"path":["tokenizer","strings",0]}]}"#),
            ])
        #expect(events.contains(.partDropped(path: "tokenizer.strings.0")))
        #expect(Self.tokenizer(environment)?.strings == nil)
    }

    /// An item that is not a scalar of the list's kind makes the part malformed; nothing commits.
    @Test func anItemOfTheWrongShapeIsMalformed() throws {
        var state = try Ingest.firstPart(Array((Self.first + "}").utf8), plan: TestStreamedScalars.plan, complete: true).1
        #expect(throws: IngestError.self) {
            _ = try Ingest.laterPart(
                Array(#"{"hasNext":false,"incremental":[{"items":[1.5],"path":["tokenizer","counts",0]}]}"#.utf8),
                state: &state)
        }
    }

    /// Relay's rule holds for scalars too: another commit that changed the list since the stream
    /// left it makes the items stale; they are dropped and the list keeps the other commit's values.
    @Test func itemsForAListAnotherCommitChangedAreDropped() async throws {
        let transport = PartByPartTransport()
        let environment = Environment(transport: transport)
        var events: [LogEvent] = []
        environment.log = { events.append($0) }
        let handle = environment.handle(for: TestStreamedScalars())
        let retention = handle.retain()
        #expect(await wait(until: { transport.isWaiting }))
        transport.part(Self.announced)
        #expect(await wait(until: { Self.tokenizer(environment)?.strings == ["a"] }))
        try await environment.commitPayload(
            TestStreamedScalars(),
            Payload(json: #"{"data":{"tokenizer":{"id":"t","strings":["z"],"counts":[],"jsons":[]}}}"#))
        transport.part(#"{"hasNext":false,"completed":[{"id":"0"}],"incremental":[{"items":["b"],"id":"0"}]}"#)
        transport.end()
        #expect(await wait(until: { !handle.fetch.isInFlight }))
        #expect(events.contains(.partDropped(path: "tokenizer.strings")))
        #expect(Self.tokenizer(environment)?.strings == ["z"])
        _ = retention
    }
}
