@_spi(Generated) import Baton
import Foundation
import Testing

// Where the generated conformance code lives once it is a library target of its own.
#if canImport(BatonConformance)
    @testable import BatonConformance
#endif

/// Fragment arguments read through argument sites, on committed conformance payloads.
extension LensReadTests {
    /// A fragment with `@argumentDefinitions` reads in the scope its spread binds: the default
    /// when the spread passes nothing, the forwarded variables in the generated pagination query.
    /// Its `notes(first: $count, after: $cursor)` key renders to the key the plan wrote.
    @Test func fragmentArgumentsBindAtTheSpread() async throws {
        let first = try #require(try await commit("tests/notes-page-1", TestNotesQuery.self).character?.testNotes)
        #expect(first.anchor.owner.variables["count"] == .int(2))
        #expect(first.anchor.owner.variables["cursor"] == .null)
        #expect(Slots.Character.notes_4aca60.render(first.anchor.owner.variables) == "notes(first:2)")
        #expect(first.anchor.arrived([Slots.Character.notes_4aca60]))
        // Read in the operation's own scope the key has no arguments, which the response never had.
        #expect(
            !Baton.Anchor(
                record: first.anchor.record, owner: Baton.Owner(store: first.anchor.owner.store, variables: ["id": "1"]),
                origin: first.anchor.record
            ).arrived([Slots.Character.notes_4aca60]))

        let page = try await commit("tests/recent-notes-page-2", TestRecentNotesPaginationQuery.self)
        let recent = try #require(page.node?.testRecentNotes)
        #expect(recent.anchor.owner.variables["count"] == .int(2))
        #expect(recent.anchor.owner.variables["cursor"] == .string("c4"))
        #expect(Slots.Character.notes_486a09.render(recent.anchor.owner.variables) == #"notes(before:"c4",last:2)"#)
        #expect(recent.anchor.arrived([Slots.Character.notes_486a09]))
    }

    /// Arguments named as Swift's keywords forward through the generated refetch query's site.
    @Test func hostileArgumentNamesBindAtTheSite() async throws {
        let query = HostileArgumentsRefetchQuery(Type_: false, id: "1")  // `Type` is reserved in Swift
        let environment = Environment()
        environments.append(environment)
        try await environment.commitPayload(query, Payload(json: #"{"data":{"node":{"__typename":"Character","id":"1","name":"Rick"}}}"#))
        let lens = try #require(environment.data(for: query).node?.hostileArguments)
        #expect(lens.name == "Rick")
        #expect(lens.anchor.owner.variables["Type"] == .bool(false))
        #expect(lens.anchor.owner.variables["self"] == .bool(true))
        #expect(lens.anchor.owner.variables["_"] == .bool(true))
    }
}
