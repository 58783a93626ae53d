@_spi(Generated) import Baton
import BatonTesting
import Foundation
import Testing

/// `@required(action: LOG)` read through RequiredLogQuery's generated lenses: a null bubbles to the
/// lens boundary and is logged as `requiredFieldMissing` with the record's type and the field's
/// path in its document; `@required(action: NONE)` bubbles without a log.
@MainActor @Suite struct RequiredLogTests {
    static func character(name: String, placeName: String) async throws -> (RequiredLogQuery.Data.Character_, Events) {
        let environment = Environment()
        let events = Events()
        events.attach(to: environment)
        let query = RequiredLogQuery(id: "1")
        let response =
            #"{"data":{"character":{"id":"1","name":\#(name),"#
            + #""origin":{"id":"p1","name":\#(placeName)},"place":{"id":"p1","name":\#(placeName)}}}}"#
        try await environment.commitResponse(query, Payload(json: response))
        events.removeAll()
        return (try #require(environment.data(for: query).character), events)
    }

    static func logged(_ events: Events) -> [LogEvent] {
        events.all.filter { if case .requiredFieldMissing = $0 { true } else { false } }
    }

    @Test func presentRequiredFieldsLogNothing() async throws {
        let (character, events) = try await Self.character(name: #""Rick""#, placeName: #""Earth""#)
        let logged: Logged_character? = character.logged
        #expect(logged?.name == "Rick")
        #expect(logged?.origin?.name == "Earth")
        #expect(character.place?.name == "Earth")
        #expect(Self.logged(events).isEmpty)
    }

    @Test func aNullLogRequiredFieldBubblesAndLogsItsPath() async throws {
        let (character, events) = try await Self.character(name: "null", placeName: "null")
        #expect(character.logged == nil)
        #expect(Self.logged(events) == [.requiredFieldMissing(type: "Character", path: "name")])
        events.removeAll()
        let lens = Logged_character(anchor: character.anchor.spread)
        #expect(lens.origin == nil)
        #expect(Self.logged(events) == [.requiredFieldMissing(type: "Place", path: "origin.name")])
    }

    @Test func aNullNoneRequiredFieldBubblesSilently() async throws {
        let (character, events) = try await Self.character(name: #""Rick""#, placeName: "null")
        #expect(character.place == nil)
        #expect(Self.logged(events).isEmpty)
    }
}
