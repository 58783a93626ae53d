@_spi(Generated) import Baton
import Foundation
import Testing

/// `@catch` on aliased inline fragments, read through CaughtQuery's generated lenses: the accessor
/// is a `Result` holding every error below it (the fragments it spreads included, in the scope
/// their arguments bind), or nil on an error with `to: NULL`. The typed `let`s fix the types.
@MainActor @Suite struct CaughtAliasTests {
    static func data(_ response: String) async throws -> CaughtQuery.Data {
        let environment = Environment()
        let query = CaughtQuery(id: "1")
        try await environment.commitResponse(query, Payload(json: response))
        return environment.data(for: query)
    }

    static let answered = """
        {"data":{"character":{"id":"1","name":"Rick","status":"ALIVE","origin":{"name":"Earth","id":"p1"},
        "notes":[{"text":"first","id":"n1"}]},"node":{"__typename":"Character","id":"1","name":"Rick"}}}
        """

    @Test func withoutErrorsEachReadsItsLens() async throws {
        let data = try await Self.data(Self.answered)
        let character = try #require(data.character)
        let human: Result<CaughtQuery.Data.Character_.AsHuman, FieldErrors> = character.asHuman
        #expect(try human.get().name == "Rick")
        #expect(try human.get().status == .ALIVE)
        #expect(try character.profile.get().caughtName.origin?.name == "Earth")
        let nulled: CaughtQuery.Data.Character_.NulledProfile? = character.nulledProfile
        #expect(nulled?.caughtName.name == "Rick")
        #expect(try character.notes.get().notes.notes.map(\.text) == ["first"])
        // `... on Character @alias @catch`: named after the type, as a spread is after its fragment.
        let named: Result<CaughtQuery.Data.Character_.Character_, FieldErrors> = character.character
        #expect(try named.get().status == .ALIVE)
        // Inside an `@inline` value: the caught part is a value, nil on an error.
        let value: CaughtValue_character.CaughtStatus? = character.caughtValue.caughtStatus
        #expect(value == CaughtValue_character.CaughtStatus(status: .ALIVE))
        let node = try #require(data.node)
        let person: Result<CaughtQuery.Data.Node.Person?, FieldErrors> = node.person
        #expect(try person.get()?.name == "Rick")
        let note: CaughtQuery.Data.Node.Note? = node.note
        #expect(note == nil)  // a Character: the Note fragment does not apply
    }

    @Test func errorsBelowAreTheFailure() async throws {
        let data = try await Self.data(
            """
            {"data":{"character":{"id":"1","name":null,"status":"ALIVE","origin":{"name":null,"id":"p1"},
            "notes":[{"text":null,"id":"n1"}]},"node":{"__typename":"Character","id":"1","name":null}},
            "errors":[{"message":"no name","path":["character","name"]},
                      {"message":"no origin name","path":["character","origin","name"]},
                      {"message":"no text","path":["character","notes",0,"text"]},
                      {"message":"no name","path":["node","name"]}]}
            """)
        let character = try #require(data.character)
        #expect(character.asHuman.failureMessages == ["no name"])
        // The spread's fragment weighs its fields and what its links reach.
        #expect(character.profile.failureMessages == ["no name", "no origin name"])
        #expect(character.nulledProfile == nil)
        // Notes_character's list, read under the key its arguments bind (`notes(first:1)`).
        #expect(character.notes.failureMessages == ["no text"])
        // Status has no error: what is caught is only what is below.
        #expect(try character.character.get().status == .ALIVE)
        #expect(character.caughtValue.caughtStatus != nil)
        let node = try #require(data.node)
        #expect(node.person.failureMessages == ["no name"])
    }

    @Test func aNarrowerFragmentCatchesOnItsOwnType() async throws {
        let withError = try await Self.data(
            """
            {"data":{"character":null,"node":{"__typename":"Note","id":"n1","text":null}},
            "errors":[{"message":"no text","path":["node","text"]}]}
            """)
        let node = try #require(withError.node)
        #expect(node.note == nil)
        #expect(node.person == .success(nil))
        let answered = try await Self.data(#"{"data":{"character":null,"node":{"__typename":"Note","id":"n1","text":"hi"}}}"#)
        #expect(answered.node?.note?.text == "hi")
    }

    @Test func anErrorOnTheStatusReachesEveryCatchAboveIt() async throws {
        let data = try await Self.data(
            """
            {"data":{"character":{"id":"1","name":"Rick","status":null,"origin":null,"notes":[]},
            "node":{"__typename":"Character","id":"1","name":"Rick"}},
            "errors":[{"message":"no status","path":["character","status"]}]}
            """)
        let character = try #require(data.character)
        #expect(character.asHuman.failureMessages == ["no status"])
        #expect(character.character.failureMessages == ["no status"])
        #expect(character.caughtValue.caughtStatus == nil)
        #expect(try character.profile.get().caughtName.origin == nil)
        #expect(try character.notes.get().notes.notes.isEmpty)
    }
}

extension Result where Failure == FieldErrors {
    /// The failure's messages; empty on success.
    var failureMessages: [String] {
        if case .failure(let errors) = self { return errors.errors.map(\.message) }
        return []
    }
}
