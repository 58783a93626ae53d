@_spi(Generated) import Baton
import BatonTesting
import Foundation
import Testing

@testable import BatonConformance

/// A `@refetchable` fragment's generated `refetch()`, and its connection's `loadNext(_:)`,
/// `isLoadingNext` and `refetch()`, through the generated `TestNotesPaginationQuery`.
@MainActor @Suite struct PaginationTests {
    /// The first page as the pagination query answers it (`node` in place of `character`).
    static func firstPageByNode() throws -> [UInt8] {
        let text = try String(contentsOf: Fixtures.root.appendingPathComponent("tests/notes-page-1.json"), encoding: .utf8)
        return Array(text.replacingOccurrences(of: #"{"data":{"character":{"#, with: #"{"data":{"node":{"__typename":"Character","#).utf8)
    }

    static func environment() throws -> (Environment, ScriptedTransport) {
        let transport = ScriptedTransport()
        return (Environment(transport: transport), transport)
    }

    @Test func loadNextFetchesThePageAfterTheEndCursorAndMergesIt() async throws {
        let (environment, transport) = try Self.environment()
        let handle = environment.handle(for: TestNotesQuery(id: "1"))
        let retention = handle.retain()
        #expect(await wait(until: { transport.held.count == 1 }))
        transport.held[0].respond(Payload(try Fixtures.bytes("tests/notes-page-1.json")))
        #expect(await wait(until: { handle.phase.kind == .ready }))
        let notes = try #require(handle.data.character?.testNotes.notes)
        #expect(notes.nodes.map(\.text) == ["Wubba lubba dub dub", "Portal gun needs charging"])
        #expect(notes.hasNext && !notes.isLoadingNext)

        let page = Task { @MainActor in try await notes.loadNext(2) }
        #expect(await wait(until: { transport.held.count == 2 }))
        let request = transport.held[1].request
        #expect(request.operationName == "TestNotesPaginationQuery")
        #expect(request.variables == ["count": .int(2), "cursor": .string("c2"), "id": .string("1")])
        #expect(notes.isLoadingNext)
        // A second call while a page is in flight sends nothing.
        try await notes.loadNext(2)
        #expect(transport.held.count == 2)
        transport.held[1].respond(Payload(try Fixtures.bytes("tests/notes-page-2.json")))
        try await page.value
        #expect(!notes.isLoadingNext)
        #expect(notes.nodes.map(\.text) == ["Wubba lubba dub dub", "Portal gun needs charging", "Get Schwifty", "Avoid the Citadel"])
        #expect(notes.pageInfo.endCursor == "c4")

        // The last page: no next page after it, so loadNext sends nothing.
        let last = Task { @MainActor in try await notes.loadNext(2) }
        #expect(await wait(until: { transport.held.count == 3 }))
        #expect(transport.held[2].request.variables["cursor"] == .string("c4"))
        transport.held[2].respond(Payload(try Fixtures.bytes("tests/notes-page-3.json")))
        try await last.value
        #expect(notes.nodes.count == 5 && !notes.hasNext)
        try await notes.loadNext(2)
        #expect(transport.held.count == 3)

        // The connection's refetch asks for the first page again, which replaces the list.
        let again = Task { @MainActor in try await notes.refetch() }
        #expect(await wait(until: { transport.held.count == 4 }))
        #expect(transport.held[3].request.variables == ["count": .int(2), "cursor": .null, "id": .string("1")])
        transport.held[3].respond(Payload(try Self.firstPageByNode()))
        try await again.value
        #expect(notes.nodes.map(\.text) == ["Wubba lubba dub dub", "Portal gun needs charging"])
        _ = retention
    }

    @Test func aFragmentsRefetchRunsItsQueryWithTheOriginsID() async throws {
        let (environment, transport) = try Self.environment()
        try await environment.commitResponse(TestNotesQuery(id: "1"), Payload(try Fixtures.bytes("tests/notes-page-1.json")))
        let fragment = try #require(environment.data(for: TestNotesQuery(id: "1")).character?.testNotes)
        let renamed = try String(decoding: Self.firstPageByNode(), as: UTF8.self).replacingOccurrences(
            of: "Rick Sanchez", with: "Rick Prime")
        let refetch = Task { @MainActor in try await fragment.refetch() }
        #expect(await wait(until: { transport.held.count == 1 }))
        // The fragment's own arguments (its count's default), the origin's id.
        #expect(transport.held[0].request.variables == ["count": .int(2), "cursor": .null, "id": .string("1")])
        transport.held[0].respond(Payload(json: renamed))
        try await refetch.value
        #expect(fragment.name == "Rick Prime")
    }

    /// New argument values: the request carries them, and the lens returned reads under them.
    @Test func aRefetchWithNewArgumentsReturnsTheLensThatReadsUnderThem() async throws {
        let (environment, transport) = try Self.environment()
        try await environment.commitResponse(TestNotesQuery(id: "1"), Payload(try Fixtures.bytes("tests/notes-page-1.json")))
        let fragment = try #require(environment.data(for: TestNotesQuery(id: "1")).character?.testNotes)
        let one =
            #"{"data":{"node":{"__typename":"Character","id":"1","name":"Rick Sanchez","notes":{"totalCount":5,"edges":[{"cursor":"c1","node":{"__typename":"Note","id":"n1","text":"Wubba lubba dub dub"}}],"pageInfo":{"endCursor":"c1","hasNextPage":true}}}}}"#
        let refetch = Task { @MainActor in try await fragment.refetch(count: 1, cursor: nil) }
        #expect(await wait(until: { transport.held.count == 1 }))
        #expect(transport.held[0].request.variables == ["count": .int(1), "cursor": .null, "id": .string("1")])
        transport.held[0].respond(Payload(json: one))
        let replaced = try await refetch.value
        #expect(replaced.notes.nodes.map(\.text) == ["Wubba lubba dub dub"])
        #expect(replaced.notes.pageInfo.endCursor == "c1")
        #expect(replaced.anchor.owner.variables["count"] == .int(1))
    }

    @Test func aFailedPageThrowsAndStopsLoading() async throws {
        let (environment, transport) = try Self.environment()
        try await environment.commitResponse(TestNotesQuery(id: "1"), Payload(try Fixtures.bytes("tests/notes-page-1.json")))
        let notes = try #require(environment.data(for: TestNotesQuery(id: "1")).character?.testNotes.notes)
        struct Offline: Error {}
        let page = Task { @MainActor in try await notes.loadNext(2) }
        #expect(await wait(until: { transport.held.count == 1 }))
        transport.held[0].refuse(Offline())
        await #expect(throws: Failure.self) { try await page.value }
        #expect(!notes.isLoadingNext)
        #expect(notes.nodes.count == 2)
    }
}
