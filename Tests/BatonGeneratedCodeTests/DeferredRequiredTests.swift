@_spi(Generated) import Baton
import BatonTesting
import Foundation
import Testing

/// `@required` in a deferred inline fragment, read through DeferredRequiredQuery's generated code:
/// checked once the part carrying it has arrived. Before then the fields read nil and the
/// operation's data reads (nothing bubbles, nothing is logged); after, a NONE/LOG null bubbles to
/// the root and fails the operation with its path, and a THROW null throws. In the aliased deferred
/// inline fragment `more`, a NONE/LOG null once its part has arrived makes `more` nil instead.
@MainActor @Suite struct DeferredRequiredTests {
    static let first = #"{"data":{"character":{"id":"1"}},"hasNext":true}"#

    static func part(name: String, status: String) -> String {
        #"{"incremental":[{"data":{"name":\#(name),"status":\#(status)},"path":["character"],"label":"DeferredRequiredQuery$defer$details"}],"hasNext":false}"#
    }

    static func morePart(nicknames: String) -> String {
        #"{"incremental":[{"data":{"nicknames":\#(nicknames)},"path":["character"],"label":"DeferredRequiredQuery$defer$more"}],"hasNext":false}"#
    }

    static func committed(_ parts: [String]) async throws -> (Environment, Events) {
        let environment = Environment()
        let events = Events()
        events.attach(to: environment)
        try await environment.commitResponse(DeferredRequiredQuery(id: "1"), parts: parts.map { Payload(json: $0) })
        return (environment, events)
    }

    static func logged(_ events: Events) -> [LogEvent] {
        events.all.filter { if case .requiredFieldMissing = $0 { true } else { false } }
    }

    @Test func beforeItsPartArrivesNothingBubbles() async throws {
        let (environment, events) = try await Self.committed([Self.first])
        let data: DeferredRequiredQuery.Data = try environment.data(for: DeferredRequiredQuery(id: "1"))
        let character: DeferredRequiredQuery.Data.Character_ = data.character
        #expect(character.id == "1")
        let name: String? = character.name
        #expect(name == nil)
        let status: Status? = try character.status
        #expect(status == nil)
        #expect(Self.logged(events).isEmpty)
    }

    @Test func onceArrivedTheFieldsRead() async throws {
        let (environment, events) = try await Self.committed([Self.first, Self.part(name: #""Rick""#, status: #""ALIVE""#)])
        let character = try environment.data(for: DeferredRequiredQuery(id: "1")).character
        #expect(character.name == "Rick")
        #expect(try character.status == .ALIVE)
        #expect(Self.logged(events).isEmpty)
    }

    @Test func onceArrivedANullBubblesToTheRootOrThrows() async throws {
        let (environment, events) = try await Self.committed([Self.first, Self.part(name: "null", status: "null")])
        #expect(throws: RequiredFieldError(type: "Character", field: "name", path: "character.name")) {
            try environment.data(for: DeferredRequiredQuery(id: "1"))
        }
        #expect(Self.logged(events) == [.requiredFieldMissing(type: "Character", path: "character.name")])

        let (other, _) = try await Self.committed([Self.first, Self.part(name: #""Rick""#, status: "null")])
        let character = try other.data(for: DeferredRequiredQuery(id: "1")).character
        #expect(throws: RequiredFieldError(type: "Character", field: "status")) { try character.status }
    }

    @Test func anAliasedDeferredFragmentIsCheckedOnceItsPartArrives() async throws {
        let (environment, events) = try await Self.committed([Self.first])
        let more: DeferredRequiredQuery.Data.Character_.More? = try environment.data(for: DeferredRequiredQuery(id: "1")).character.more
        #expect(more != nil)
        let nicknames: [String?]? = more?.nicknames
        #expect(nicknames == nil)
        #expect(Self.logged(events).isEmpty)

        let (arrived, arrivedEvents) = try await Self.committed([Self.first, Self.morePart(nicknames: #"["Rick"]"#)])
        #expect(try arrived.data(for: DeferredRequiredQuery(id: "1")).character.more?.nicknames == ["Rick"])
        #expect(Self.logged(arrivedEvents).isEmpty)

        let (null, nullEvents) = try await Self.committed([Self.first, Self.morePart(nicknames: "null")])
        let character = try null.data(for: DeferredRequiredQuery(id: "1")).character
        #expect(character.more == nil)
        #expect(Self.logged(nullEvents) == [.requiredFieldMissing(type: "Character", path: "character.nicknames")])
    }
}
