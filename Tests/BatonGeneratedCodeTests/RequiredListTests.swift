@_spi(Generated) import Baton
import Foundation
import Testing

/// `@required` and `@catch` on lists of scalars and on links, read through ListsQuery's generated
/// lenses. The typed `let`s fix the accessor types.
@MainActor @Suite struct RequiredListTests {
    static func data(
        nicknames: String = #"["Rick",null]"#, codes: String = "[1,2]",
        origin: String = #"{"id":"p1","name":"Earth"}"#, friends: String = #"[{"id":"2","name":"Morty"}]"#,
        errors: String = "[]"
    ) async throws -> ListsQuery.Data.Character_ {
        let environment = Environment()
        let query = ListsQuery(id: "1")
        let character =
            #"{"id":"1","nicknames":\#(nicknames),"codes":\#(codes),"caughtNicknames":\#(nicknames),"#
            + #""nulledCodes":\#(codes),"thrownOrigin":\#(origin),"thrownFriends":\#(friends)}"#
        try await environment.commitResponse(query, Payload(json: #"{"data":{"character":"# + character + #"},"errors":"# + errors + "}"))
        return try #require(environment.data(for: query).character)
    }

    @Test func answeredListsAndLinksRead() async throws {
        let lists = try #require(try await Self.data().lists)
        let nicknames: [String?] = try lists.nicknames
        #expect(nicknames == ["Rick", nil])
        let codes: [Int] = lists.codes
        #expect(codes == [1, 2])
        let caught: Result<[String?]?, FieldErrors> = lists.caughtNicknames
        #expect(caught == .success(["Rick", nil]))
        let nulled: [Int]? = lists.nulledCodes
        #expect(nulled == [1, 2])
        let origin: Lists_character.ThrownOrigin = try lists.thrownOrigin
        #expect(origin.name == "Earth")
        let friends: Baton.List<Lists_character.ThrownFriends> = try lists.thrownFriends
        #expect(friends.map(\.name) == ["Morty"])
    }

    @Test func nullsThrowOrBubble() async throws {
        let lists = try #require(try await Self.data(nicknames: "null", origin: "null", friends: "null").lists)
        #expect(throws: RequiredFieldError(type: "Character", field: "nicknames")) { try lists.nicknames }
        #expect(lists.caughtNicknames == .success(nil))
        #expect(throws: RequiredFieldError(type: "Character", field: "origin")) { try lists.thrownOrigin }
        #expect(throws: RequiredFieldError(type: "Character", field: "friends")) { try lists.thrownFriends }
        // `codes @required(action: LOG)` is null: the spread reads absent.
        #expect(try await Self.data(codes: "null").lists == nil)
    }

    @Test func errorsThrowOrAreCaught() async throws {
        let errors =
            ["nicknames", "caughtNicknames", "thrownFriends"].map {
                #"{"message":"no \#($0)","path":["character","\#($0)"]}"#
            } + [#"{"message":"no codes","path":["character","nulledCodes"]}"#]
        let lists = try #require(
            try await Self.data(
                nicknames: "null", codes: "[1]", friends: "null",
                errors: "[" + errors.joined(separator: ",") + "]"
            ).lists)
        #expect(throws: FieldErrors.self) { try lists.nicknames }
        #expect(lists.caughtNicknames.failureMessages.count == 1)
        #expect(throws: FieldErrors.self) { try lists.thrownFriends }
        // `nulledCodes` and `codes` read one slot: the error the response placed there reads nil.
        #expect(lists.nulledCodes == nil)
    }
}
