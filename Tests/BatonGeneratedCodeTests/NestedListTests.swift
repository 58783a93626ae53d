@_spi(Generated) import Baton
import BatonTesting
import Foundation
import Testing

/// Lists of lists, read through NestedListsQuery's generated lenses: each level keeps the schema's
/// nullability (a mapped scalar's every level is optional). The typed `let`s fix the accessor types.
@MainActor @Suite struct NestedListTests {
    /// The character's lists as JSON texts (the aliases answered as the fields they alias).
    static func grids(
        grid: String, letters: String, matrix: String = "[]", rates: String = "null",
        errors: String = "[]"
    ) async throws -> (Grids_character, Events) {
        let environment = Environment()
        let events = Events()
        events.attach(to: environment)
        let query = NestedListsQuery(id: "1")
        let fields =
            #""grid":\#(grid),"thrownGrid":\#(grid),"letters":\#(letters),"caughtLetters":\#(letters),"#
            + #""matrix":\#(matrix),"rateGrid":\#(rates),"teams":null,"squads":[],"caughtTeams":null"#
        try await environment.commitResponse(query, Payload(json: #"{"data":{"character":{"id":"1",\#(fields)}},"errors":\#(errors)}"#))
        events.removeAll()
        return (try #require(environment.data(for: query).character?.grids), events)
    }

    @Test func eachLevelKeepsItsNullability() async throws {
        let (grids, events) = try await Self.grids(
            grid: "[[1,null],null,[]]", letters: #"[["a","b"],[]]"#,
            matrix: "[[1.5,2],null]", rates: #"[["1.50",null],null]"#)
        let grid: [[Int?]?]? = grids.grid
        #expect(grid == [[1, nil], nil, []])
        let letters: [[String]]? = grids.letters
        #expect(letters == [["a", "b"], []])
        let matrix: [[Double]?] = grids.matrix
        #expect(matrix == [[1.5, 2], nil])
        let rates: [[Decimal?]?]? = grids.rateGrid
        #expect(rates == [[Decimal(string: "1.5"), nil], nil])
        let thrown: [[Int?]?] = try grids.thrownGrid
        #expect(thrown == [[1, nil], nil, []])
        let caught: Result<[[String]]?, FieldErrors> = grids.caughtLetters
        #expect(caught == .success([["a", "b"], []]))
        #expect(events.all.isEmpty)
    }

    @Test func nullsReadAsTheirLevelSays() async throws {
        let (grids, _) = try await Self.grids(grid: "null", letters: "null")
        #expect(grids.grid == nil)
        #expect(grids.letters == nil)
        #expect(grids.matrix == [])
        #expect(grids.rateGrid == nil)
        #expect(throws: RequiredFieldError(type: "Character", field: "grid")) { try grids.thrownGrid }
        #expect(grids.caughtLetters == .success(nil))
    }

    @Test func whatALevelCannotHoldIsDroppedOrNilAndReported() async throws {
        let (grids, events) = try await Self.grids(
            grid: #"[[1,"x"]]"#, letters: #"[["a",null],null]"#, matrix: "[[1]]",
            rates: #"[["1.5","not a number"]]"#)
        #expect(grids.grid == [[1, nil]])
        // A null in a non-null level is dropped, as one level drops it.
        #expect(grids.letters == [["a"]])
        #expect(grids.rateGrid == [[Decimal(string: "1.5"), nil]])
        #expect(events.all.filter { if case .unexpected = $0 { true } else { false } }.count == 3)
    }

    @Test func errorsThrowOrAreCaught() async throws {
        let errors =
            #"[{"message":"no grid","path":["character","thrownGrid"]},"#
            + #"{"message":"no letters","path":["character","caughtLetters"]}]"#
        let (grids, _) = try await Self.grids(grid: "null", letters: "null", errors: errors)
        #expect(throws: FieldErrors.self) { try grids.thrownGrid }
        #expect(grids.caughtLetters.failureMessages == ["no letters"])
    }

    /// The character's lists of lists of characters, and its environment's store.
    static func teams(_ teams: String, squads: String = "[]", errors: String = "[]") async throws
        -> (Teams_character, Environment)
    {
        // The environment is returned so the store outlives the reads.
        let environment = Environment()
        let query = NestedListsQuery(id: "1")
        let fields =
            #""grid":null,"thrownGrid":null,"letters":null,"caughtLetters":null,"matrix":[],"rateGrid":null,"#
            + #""teams":\#(teams),"squads":\#(squads),"caughtTeams":\#(teams)"#
        try await environment.commitResponse(query, Payload(json: #"{"data":{"character":{"id":"1",\#(fields)}},"errors":\#(errors)}"#))
        return (try #require(environment.data(for: query).character?.teams), environment)
    }

    static let morty = #"{"id":"2","name":"Morty"}"#

    @Test func listsOfListsOfRecordsReadAsListsOfLenses() async throws {
        let (teams, _) = try await Self.teams("[[\(Self.morty),null],null,[]]", squads: #"[[{"id":"3","name":"Summer"}]]"#)
        let read: [Baton.List<Teams_character.Teams>?]? = teams.teams
        #expect(read?.map { $0?.map(\.name) } == [["Morty"], nil, []])
        #expect(read?.first??.first?.recordKey == "Character:2")
        let squads: [Baton.List<Teams_character.Squads>] = teams.squads
        #expect(squads.map { $0.map(\.name) } == [["Summer"]])
        let caught: Result<[Baton.List<Teams_character.CaughtTeams>?]?, FieldErrors> = teams.caughtTeams
        #expect(try caught.get()?.map { $0?.map(\.name) } == [["Morty"], nil, []])
    }

    @Test func anInlineValueHoldsArraysOfValues() async throws {
        let environment = Environment()
        let query = NestedListsQuery(id: "1")
        let fields =
            #""grid":null,"thrownGrid":null,"letters":null,"caughtLetters":null,"matrix":[],"rateGrid":null,"#
            + #""teams":[[\#(Self.morty),null],null],"squads":[],"caughtTeams":[[\#(Self.morty),null],null]"#
        try await environment.commitResponse(query, Payload(json: #"{"data":{"character":{"id":"1",\#(fields)}}}"#))
        let value: TeamsValue_character = try #require(environment.data(for: query).character?.teamsValue)
        let teams: [[TeamsValue_character.Teams]?]? = value.teams
        #expect(teams == [[TeamsValue_character.Teams(name: "Morty")], nil])
        let caught: [[TeamsValue_character.CaughtTeams]?]? = value.caughtTeams
        #expect(caught?.first??.map(\.name) == ["Morty"])
    }

    @Test func nullAndEmptyLevels() async throws {
        let (teams, _) = try await Self.teams("null")
        #expect(teams.teams == nil)
        #expect(teams.squads.isEmpty)
        let (nulls, _) = try await Self.teams("[null,[]]")
        #expect(nulls.teams?.map { $0?.count } == [nil, 0])
    }

    @Test func errorsBelowAreCaughtOnEveryRecord() async throws {
        let errors = #"[{"message":"no name","path":["character","caughtTeams",1,0,"name"]}]"#
        let (teams, _) = try await Self.teams(#"[[\#(Self.morty)],[{"id":"3","name":null}]]"#, errors: errors)
        // The error landed on the record its path reaches through both levels.
        #expect(teams.caughtTeams.failureMessages == ["no name"])
        #expect(teams.teams?.map { $0?.map(\.name) } == [["Morty"], [nil]])
    }
}
