@_spi(Generated) import Baton
import BatonTesting
import Foundation
import Testing

/// Lists of lists of records whose lens requires fields, read through RequiredTeamsQuery's
/// generated code: an element lacking a required field is dropped from its list (logged under LOG),
/// as from a plural link; the lists themselves stay. The typed `let`s fix the accessor types.
@MainActor @Suite struct RequiredTeamsTests {
    @Test func elementsLackingARequiredFieldAreDropped() async throws {
        let environment = Environment()
        let events = Events()
        events.attach(to: environment)
        let query = RequiredTeamsQuery(id: "1")
        let teams = #"[[{"id":"2","name":"Morty"},{"id":"3","name":null},null],null,[]]"#
        let squads = #"[[{"id":"4","name":null}],[{"id":"5","name":"Summer"}]]"#
        try await environment.commitResponse(
            query, Payload(json: #"{"data":{"character":{"id":"1","teams":\#(teams),"squads":\#(squads)}}}"#))
        events.removeAll()
        let character = try #require(environment.data(for: query).character)
        let read: [Baton.List<RequiredTeamsQuery.Data.Character_.Teams>?]? = character.teams
        #expect(read?.map { $0?.map(\.id) } == [["2"], nil, []])
        #expect(events.all == [.requiredFieldMissing(type: "Character", path: "character.teams.name")])
        events.removeAll()
        let squadsRead: [Baton.List<RequiredTeamsQuery.Data.Character_.Squads>] = character.squads
        #expect(squadsRead.map { $0.map(\.id) } == [[], ["5"]])
        // NONE: dropped without a log.
        #expect(events.all.isEmpty)
    }
}
