@_spi(Generated) import Baton
import BatonInspector
import Testing

/// The `notifications` and `optimistic` scripts of `spec/conformance/scripts/`, step by step, with
/// their `notified` and `records` expectations. `notified` compares the fields that held a value
/// before the step. Responses the recovery lost are rebuilt from what the scripts say of them.
@MainActor @Suite struct ScriptTests {
    struct Field: Hashable, CustomStringConvertible {
        let record: String
        let field: String
        var description: String { "\(record).\(field)" }
    }

    /// The fields a step notified among those that held a value (or an error) before it.
    static func notified(_ result: CommitResult, heldBefore: Set<Field>) -> Set<Field> {
        Set(result.notified.map { Field(record: $0.record, field: $0.field) }).intersection(heldBefore)
    }

    static func held(_ store: Store) -> Set<Field> {
        var out: Set<Field> = []
        for key in store.recordKeys {
            guard let record = store.record(forKey: key), !record.isDeleted else { continue }
            for field in record.exportedFields(in: store) { out.insert(Field(record: key, field: field.key)) }
        }
        return out
    }

    static func fields(_ list: [(String, String)]) -> Set<Field> {
        Set(list.map { Field(record: $0.0, field: $0.1) })
    }

    static let page1 = "tests/notes-page-1.json"

    static func renamedPage1() throws -> Payload {
        // tests/notes-page-1-renamed.json: page 1 with another name (the script says only the name changes).
        let text = try Fixtures.text(page1).replacingOccurrences(of: "\"Rick Sanchez\"", with: "\"Rick Renamed\"")
        return Payload(json: text)
    }

    static func page1Total6() throws -> Payload {
        // tests/notes-page-1-total-6.json: page 1 with totalCount 6.
        Payload(json: try Fixtures.text(page1).replacingOccurrences(of: "\"totalCount\":5", with: "\"totalCount\":6"))
    }

    /// tests/character-errors.json was not recovered: the answered response with the errors its dump
    /// records (the data is the same: character-errors-answered is that response answered).
    static func characterErrors() throws -> Payload {
        Payload(
            json: try Fixtures.text("tests/character-errors-answered.json").replacingOccurrences(
                of: "}}}",
                with:
                    #"}},"errors":[{"message":"gender is private","path":["character","gender"]},{"message":"image service unavailable","path":["character","image"]},{"message":"location name redacted","path":["character","location","name"]}]}"#
            ))
    }

    @Test func characterErrorsDump() async throws {
        let environment = Environment()
        try await environment.commitResponse(TestProfileQuery(id: "1"), try Self.characterErrors())
        #expect(StoreExport.text(of: environment.store) == (try Fixtures.text("tests/character-errors.store.json")))
    }

    @Test func notificationsScript() async throws {
        let environment = Environment()
        let store = environment.store
        let notes = TestNotesQuery(id: "1")
        var before = Self.held(store)
        var step = try await environment.commitResponse(notes, Payload(try Fixtures.bytes(Self.page1)))
        #expect(StoreExport.text(of: store) == (try Fixtures.text("tests/notes-page-1.store.json")))
        #expect(Self.notified(step, heldBefore: before) == [])

        before = Self.held(store)
        step = try await environment.commitResponse(notes, Payload(try Fixtures.bytes(Self.page1)))
        #expect(Self.notified(step, heldBefore: before) == [])

        before = Self.held(store)
        step = try await environment.commitResponse(notes, try Self.renamedPage1())
        #expect(Self.notified(step, heldBefore: before) == Self.fields([("Character:1", "name")]))

        before = Self.held(store)
        step = try await environment.commitResponse(
            TestProfileQuery(id: "1"), Payload(try Fixtures.bytes("tests/character-errors-answered.json")))
        #expect(Self.notified(step, heldBefore: before) == Self.fields([("Character:1", "name")]))

        before = Self.held(store)
        step = try await environment.commitResponse(TestProfileQuery(id: "1"), try Self.characterErrors())
        let erred = Self.fields([("Character:1", "gender"), ("Character:1", "image"), ("Location:20", "name")])
        #expect(Self.notified(step, heldBefore: before) == erred)
        let dump = StoreExport.text(of: store)
        #expect(
            dump.contains(
                #""__errors": {"gender": {"message": "gender is private", "path": "character.gender"}, "image": {"message": "image service unavailable", "path": "character.image"}}"#
            ))
        #expect(
            dump.contains(
                #""Location:20": {"__errors": {"name": {"message": "location name redacted", "path": "character.location.name"}}"#))

        before = Self.held(store)
        step = try await environment.commitResponse(
            TestProfileQuery(id: "1"), Payload(try Fixtures.bytes("tests/character-errors-answered.json")))
        #expect(Self.notified(step, heldBefore: before) == erred)

        before = Self.held(store)
        step = try await environment.commitResponse(TestDeleteNote(id: "n2"), Payload(try Fixtures.bytes("tests/delete-note-n2.json")))
        #expect(
            Self.notified(step, heldBefore: before)
                == Self.fields([
                    ("Character:1:notes(first:2):edges:1", "node"), ("Note:n2", "id"), ("Note:n2", "text"),
                ]))

        before = Self.held(store)
        step = try await environment.commitResponse(TestNotesPaginationQuery(count: 2, cursor: "c2", id: "1"), ConnectionTests.page2)
        #expect(
            Self.notified(step, heldBefore: before)
                == Self.fields([
                    ("Character:1:__TestNotes_notes_connection", "edges"),
                    ("Character:1:__TestNotes_notes_connection:pageInfo", "endCursor"),
                ]))
    }

    @Test func optimisticScript() async throws {
        let environment = Environment()
        let store = environment.store
        let notes = TestNotesQuery(id: "1")
        try await environment.commitResponse(notes, Payload(try Fixtures.bytes(Self.page1)))
        #expect(StoreExport.text(of: store) == (try Fixtures.text("tests/notes-page-1.store.json")))
        let data = environment.data(for: notes)
        func name() -> String? { data.character.flatMap { environment.lens(TestStrictQuery.Data.Character.self, at: $0.recordKey)?.name } }

        var before = Self.held(store)
        let renamePayload = Payload(try Fixtures.bytes("tests/rename-1.json"))
        let rename = try environment.applyOptimistic(TestRename(id: "1", name: "Rick Prime"), renamePayload)
        #expect(Self.notified(rename.applied, heldBefore: before) == Self.fields([("Character:1", "name")]))
        #expect(name() == "Rick Prime")

        before = Self.held(store)
        var step = try await environment.commitResponse(notes, try Self.page1Total6())
        #expect(
            Self.notified(step, heldBefore: before)
                == Self.fields([
                    ("Character:1:__TestNotes_notes_connection", "totalCount"), ("Character:1:notes(first:2)", "totalCount"),
                ]))
        #expect(name() == "Rick Prime")

        before = Self.held(store)
        step = try await environment.resolve(rename, TestRename(id: "1", name: "Rick Prime"), renamePayload)
        #expect(Self.notified(step, heldBefore: before) == [])
        #expect(StoreExport.text(of: store) == (try Fixtures.text("scripts/optimistic-resolved.store.json")))

        before = Self.held(store)
        let favorite = try environment.applyOptimistic(
            TestSetFavorite(id: "1", favorite: true),
            Payload(try Fixtures.bytes("tests/set-favorite-1.json")))
        #expect(Self.notified(favorite.applied, heldBefore: before) == Self.fields([("Character:1", "name")]))
        #expect(name() == "Rick Sanchez")

        before = Self.held(store)
        step = environment.revert(favorite)
        #expect(
            Self.notified(step, heldBefore: before)
                == Self.fields([
                    ("Character:1", "favorite"), ("Character:1", "name"),
                    ("client:root:mutation", "setFavorite"), ("client:root:mutation:setFavorite", "character"),
                ]))
        #expect(StoreExport.text(of: store) == (try Fixtures.text("scripts/optimistic-resolved.store.json")))
        #expect(name() == "Rick Prime")

        try await environment.commitResponse(TestDeleteNote(id: "n2"), Payload(try Fixtures.bytes("tests/delete-note-n2.json")))
        #expect(StoreExport.text(of: store) == (try Fixtures.text("scripts/optimistic-deleted.store.json")))

        before = Self.held(store)
        let revival = try environment.applyOptimistic(
            TestAddNote(characterId: "1", text: "Portal gun needs charging"),
            Payload(try Fixtures.bytes("tests/add-note-n2.json")))
        #expect(Self.notified(revival.applied, heldBefore: before) == Self.fields([("Character:1:notes(first:2):edges:1", "node")]))
        #expect(StoreExport.text(of: store) == (try Fixtures.text("scripts/optimistic-revived.store.json")))
        #expect(data.character?.notes.nodes.map(\.text) == ["Wubba lubba dub dub", "Portal gun needs charging"])

        before = Self.held(store)
        step = environment.revert(revival)
        #expect(StoreExport.text(of: store) == (try Fixtures.text("scripts/optimistic-deleted.store.json")))
        #expect(
            Self.notified(step, heldBefore: before)
                == Self.fields([
                    ("Character:1:notes(first:2):edges:1", "node"), ("Note:n2", "id"), ("Note:n2", "text"),
                    ("client:root:mutation", "addNote"), ("client:root:mutation:addNote", "noteEdge"),
                    ("client:root:mutation:addNote:noteEdge", "cursor"), ("client:root:mutation:addNote:noteEdge", "node"),
                ]))
        #expect(data.character?.notes.nodes.map(\.text) == ["Wubba lubba dub dub"])
    }
}
