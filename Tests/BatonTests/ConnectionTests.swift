@_spi(Generated) import Baton
import BatonInspector
import BatonTesting
import Testing

/// The steps of `scripts/connections.json`.
/// tests/notes-page-2.json and notes-page-3.json were not recovered: the pages below are what the
/// merged dump records, and a page after a cursor that is no longer the end.
@MainActor @Suite struct ConnectionTests {
    static let page2 = Payload(
        json: """
            {"data":{"node":{"__typename":"Character","name":"Rick Sanchez","notes":{"totalCount":5,"edges":[\
            {"cursor":"c3","node":{"__typename":"Note","id":"n3","text":"Get Schwifty"}},\
            {"cursor":"c4","node":{"__typename":"Note","id":"n4","text":"Avoid the Citadel"}}],\
            "pageInfo":{"endCursor":"c4","hasNextPage":true}},"id":"1"}}}
            """)
    static let afterC1 = Payload(
        json: """
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

        // @appendEdge into the connection the lens read.
        let connection = try #require(notes.connectionID)
        try await environment.commitResponse(
            TestAddNote(characterId: "1", text: "Appended", connections: [connection]),
            Payload(try Fixtures.bytes("tests/add-note-n9.json")))
        #expect(StoreExport.text(of: environment.store) == (try Fixtures.text("scripts/connections-inserted.store.json")))
        #expect(body.flush())
        #expect(body.output.0 == ["Wubba lubba dub dub", "Portal gun needs charging", "Appended"])

        // A page after "c1", which is no longer the end: ignored; nothing that held a value is told.
        let before = StoreExport.text(of: environment.store)
        let stale = try await environment.commitResponse(TestNotesPaginationQuery(count: 2, cursor: "c1", id: "1"), Self.afterC1)
        #expect(stale.notified.map(\.description) == ["Character:1.notes(after:\"c1\",first:2)"])
        #expect(!body.flush())
        #expect(
            StoreExport.text(of: environment.store).contains(
                "\"edges\": {\"__refs\": [\"Character:1:notes(first:2):edges:0\", \"Character:1:notes(first:2):edges:1\", \"Character:1:__TestNotes_notes_connection:edges:0\"]}"
            ))
        #expect(notes.nodes.map(\.text) == ["Wubba lubba dub dub", "Portal gun needs charging", "Appended"])
        #expect(before != StoreExport.text(of: environment.store))
    }

    @Test func aPageWithItsOwnNodesAgainIsDeduplicated() async throws {
        let environment = Environment()
        try await environment.commitResponse(TestNotesQuery(id: "1"), Payload(try Fixtures.bytes("tests/notes-page-1.json")))
        // A page after "c2" that repeats n2: the first edge for a node is kept.
        let repeating = Payload(
            json: """
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

@MainActor @Suite struct EdgeDirectiveTests {
    func notes() async throws -> (Environment, TestNotes_character.Notes, String) {
        let environment = Environment()
        try await environment.commitResponse(TestNotesQuery(id: "1"), Payload(try Fixtures.bytes("tests/notes-page-1.json")))
        let notes = try #require(environment.data(for: TestNotesQuery(id: "1")).character?.notes)
        return (environment, notes, try #require(notes.connectionID))
    }

    @Test func nodesJoinAsNewEdgesWithANullCursor() async throws {
        let (environment, notes, connection) = try await notes()
        try await environment.commitResponse(
            TestAddNoteNodeFirst(characterId: "1", text: "Node first", connections: [connection]),
            Payload(try Fixtures.bytes("tests/add-note-node-n0.json")))
        try await environment.commitResponse(
            TestAddNoteNode(characterId: "1", text: "Node appended", connections: [connection]),
            Payload(try Fixtures.bytes("tests/add-note-node-n7.json")))
        #expect(notes.nodes.map(\.recordKey) == ["Note:n0", "Note:n1", "Note:n2", "Note:n7"])
        let dump = StoreExport.text(of: environment.store)
        #expect(
            dump.contains(
                #""Character:1:__TestNotes_notes_connection:edges:0": {"__typename": "NoteEdge", "cursor": null, "node": {"__ref": "Note:n0"}}"#
            ))
        #expect(
            dump.contains(
                #""Character:1:__TestNotes_notes_connection:edges:1": {"__typename": "NoteEdge", "cursor": null, "node": {"__ref": "Note:n7"}}"#
            ))
        #expect(dump.contains(#""__connection_next_edge_index": 2"#))
    }

    @Test func anEdgeForANodeAlreadyThereIsNotInsertedAgain() async throws {
        let (environment, notes, connection) = try await notes()
        let result = try await environment.commitResponse(
            TestAddNoteFirst(characterId: "1", text: "Portal gun needs charging", connections: [connection]),
            Payload(try Fixtures.bytes("tests/add-note-n2.json")))
        #expect(notes.nodes.map(\.recordKey) == ["Note:n1", "Note:n2"])
        #expect(!result.notified.contains { $0.record == connection })
    }

    @Test func aConnectionTheStoreDoesNotHoldIsLeftAlone() async throws {
        let (environment, notes, _) = try await notes()
        try await environment.commitResponse(
            TestAddNote(characterId: "1", text: "Appended", connections: ["Character:2:__TestNotes_notes_connection"]),
            Payload(try Fixtures.bytes("tests/add-note-n9.json")))
        #expect(notes.nodes.count == 2)
        #expect(environment.store.record(forKey: "Character:2:__TestNotes_notes_connection:edges:0") == nil)
    }

    @Test func deleteEdgeRemovesTheNodesEdgesAndDeleteRecordTheRecord() async throws {
        let (environment, notes, connection) = try await notes()
        let body = BodyHost { notes.nodes.map(\.recordKey) }
        try await environment.commitResponse(
            TestRemoveNote(id: "n2", connections: [connection]),
            Payload(json: #"{"data":{"removeNote":{"removedNoteId":"n2","deleted":"n2"}}}"#))
        #expect(body.flush())
        #expect(body.output == ["Note:n1"])
        #expect(environment.store.record(forKey: "Note:n2")?.isDeleted == true)
    }

    @Test func anOptimisticInsertionIsRevertedWithItsLayer() async throws {
        let (environment, notes, connection) = try await notes()
        let layer = try environment.applyOptimistic(
            TestAddNote(characterId: "1", text: "Appended", connections: [connection]),
            Payload(try Fixtures.bytes("tests/add-note-n9.json")))
        #expect(notes.nodes.map(\.recordKey) == ["Note:n1", "Note:n2", "Note:n9"])
        environment.revert(layer)
        #expect(notes.nodes.map(\.recordKey) == ["Note:n1", "Note:n2"])
        #expect(StoreExport.text(of: environment.store) == (try Fixtures.text("tests/notes-page-1.store.json")))
    }
}
