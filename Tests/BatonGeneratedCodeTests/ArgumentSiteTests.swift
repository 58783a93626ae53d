@_spi(Generated) import Baton
import Foundation
import Testing

/// A fragment with `@argumentDefinitions` reads the storage keys its spread binds: a literal, a
/// variable of the spreading scope, else the definition's default, else null; through a fragment
/// that forwards its own argument; and a fragment without arguments under it sees the operation's
/// variables only.
@MainActor @Suite struct ArgumentSiteTests {
    /// Every key the query's spreads bind holds its own notes, so each read shows which key it used.
    static let response = """
        {"data":{
          "one":{"id":"1","notes":[{"text":"one-1","id":"n1"}],"friends":[{"name":"Morty","id":"2"}]},
          "counted":{"id":"1","notes":[{"text":"counted-1","id":"n2"},{"text":"counted-2","id":"n3"}]},
          "defaults":{"id":"1","notes":[{"text":"default-1","id":"n4"},{"text":"default-2","id":"n5"},{"text":"default-3","id":"n6"}]},
          "forward":{"id":"1","notes":[{"text":"pinned-3","id":"n7"}],"globalNotes":[{"text":"global-9","id":"n8"}]}
        }}
        """

    func committed(_ query: ArgumentsQuery) async throws -> (Environment, ArgumentsQuery.Data) {
        let environment = Environment()
        try await environment.commitPayload(query, Payload(json: Self.response))
        return (environment, environment.data(for: query))
    }

    @Test func eachSpreadReadsTheKeyItsArgumentsBind() async throws {
        let (environment, data) = try await committed(ArgumentsQuery(id: "1", count: 4, first: 9, friends: false))
        // One record: the plan wrote each list under the key its spread bound.
        #expect(environment.store.record(forKey: "Character:1") != nil)
        #expect(data.one?.notes.notes.map(\.text) == ["one-1"])  // literal first: 1
        #expect(data.counted?.notes.notes.map(\.text) == ["counted-1", "counted-2"])  // $count, kind: PLAIN
        #expect(data.defaults?.notes.notes.map(\.text) == ["default-1", "default-2", "default-3"])  // default 2
        // Forwarded: Forward_character's `first: 3` with `kind: PINNED`; Global_character reads the
        // operation's `$first` (9), not Forward_character's argument of that name.
        #expect(data.forward?.forward.notes.notes.map(\.text) == ["pinned-3"])
        #expect(data.forward?.forward.global.globalNotes.map(\.text) == ["global-9"])
    }

    @Test func theChildScopeHoldsTheBoundArgumentsOverTheOperationsVariables() async throws {
        let (_, data) = try await committed(ArgumentsQuery(id: "1", count: 4, first: 9, friends: true))
        let one = try #require(data.one?.notes.anchor.owner.variables)
        #expect(one["first"] == .int(1))
        #expect(one["kind"] == .null)  // not passed, no default
        #expect(one["withFriends"] == .bool(true))
        #expect(one["count"] == .int(4))  // the operation's own variables stay visible
        let counted = try #require(data.counted?.notes.anchor.owner.variables)
        #expect(counted["first"] == .int(4))  // $count, read in the operation's scope
        #expect(counted["kind"] == .string("PLAIN"))
        #expect(counted["withFriends"] == .bool(true))  // $friends
        let defaults = try #require(data.defaults?.notes.anchor.owner.variables)
        #expect(defaults["first"] == .int(2))
        #expect(defaults["withFriends"] == .bool(false))
        let forwarded = try #require(data.forward?.forward.notes.anchor.owner.variables)
        #expect(forwarded["first"] == .int(3))  // Forward_character's own `$first`
        #expect(forwarded["kind"] == .string("PINNED"))
        let global = try #require(data.forward?.forward.global.anchor.owner.variables)
        #expect(global["first"] == .int(9))  // the operation's `$first`
    }

    @Test func aNullVariableIsBoundAsNullNotAsTheDefault() async throws {
        // `first: $count` with `$count` null: the key leaves `first` out, as the plan does.
        let query = ArgumentsQuery(id: "1", count: nil, first: 9, friends: false)
        let environment = Environment()
        let response = """
            {"data":{"one":{"id":"1","notes":[]},"counted":{"id":"1","notes":[{"text":"unbounded","id":"n9"}]},
            "defaults":{"id":"1","notes":[]},"forward":{"id":"1","notes":[],"globalNotes":[]}}}
            """
        try await environment.commitPayload(query, Payload(json: response))
        let data = environment.data(for: query)
        #expect(data.counted?.notes.notes.map(\.text) == ["unbounded"])
        #expect(data.counted?.notes.anchor.owner.variables["first"] == .null)
    }

    @Test func readsThroughOneSpreadAreEqualAndOtherSpreadsAreNot() async throws {
        let (_, data) = try await committed(ArgumentsQuery(id: "1", count: 4, first: 9, friends: false))
        let one = try #require(data.one)
        let counted = try #require(data.counted)
        #expect(one.notes == one.notes)
        #expect(one.notes.anchor.record === counted.notes.anchor.record)
        #expect(one.notes != counted.notes)
    }

    @Test func aConditionOnAnArgumentReadsTheBoundValue() async throws {
        // `friends @include(if: $withFriends)`: bound true by `one`, so the plan wrote it.
        let (_, data) = try await committed(ArgumentsQuery(id: "1", count: 4, first: 9, friends: false))
        #expect(data.one?.notes.friends?.map(\.name) == ["Morty"])
    }
}
