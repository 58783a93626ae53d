@_spi(Generated) import Baton
import BatonTesting
import Foundation
import Testing

/// `@required` on a plural link and inside its elements, read through RequiredFriendsQuery's
/// generated lenses: NONE/LOG make the list non-optional and bubble its null to the spread; an
/// element lacking a field its lens requires is dropped (logged under LOG), the list kept. The
/// typed `let`s fix the accessor types.
@MainActor @Suite struct RequiredPluralTests {
    static func character(friends: String, errors: String = "[]") async throws -> (RequiredFriendsQuery.Data.Character_, Events) {
        let environment = Environment()
        let events = Events()
        events.attach(to: environment)
        let query = RequiredFriendsQuery(id: "1")
        try await environment.commitResponse(
            query,
            Payload(
                json:
                    #"{"data":{"character":{"id":"1","friends":\#(friends),"named":\#(friends),"caughtFriends":\#(friends)}},"errors":\#(errors)}"#
            ))
        events.removeAll()
        return (try #require(environment.data(for: query).character), events)
    }

    @Test func anElementLackingARequiredFieldIsDroppedAndLogged() async throws {
        let (character, events) = try await Self.character(friends: #"[{"id":"2","name":"Morty"},{"id":"3","name":null},null]"#)
        let spread: RequiredFriends_character? = character.requiredFriends
        let friends: Baton.List<RequiredFriends_character.Friends> = try #require(spread).friends
        #expect(friends.map(\.name) == ["Morty"])
        #expect(events.all == [.requiredFieldMissing(type: "Character", path: "friends.name")])
        events.removeAll()
        let named: Baton.List<RequiredFriendsQuery.Data.Character_.Named>? = character.named
        #expect(named?.map(\.id) == ["2"])
        let caught: Result<Baton.List<RequiredFriendsQuery.Data.Character_.CaughtFriends>?, FieldErrors> = character.caughtFriends
        #expect(try caught.get()?.map(\.id) == ["2"])
        #expect(events.all.isEmpty)
    }

    @Test func underCatchTheErrorsComeFirst() async throws {
        let errors = #"[{"message":"no name","path":["character","caughtFriends",1,"name"]}]"#
        let (character, _) = try await Self.character(friends: #"[{"id":"2","name":"Morty"},{"id":"3","name":null}]"#, errors: errors)
        // The null with an error is caught, not dropped.
        #expect(character.caughtFriends.failureMessages == ["no name"])
        #expect(character.named?.map(\.id) == ["2"])
    }

    @Test func aNullListBubblesToTheSpread() async throws {
        let (character, _) = try await Self.character(friends: "null")
        #expect(character.requiredFriends == nil)
        #expect(character.named == nil)
        #expect(try character.caughtFriends.get() == nil)
        let (empty, _) = try await Self.character(friends: "[]")
        #expect(empty.requiredFriends?.friends.isEmpty == true)
    }
}
