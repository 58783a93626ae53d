@_spi(Generated) import Baton
import Foundation
import Testing

/// `@catch` on linked and plural fields, read through CaughtLinksQuery's generated lenses. The typed
/// `let`s fix the accessor types.
@MainActor @Suite struct CaughtLinkTests {
    static func data(origin: String, notes: String, friends: String, errors: String = "[]") async throws
        -> CaughtLinksQuery.Data.Character_
    {
        let environment = Environment()
        let query = CaughtLinksQuery(id: "1")
        let character =
            #"{"id":"1","caughtOrigin":\#(origin),"nulledOrigin":\#(origin),"requiredOrigin":\#(origin),"#
            + #""strictOrigin":\#(origin),"#
            + #""notes":\#(notes),"friends":\#(friends)}"#
        try await environment.commitResponse(query, Payload(json: #"{"data":{"character":"# + character + #"},"errors":"# + errors + "}"))
        return try #require(environment.data(for: query).character)
    }

    static let earth = #"{"id":"p1","name":"Earth"}"#

    @Test func withoutErrorsEachReadsItsLens() async throws {
        let character = try await Self.data(
            origin: Self.earth, notes: #"[{"id":"n1","text":"hi"}]"#,
            friends: #"[{"id":"2","name":"Morty"}]"#)
        let origin: Result<CaughtLinksQuery.Data.Character_.CaughtOrigin?, FieldErrors> = character.caughtOrigin
        #expect(try origin.get()?.caughtPlace.name == "Earth")
        let nulled: CaughtLinksQuery.Data.Character_.NulledOrigin? = character.nulledOrigin
        #expect(nulled?.name == "Earth")
        #expect(try character.requiredOrigin.get()?.name == "Earth")
        let strict: Result<CaughtLinksQuery.Data.Character_.StrictOrigin?, FieldErrors> = character.strictOrigin
        #expect(try strict.get()?.name == "Earth")
        let notes: Result<Baton.List<CaughtLinksQuery.Data.Character_.Notes>, FieldErrors> = character.notes
        #expect(try notes.get().map(\.text) == ["hi"])
        let friends: Baton.List<CaughtLinksQuery.Data.Character_.Friends>? = character.friends
        #expect(friends?.map(\.name) == ["Morty"])
    }

    @Test func errorsBelowAreTheFailure() async throws {
        let errors =
            ["caughtOrigin", "nulledOrigin", "requiredOrigin", "strictOrigin"].map {
                #"{"message":"no name","path":["character","\#($0)","name"]}"#
            } + [
                #"{"message":"no text","path":["character","notes",1,"text"]}"#,
                #"{"message":"no friends","path":["character","friends"]}"#,
            ]
        let character = try await Self.data(
            origin: #"{"id":"p1","name":null}"#,
            notes: #"[{"id":"n1","text":"hi"},{"id":"n2","text":null}]"#,
            friends: "null", errors: "[" + errors.joined(separator: ",") + "]")
        // Through the spread: CaughtPlace_place's field is below the link.
        #expect(character.caughtOrigin.failureMessages == ["no name"])
        #expect(character.nulledOrigin == nil)
        #expect(character.requiredOrigin.failureMessages == ["no name"])
        #expect(character.strictOrigin.failureMessages == ["no name"])
        // The second element's error fails the list.
        #expect(character.notes.failureMessages == ["no text"])
        // The field's own error.
        #expect(character.friends == nil)
    }

    @Test func nullsAreNotErrors() async throws {
        let character = try await Self.data(origin: #"{"id":"p1","name":null}"#, notes: "[]", friends: "null")
        #expect(try character.caughtOrigin.get()?.caughtPlace.name == nil)
        #expect(character.nulledOrigin != nil)
        // `name @required(action: NONE)` is null: the lens requiring it reads nil, which is no error.
        #expect(character.requiredOrigin == .success(nil))
        // `name @required(action: THROW)` is null: the catch above it holds the required-field error.
        let missing = FieldError.requiredFieldMissing(RequiredFieldError(type: "Place", field: "name"))
        #expect(character.strictOrigin == .failure(FieldErrors([missing])))
        #expect(missing.message == "required field Place.name is null")
        #expect(try character.notes.get().isEmpty)
        #expect(character.friends == nil)
        let noOrigin = try await Self.data(origin: "null", notes: "[]", friends: "[]")
        #expect(noOrigin.caughtOrigin == .success(nil))
        #expect(noOrigin.friends?.isEmpty == true)
    }
}
