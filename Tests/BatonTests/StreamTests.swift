@_spi(Generated) import Baton
import BatonInspector
import BatonTesting
import Foundation
import Testing

/// As batonc emits `query TestStreamedList { characters { results @stream(initialCount: 1) { id name } } }`.
struct TestStreamedList: Baton.Query {
    static let name = "TestStreamedList"
    static let document: Baton.Document = .text(
        "query TestStreamedList{characters{results@stream(initialCount:1,label:\"rest\"){id,name}}}")
    var variables: Baton.Variables { ["page": .null] }

    static let plan = Baton.Plan(root: selection0)
    private static let selection0 = Baton.Selection(
        type: Types.Query,
        fields: [
            .linked("characters", key: .dynamic(Slots.Query.characters_page), selection: selection1)
        ])
    private static let selection1 = Baton.Selection(
        type: Types.Characters,
        fields: [
            .plural("results", key: .fixed(Slots.Characters.results), selection: selection2, streamed: true)
        ])
    private static let selection2 = Baton.Selection(
        type: Types.Character, key: ["id"],
        fields: [
            .scalar("id", key: .fixed(Slots.Character.id), kind: .id),
            .scalar("name", key: .fixed(Slots.Character.name), kind: .string),
        ])

    struct Data: Baton.Lens {
        let anchor: Baton.Anchor
        init(anchor: Baton.Anchor) { self.anchor = anchor }
        @MainActor var characters: Characters? { anchor.read(link: Slots.Query.characters_page) }

        struct Characters: Baton.Lens {
            let anchor: Baton.Anchor
            init(anchor: Baton.Anchor) { self.anchor = anchor }
            @MainActor var results: Baton.List<Result>? { anchor.read(plural: Slots.Characters.results) }
        }

        struct Result: Baton.Lens {
            let anchor: Baton.Anchor
            init(anchor: Baton.Anchor) { self.anchor = anchor }
            @MainActor var name: String? { anchor.read(Slots.Character.name) }
        }
    }
}

/// `@stream` items ingested as they arrive: each lands at its index, keyed as the first part would
/// have keyed it, the list growing in place; both incremental shapes, and strawberry's hybrid.
@MainActor @Suite struct StreamTests {
    static let first = #"{"data":{"characters":{"results":[{"id":"1","name":"Rick"}]}},"hasNext":true"#

    static func names(_ environment: Environment) -> [String?] {
        let results = environment.data(for: TestStreamedList()).characters?.results
        return results.map { list in list.indices.map { list[$0].name } } ?? []
    }

    @Test func aStreamedPlanAnswersInParts() {
        #expect(Request(TestStreamedList()).answersInParts)
    }

    /// What strawberry (graphql-core 3.3) sends: `pending` by id, the list's path copied beside the
    /// id, and `completed` before `incremental` in the last part.
    @Test func itemsByAnnouncedIDLandAfterThoseThere() async throws {
        let environment = Environment()
        let results = try await environment.commitResponse(
            TestStreamedList(),
            parts: [
                Payload(json: Self.first + #","pending":[{"id":"0","path":["characters","results"],"label":"rest"}]}"#),
                Payload(
                    json: #"{"hasNext":true,"incremental":[{"items":[{"id":"2","name":"Morty"}],"id":"0"}]}"#),
                Payload(
                    json:
                        #"{"hasNext":false,"completed":[{"id":"0"}],"incremental":[{"items":[{"id":"3","name":"Summer"},{"id":"4","name":"Beth"}],"id":"0","path":["characters","results"],"label":"rest"}]}"#
                ),
            ])
        #expect(results.count == 3)
        #expect(Self.names(environment) == ["Rick", "Morty", "Summer", "Beth"])
        // Each item keyed as the first part keys a record with an id.
        #expect(environment.store.record(forKey: "Character:4") != nil)
    }

    /// The 2022 shape: `path` ends with the item's index. An item for index 2 before index 1 reads in
    /// its place with the hole skipped; index 1 fills the hole, notifying the one list slot.
    @Test func itemsByIndexFillHolesInPlace() async throws {
        let environment = Environment()
        try await environment.commitResponse(
            TestStreamedList(),
            parts: [
                Payload(json: Self.first + "}"),
                Payload(
                    json: #"{"hasNext":true,"incremental":[{"items":[{"id":"3","name":"Summer"}],"path":["characters","results",2]}]}"#),
            ])
        #expect(Self.names(environment) == ["Rick", "Summer"])
        // The same parts read by hand, to commit the last one alone and see what it notified.
        var state = try Ingest.firstPart(
            Array((Self.first + "}").utf8), plan: TestStreamedList.plan, variables: ["page": .null], complete: true
        ).1
        _ = try Ingest.laterPart(
            Array(#"{"hasNext":true,"incremental":[{"items":[{"id":"3","name":"Summer"}],"path":["characters","results",2]}]}"#.utf8),
            state: &state)
        let fill = try Ingest.laterPart(
            Array(#"{"hasNext":false,"incremental":[{"items":[{"id":"2","name":"Morty"}],"path":["characters","results",1]}]}"#.utf8),
            state: &state)
        let result = environment.store.commit(fill, kind: .server)
        #expect(Self.names(environment) == ["Rick", "Morty", "Summer"])
        let fields = Set(result.notified.map { "\($0.record).\($0.field)" })
        #expect(fields.contains("client:root:characters.results"), "\(fields)")
        #expect(!fields.contains("Character:1.name"))
    }

    @Test func anItemForAPlaceTheResponseNeverHadIsDropped() async throws {
        let environment = Environment()
        var events: [LogEvent] = []
        environment.log = { events.append($0) }
        try await environment.commitResponse(
            TestStreamedList(),
            parts: [
                Payload(json: Self.first + "}"),
                Payload(json: #"{"hasNext":false,"incremental":[{"items":[{"id":"9","name":"X"}],"path":["episodes","results",1]}]}"#),
            ])
        #expect(events.contains(.partDropped(path: "episodes.results.1")))
        #expect(environment.store.record(forKey: "Character:9") == nil)
        #expect(Self.names(environment) == ["Rick"])
    }

    @Test func anItemThatIsNotAnObjectIsMalformed() async throws {
        var state = try Ingest.firstPart(
            Array((Self.first + "}").utf8), plan: TestStreamedList.plan, variables: ["page": .null], complete: true
        ).1
        #expect(throws: IngestError.self) {
            _ = try Ingest.laterPart(
                Array(#"{"hasNext":false,"incremental":[{"items":[7],"path":["characters","results",1]}]}"#.utf8), state: &state)
        }
    }
}

/// As batonc emits `character(id:) { notes(first: 2) @stream_connection(key: "TestNotes_notes", initial_count: 1)
/// { edges { node { id text } cursor } pageInfo { endCursor hasNextPage } } }`: the edges stream and the
/// page info is deferred (Relay's rewrite).
struct TestStreamedNotes: Baton.Operation {
    static let name = "TestStreamedNotes"
    var variables: Baton.Variables { ["id": "1"] }
    static let plan = Baton.Plan(
        root: Baton.Selection(
            type: Types.Query,
            fields: [
                .linked(
                    "character", key: .dynamic(Slots.Query.character_id),
                    selection: Baton.Selection(
                        type: Types.Character, key: ["id"],
                        fields: [
                            .scalar("id", key: .fixed(Slots.Character.id), kind: .id),
                            .linked(
                                "notes", key: .fixed(Slots.Character.notes_first2),
                                selection: Baton.Selection(
                                    type: Types.NoteConnection,
                                    fields: [
                                        .plural(
                                            "edges", key: .fixed(Slots.NoteConnection.edges),
                                            selection: Baton.Selection(
                                                type: Types.NoteEdge,
                                                fields: [
                                                    .linked(
                                                        "node", key: .fixed(Slots.NoteEdge.node),
                                                        selection: Baton.Selection(
                                                            type: Types.Note, key: ["id"],
                                                            fields: [
                                                                .scalar("id", key: .fixed(Slots.Note.id), kind: .id),
                                                                .scalar("text", key: .fixed(Slots.Note.text), kind: .string),
                                                            ])),
                                                    .scalar("cursor", key: .fixed(Slots.NoteEdge.cursor), kind: .string),
                                                ]), streamed: true),
                                        .linked(
                                            "pageInfo", key: .fixed(Slots.NoteConnection.pageInfo),
                                            selection: Baton.Selection(
                                                type: Types.PageInfo,
                                                fields: [
                                                    .scalar("endCursor", key: .fixed(Slots.PageInfo.endCursor), kind: .string),
                                                    .scalar("hasNextPage", key: .fixed(Slots.PageInfo.hasNextPage), kind: .bool),
                                                ]), deferLabel: "pageInfo"),
                                    ]), connection: .init(key: .fixed(Slots.Character.__TestNotes_notes_connection))),
                        ]))
            ]))
    typealias Data = DumpOnly
}

extension StreamTests {
    /// Each streamed edge merges into the connection as it lands; the deferred page info merges last.
    @Test func streamedEdgesMergeIntoTheConnection() async throws {
        let environment = Environment()
        let connection = "Character:1:__TestNotes_notes_connection"
        func edges() -> Int {
            guard let record = environment.store.record(forKey: connection),
                let field = record.exportedFields(in: environment.store).first(where: { $0.key == "edges" }),
                case .links(let links)? = field.value
            else { return -1 }
            return links.count
        }
        let first =
            #"{"data":{"character":{"id":"1","notes":{"edges":[{"node":{"id":"n1","text":"One"},"cursor":"c1"}]}}},"hasNext":true,"pending":[{"id":"0","path":["character","notes","edges"]},{"id":"1","path":["character","notes"],"label":"pageInfo"}]}"#
        try await environment.commitResponse(TestStreamedNotes(), parts: [Payload(json: first)])
        #expect(edges() == 1)
        let environment2 = Environment()
        try await environment2.commitResponse(
            TestStreamedNotes(),
            parts: [
                Payload(json: first),
                Payload(json: #"{"hasNext":true,"incremental":[{"items":[{"node":{"id":"n2","text":"Two"},"cursor":"c2"}],"id":"0"}]}"#),
                Payload(
                    json:
                        #"{"hasNext":false,"completed":[{"id":"0"},{"id":"1"}],"incremental":[{"data":{"pageInfo":{"endCursor":"c2","hasNextPage":false}},"id":"1"}]}"#
                ),
            ])
        let record = try #require(environment2.store.record(forKey: connection))
        let fields = record.exportedFields(in: environment2.store)
        guard case .links(let links)? = fields.first(where: { $0.key == "edges" })?.value else {
            Issue.record("the connection has no edges")
            return
        }
        #expect(links.count == 2)
        #expect(fields.contains { $0.key == "pageInfo" })
        let info = try #require(environment2.store.record(forKey: connection + ":pageInfo"))
        #expect(
            info.exportedFields(in: environment2.store).contains { field in
                if field.key == "endCursor", case .string("c2")? = field.value { true } else { false }
            })
    }
}

/// A transport whose one response the test writes part by part.
final class PartByPartTransport: Transport, @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: AsyncThrowingStream<Payload, any Error>.Continuation?

    func send(_ request: Request) -> AsyncThrowingStream<Payload, any Error> {
        let (stream, continuation) = AsyncThrowingStream<Payload, any Error>.makeStream()
        lock.withLock { self.continuation = continuation }
        return stream
    }

    var isWaiting: Bool { lock.withLock { continuation != nil } }
    func part(_ json: String) { lock.withLock { continuation }?.yield(Payload(json: json)) }
    func end() { lock.withLock { continuation }?.finish() }
}

extension StreamTests {
    /// Relay's rule: items for a list another commit changed since the stream left it are dropped
    /// and logged; the list keeps what the other commit wrote.
    @Test func itemsForAListAnotherCommitChangedAreDropped() async throws {
        let transport = PartByPartTransport()
        let environment = Environment(transport: transport)
        var events: [LogEvent] = []
        environment.log = { events.append($0) }
        let handle = environment.handle(for: TestStreamedList())
        let retention = handle.retain()
        #expect(await wait(until: { transport.isWaiting }))
        transport.part(Self.first + #","pending":[{"id":"0","path":["characters","results"]}]}"#)
        #expect(await wait(until: { Self.names(environment) == ["Rick"] }))
        // Another response rewrites the list meanwhile.
        try await environment.commitPayload(
            TestStreamedList(), Payload(json: #"{"data":{"characters":{"results":[{"id":"7","name":"Squanchy"}]}}}"#))
        #expect(Self.names(environment) == ["Squanchy"])
        transport.part(#"{"hasNext":false,"completed":[{"id":"0"}],"incremental":[{"items":[{"id":"2","name":"Morty"}],"id":"0"}]}"#)
        transport.end()
        #expect(await wait(until: { !handle.fetch.isInFlight }))
        #expect(events.contains(.partDropped(path: "characters.results")))
        #expect(Self.names(environment) == ["Squanchy"])
        #expect(environment.store.record(forKey: "Character:2") == nil)
        _ = retention
    }

    /// Without another commit between them, the same parts land (the rule drops nothing else).
    @Test func itemsForAnUnchangedListLand() async throws {
        let transport = PartByPartTransport()
        let environment = Environment(transport: transport)
        let handle = environment.handle(for: TestStreamedList())
        let retention = handle.retain()
        #expect(await wait(until: { transport.isWaiting }))
        transport.part(Self.first + #","pending":[{"id":"0","path":["characters","results"]}]}"#)
        transport.part(#"{"hasNext":false,"completed":[{"id":"0"}],"incremental":[{"items":[{"id":"2","name":"Morty"}],"id":"0"}]}"#)
        transport.end()
        #expect(await wait(until: { !handle.fetch.isInFlight }))
        #expect(handle.fetch.failureKind == nil)
        #expect(Self.names(environment) == ["Rick", "Morty"])
        _ = retention
    }
}
