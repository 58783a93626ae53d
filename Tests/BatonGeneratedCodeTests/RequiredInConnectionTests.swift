@_spi(Generated) import Baton
import BatonTesting
import Foundation
import Testing

/// `@required` inside a `@connection`'s own lens, read through RequiredInPagesQuery's generated
/// code: a null required field of the connection (checked on the connection record the lens stands
/// on) makes the connection absent, logged under LOG, or bubbles on through a required connection;
/// a node lacking a field its lens requires is dropped from `nodes`. The typed `let`s fix the types.
@MainActor @Suite struct RequiredInConnectionTests {
    static func page(total: String, texts: [String?]) -> String {
        let edges = texts.enumerated().map { index, text in
            #"{"cursor":"c\#(index)","node":{"id":"n\#(index)","text":\#(text.map { "\"\($0)\"" } ?? "null")}}"#
        }
        return #"{"total":\#(total),"edges":[\#(edges.joined(separator: ","))],"pageInfo":{"endCursor":"c1","hasNextPage":false}}"#
    }

    static func committed(pages: String, counted: String, caught: String = "null", errors: String = "[]") async throws
        -> (Environment, Events)
    {
        let environment = Environment()
        let events = Events()
        events.attach(to: environment)
        let response =
            #"{"data":{"character":{"id":"1","pages":\#(pages),"counted":\#(counted),"caughtPages":\#(caught)}},"errors":\#(errors)}"#
        try await environment.commitResponse(RequiredInPagesQuery(id: "1"), Payload(json: response))
        events.removeAll()
        return (environment, events)
    }

    @Test func presentFieldsReadAndNodesLackingOneAreDropped() async throws {
        let (environment, events) = try await Self.committed(
            pages: Self.page(total: "2", texts: ["a", nil]),
            counted: Self.page(total: "1", texts: ["c"]))
        let character = try #require(environment.data(for: RequiredInPagesQuery(id: "1")).character)
        let pages: RequiredInPagesQuery.Data.Character_.Pages? = character.pages
        #expect(pages?.total == 2)
        #expect(pages?.nodes.map(\.id) == ["n0"])
        // The edge stays; its node reads nil.
        #expect(pages?.edges?.map { $0.node?.id } == ["n0", nil])
        let counted: RequiredInPagesQuery.Data.Character_.Counted = character.counted
        #expect(counted.total == 1)
        #expect(events.all.isEmpty)
    }

    @Test func aNullRequiredFieldOfTheConnectionMakesItAbsent() async throws {
        let (environment, events) = try await Self.committed(
            pages: Self.page(total: "null", texts: ["a"]),
            counted: Self.page(total: "1", texts: ["c"]))
        let character = try #require(environment.data(for: RequiredInPagesQuery(id: "1")).character)
        #expect(character.pages == nil)
        #expect(events.all == [.requiredFieldMissing(type: "NoteConnection", path: "character.pages.total")])
    }

    @Test func underCatchAConnectionLackingARequiredFieldReadsNilAfterTheErrors() async throws {
        let present = Self.page(total: "2", texts: ["a"])
        let (environment, _) = try await Self.committed(pages: present, counted: present, caught: Self.page(total: "3", texts: ["a"]))
        let character = try #require(environment.data(for: RequiredInPagesQuery(id: "1")).character)
        let caught: Result<RequiredInPagesQuery.Data.Character_.CaughtPages?, FieldErrors> = character.caughtPages
        #expect(try caught.get()?.total == 3)

        let (lacking, _) = try await Self.committed(pages: present, counted: present, caught: Self.page(total: "null", texts: ["a"]))
        #expect(try #require(lacking.data(for: RequiredInPagesQuery(id: "1")).character).caughtPages.get() == nil)

        let errors = #"[{"message":"no total","path":["character","caughtPages","total"]}]"#
        let (failed, _) = try await Self.committed(
            pages: present, counted: present, caught: Self.page(total: "null", texts: ["a"]),
            errors: errors)
        #expect(try #require(failed.data(for: RequiredInPagesQuery(id: "1")).character).caughtPages.failureMessages == ["no total"])
    }

    @Test func aGuardedRequiredConnectionReadsOptionalAndIsCheckedWhereSelected() async throws {
        let present = Self.page(total: "2", texts: ["a"])
        let (environment, events) = try await Self.committed(pages: present, counted: present)
        let character = try #require(environment.data(for: RequiredInPagesQuery(id: "1")).character)
        let guarded: RequiredInPagesQuery.Data.Character_.GuardedPages? = character.guardedPages
        #expect(guarded == nil)
        #expect(events.all.isEmpty)

        let selected = RequiredInPagesQuery(id: "1", withGuarded: true)
        for guardedPage in [Self.page(total: "4", texts: ["g"]), "null"] {
            let other = Environment()
            let logged = Events()
            logged.attach(to: other)
            let response =
                #"{"data":{"character":{"id":"1","pages":\#(present),"counted":\#(present),"caughtPages":null,"guardedPages":\#(guardedPage),"includedPages":null}}}"#
            try await other.commitResponse(selected, Payload(json: response))
            logged.removeAll()
            if guardedPage == "null" {
                #expect(other.data(for: selected).character == nil)
                #expect(logged.all == [.requiredFieldMissing(type: "Character", path: "character.guardedPages")])
            } else {
                #expect(other.data(for: selected).character?.guardedPages?.total == 4)
            }
        }
    }

    @Test func throughARequiredConnectionTheNullBubblesOn() async throws {
        let (environment, _) = try await Self.committed(
            pages: Self.page(total: "2", texts: ["a"]),
            counted: Self.page(total: "null", texts: ["c"]))
        #expect(environment.data(for: RequiredInPagesQuery(id: "1")).character == nil)
        // A null connection bubbles too.
        let (other, _) = try await Self.committed(pages: Self.page(total: "2", texts: ["a"]), counted: "null")
        #expect(other.data(for: RequiredInPagesQuery(id: "1")).character == nil)
    }

    @Test func aGuardedConnectionReadsOptionalNilWhereLeftOut() async throws {
        let present = Self.page(total: "2", texts: ["a"])
        let (environment, _) = try await Self.committed(pages: present, counted: present)
        let character = try #require(environment.data(for: RequiredInPagesQuery(id: "1")).character)
        let included: RequiredInPagesQuery.Data.Character_.IncludedPages? = character.includedPages
        #expect(included == nil)

        let selected = RequiredInPagesQuery(id: "1", withGuarded: true)
        let other = Environment()
        let response =
            #"{"data":{"character":{"id":"1","pages":\#(present),"counted":\#(present),"caughtPages":null,"guardedPages":\#(present),"includedPages":\#(Self.page(total: "6", texts: ["i", "j"]))}}}"#
        try await other.commitResponse(selected, Payload(json: response))
        let pages = other.data(for: selected).character?.includedPages
        #expect(pages?.total == 6)
        #expect(pages?.nodes.map(\.id) == ["n0", "n1"])
    }
}
