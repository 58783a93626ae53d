@_spi(Generated) import Baton
import BatonInspector
import BatonTesting
import Testing

private enum NoteSlots {
    static let id = Baton.Registry.slot(Types.Note, "id")
    static let text = Baton.Registry.slot(Types.Note, "text")
    static let note_id = Baton.DynamicKey(Types.Query, "note", [.init("id", [.variable("id")])])
    static let notes = Baton.Registry.slot(Types.Character, "notes")
}

/// A hand-made query of one note and a character's notes (the suite's schema has no such root field;
/// the runtime does not care).
private struct NoteQuery: Baton.Operation {
    static let name = "NoteQuery"
    var id: String
    var variables: Baton.Variables { ["id": .string(id)] }
    static let note = Baton.Selection(
        type: Types.Note, key: ["id"],
        fields: [
            .scalar("id", key: .fixed(NoteSlots.id), kind: .id),
            .scalar("text", key: .fixed(NoteSlots.text), kind: .string),
        ])
    static let plan = Baton.Plan(
        root: Baton.Selection(
            type: Types.Query,
            fields: [
                .linked("note", key: .dynamic(NoteSlots.note_id), selection: note),
                .linked(
                    "character", key: .fixed(Slots.Query.character_2c1f0a),
                    selection: Baton.Selection(
                        type: Types.Character, key: ["id"],
                        fields: [
                            .plural("notes", key: .fixed(NoteSlots.notes), selection: note),
                            .scalar("id", key: .fixed(Slots.Character.id), kind: .id),
                        ])),
            ]))

    struct Data: Baton.Lens {
        let anchor: Baton.Anchor
        init(anchor: Baton.Anchor) { self.anchor = anchor }
        @MainActor var note: Note? { anchor.read(link: NoteSlots.note_id) }
        @MainActor var character: Character? { anchor.read(link: Slots.Query.character_2c1f0a) }

        struct Note: Baton.Lens {
            let anchor: Baton.Anchor
            init(anchor: Baton.Anchor) { self.anchor = anchor }
            @MainActor var text: String? { anchor.read(NoteSlots.text) }
        }

        struct Character: Baton.Lens {
            let anchor: Baton.Anchor
            init(anchor: Baton.Anchor) { self.anchor = anchor }
            @MainActor var notes: Baton.List<Note> { anchor.read(plural: NoteSlots.notes) }
        }
    }
}

/// TestDeleteNote with its author's `@deleteRecord` on the id (a client directive, so not in the
/// text documents/ holds).
private struct DeleteNote: Baton.Operation {
    typealias Data = DumpOnly
    static let name = "TestDeleteNote"
    var id: String
    var variables: Baton.Variables { ["id": .string(id)] }
    static let plan = Baton.Plan(
        root: Baton.Selection(
            type: Types.Mutation,
            fields: [
                .linked(
                    "removeNote", key: .fixed(Slots.Mutation.removeNote),
                    selection: Baton.Selection(
                        type: Types.RemoveNotePayload,
                        fields: [
                            .scalar("removedNoteId", key: .fixed(Slots.RemoveNotePayload.removedNoteId), kind: .id, edit: .deleteRecord)
                        ]))
            ]), kind: .mutation)
}

private enum GridSlots {
    static let noteGrid = Baton.Registry.slot(Types.Character, "noteGrid")
}

/// A hand-made query of a character's notes as a list of lists (`[[Note]]`).
private struct NoteGridQuery: Baton.Operation {
    static let name = "NoteGridQuery"
    var variables: Baton.Variables { [:] }
    static let plan = Baton.Plan(
        root: Baton.Selection(
            type: Types.Query,
            fields: [
                .linked(
                    "character", key: .fixed(Slots.Query.character_2c1f0a),
                    selection: Baton.Selection(
                        type: Types.Character, key: ["id"],
                        fields: [
                            .plural("noteGrid", key: .fixed(GridSlots.noteGrid), selection: NoteQuery.note),
                            .scalar("id", key: .fixed(Slots.Character.id), kind: .id),
                        ]))
            ]))

    struct Data: Baton.Lens {
        let anchor: Baton.Anchor
        init(anchor: Baton.Anchor) { self.anchor = anchor }
        @MainActor var character: Character? { anchor.read(link: Slots.Query.character_2c1f0a) }

        struct Character: Baton.Lens {
            let anchor: Baton.Anchor
            init(anchor: Baton.Anchor) { self.anchor = anchor }
            @MainActor var noteGrid: [Baton.List<NoteQuery.Data.Note>?]? { anchor.read(plural: GridSlots.noteGrid) }
        }
    }
}

@MainActor @Suite struct DeletionTests {
    @Test func aListOfListsOfRecordsNestsInTheStoreAndForgetsADeletedRecord() async throws {
        let environment = Environment()
        let grid = #"[[{"id":"n1","text":"a"},null],null,[],[{"id":"n2","text":"b"}]]"#
        try await environment.commitResponse(NoteGridQuery(), Payload(json: #"{"data":{"character":{"noteGrid":\#(grid),"id":"g"}}}"#))
        #expect(
            StoreExport.text(of: environment.store).contains(
                #""noteGrid": [{"__refs": ["Note:n1", null]}, null, {"__refs": []}, {"__refs": ["Note:n2"]}]"#))
        let data = environment.data(for: NoteGridQuery())
        let rows = BodyHost { data.character?.noteGrid?.map { $0?.map(\.recordKey) } }
        #expect(rows.output == [["Note:n1"], nil, [], ["Note:n2"]])

        let result = try await environment.commitResponse(
            DeleteNote(id: "n1"), Payload(json: #"{"data":{"removeNote":{"removedNoteId":"n1"}}}"#))
        #expect(result.notified.map(\.description).contains("Character:g.noteGrid"))
        #expect(rows.flush())
        #expect(rows.output == [[], nil, [], ["Note:n2"]])
    }

    let notes = Payload(
        json:
            #"{"data":{"note":{"id":"n2","text":"Portal gun"},"character":{"notes":[{"id":"n1","text":"a"},{"id":"n2","text":"Portal gun"}],"id":"a,b"}}}"#
    )

    @Test func aDeletedRecordReadsAbsentAndItsReadersAreTold() async throws {
        let environment = Environment()
        try await environment.commitResponse(NoteQuery(id: "n2"), notes)
        let data = environment.data(for: NoteQuery(id: "n2"))
        let single = BodyHost { data.note?.text }
        let list = BodyHost { data.character?.notes.map(\.recordKey) }
        #expect(single.output == "Portal gun")
        #expect(list.output == ["Note:n1", "Note:n2"])

        let result = try await environment.commitResponse(DeleteNote(id: "n2"), Payload(try Fixtures.bytes("tests/delete-note-n2.json")))
        #expect(
            Set(result.notified.map(\.description)) == [
                "Note:n2.id", "Note:n2.text", "client:root.note(id:\"n2\")", "Character:a,b.notes",
                "client:root:mutation.removeNote",
            ])
        #expect(single.flush() && list.flush())
        #expect(single.output == nil)
        #expect(list.output == ["Note:n1"])
        #expect(StoreExport.text(of: environment.store).contains("  \"Note:n2\": null,\n"))

        // Named again by a payload, it comes back, and the links' readers are told.
        try await environment.commitResponse(NoteQuery(id: "n2"), notes)
        #expect(single.flush() && list.flush())
        #expect(single.output == "Portal gun")
        #expect(list.output == ["Note:n1", "Note:n2"])
    }

    @Test func anIdOfSeveralRecordsDeletesNone() async throws {
        let environment = Environment()
        var events: [LogEvent] = []
        environment.log = { events.append($0) }
        try await environment.commitPayload(TestNodeFields(id: "1"), Payload(try Fixtures.bytes("tests/node-fields-character.json")))
        // Another root keeps Character:1 once node(id:) is retargeted to the episode (else the
        // collection after that retarget removes it).
        let header = #"{"data":{"character":{"name":"Rick","status":"Alive","species":"Human","image":"x","origin":null,"id":"1"}}}"#
        try await environment.commitResponse(TestHeaderQuery(id: "1"), Payload(json: header))
        try await environment.commitPayload(TestNodeFields(id: "1"), Payload(try Fixtures.bytes("tests/node-fields-episode.json")))
        try await environment.commitResponse(DeleteNote(id: "1"), Payload(json: #"{"data":{"removeNote":{"removedNoteId":"1"}}}"#))
        #expect(events.contains(.ambiguousIdentity))
        #expect(environment.store.record(forKey: "Character:1")?.isDeleted == false)
    }

    @Test func typeConditionsReadByMembership() async throws {
        let environment = Environment()
        try await environment.commitResponse(TestUnion(name: "robot"), Payload(try Fixtures.bytes("tests/union-unknown-type.json")))
        let search = try #require(environment.data(for: TestUnion(name: "robot")).search)
        #expect(search.map(\.__typename) == ["Robot", "Character"])
        #expect(search.map { $0.asCharacter?.status } == [nil, "Alive"])
        // Robot is no Node the build knew; the response's `__isNode` taught the store.
        #expect(search.map { $0.asNode?.id } == ["r1", "1"])
        #expect(environment.store.hasLearned(Types.Robot, satisfies: "Node"))
        #expect(!environment.store.hasLearned(Types.Character, satisfies: "Node"))
    }
}
