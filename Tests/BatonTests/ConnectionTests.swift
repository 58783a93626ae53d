import Testing
@_spi(Generated) import Baton
import BatonInspector
import BatonTesting

/// Steps 1–3 and 5 of `scripts/connections.json` (step 4 needs `@appendEdge`, not built yet).
/// tests/notes-page-2.json and notes-page-3.json were not recovered: the pages below are what the
/// merged dump records, and a page after a cursor that is no longer the end.
@MainActor @Suite struct ConnectionTests {
    static let page2 = Payload(json: """
    {"data":{"node":{"__typename":"Character","name":"Rick Sanchez","notes":{"totalCount":5,"edges":[\
    {"cursor":"c3","node":{"__typename":"Note","id":"n3","text":"Get Schwifty"}},\
    {"cursor":"c4","node":{"__typename":"Note","id":"n4","text":"Avoid the Citadel"}}],\
    "pageInfo":{"endCursor":"c4","hasNextPage":true}},"id":"1"}}}
    """)
    static let afterC1 = Payload(json: """
    {"data":{"node":{"__typename":"Character","name":"Rick Sanchez","notes":{"totalCount":5,"edges":[\
    {"cursor":"c2","node":{"__typename":"Note","id":"n2","text":"Portal gun needs charging"}},\
    {"cursor":"c3","node":{"__typename":"Note","id":"n3","text":"Get Schwifty"}}],\
    "pageInfo":{"endCursor":"c3","hasNextPage":true}},"id":"1"}}}
    """)

    @Test func pagesMergeReplaceAndStalePagesAreIgnored() async throws {
        let environment = Environment()
        let query = TestNotesQuery(id: "1")
        try await environment.commitResponse(query, Payload(try Fixtures.bytes("tests/notes-page-1.json")))
        #expect(StoreExport.text(of: environment.store) == (try Fixtures.text("tests/notes-page-1.store.json")))
        let notes = try #require(environment.data(for: query).character?.notes)
        let body = BodyHost { (notes.nodes.map(\.text), notes.hasNext) }
        #expect(body.output.0 == ["Wubba lubba dub dub", "Portal gun needs charging"])
        #expect(notes.connectionID == "Character:1:__TestNotes_notes_connection")

        try await environment.commitResponse(TestNotesPaginationQuery(count: 2, cursor: "c2", id: "1"), Self.page2)
        #expect(StoreExport.text(of: environment.store) == (try Fixtures.text("scripts/connections-merged.store.json")))
        #expect(body.invalidations == 1)
        #expect(body.flush())
        #expect(body.output.0 == ["Wubba lubba dub dub", "Portal gun needs charging", "Get Schwifty", "Avoid the Citadel"])
        #expect(body.output.1)

        try await environment.commitResponse(query, Payload(try Fixtures.bytes("tests/notes-page-1.json")))
        #expect(StoreExport.text(of: environment.store) == (try Fixtures.text("scripts/connections-replaced.store.json")))
        #expect(body.flush())
        #expect(body.output.0 == ["Wubba lubba dub dub", "Portal gun needs charging"])

        // A page after "c1", which is no longer the end: ignored; nothing that held a value is told.
        let before = StoreExport.text(of: environment.store)
        let stale = try await environment.commitResponse(TestNotesPaginationQuery(count: 2, cursor: "c1", id: "1"), Self.afterC1)
        #expect(stale.notified.map(\.description) == ["Character:1.notes(after:\"c1\",first:2)"])
        #expect(!body.flush())
        #expect(StoreExport.text(of: environment.store).contains("\"Character:1:__TestNotes_notes_connection\": {\"__typename\": \"NoteConnection\", \"edges\": {\"__refs\": [\"Character:1:notes(first:2):edges:0\", \"Character:1:notes(first:2):edges:1\"]}"))
        #expect(before != StoreExport.text(of: environment.store))
    }

    @Test func aPageWithItsOwnNodesAgainIsDeduplicated() async throws {
        let environment = Environment()
        try await environment.commitResponse(TestNotesQuery(id: "1"), Payload(try Fixtures.bytes("tests/notes-page-1.json")))
        // A page after "c2" that repeats n2: the first edge for a node is kept.
        let repeating = Payload(json: """
        {"data":{"node":{"__typename":"Character","name":"Rick Sanchez","notes":{"totalCount":5,"edges":[\
        {"cursor":"c2","node":{"__typename":"Note","id":"n2","text":"Portal gun needs charging"}},null,\
        {"cursor":"c3","node":{"__typename":"Note","id":"n3","text":"Get Schwifty"}}],\
        "pageInfo":{"endCursor":"c3","hasNextPage":false}},"id":"1"}}}
        """)
        try await environment.commitResponse(TestNotesPaginationQuery(count: 2, cursor: "c2", id: "1"), repeating)
        let notes = try #require(environment.data(for: TestNotesQuery(id: "1")).character?.notes)
        #expect(notes.nodes.map(\.text) == ["Wubba lubba dub dub", "Portal gun needs charging", "Get Schwifty"])
        #expect(!notes.hasNext)
    }
}
