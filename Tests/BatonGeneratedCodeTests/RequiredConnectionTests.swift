@_spi(Generated) import Baton
import BatonTesting
import Foundation
import Testing

/// `@required` on `@connection` fields, read through RequiredPagesQuery's generated lenses: as on
/// any link, over the server's page. THROW throws when the page is null (or has an error); LOG makes
/// the connection non-optional and bubbles its null to the spread, logging the path.
@MainActor @Suite struct RequiredConnectionTests {
    static func page(_ prefix: String, _ texts: [String]) -> String {
        let edges = texts.enumerated().map { index, text in
            #"{"cursor":"c\#(index)","node":{"id":"\#(prefix)\#(index)","text":"\#(text)"}}"#
        }
        return #"{"total":\#(texts.count),"edges":[\#(edges.joined(separator: ","))],"#
            + #""pageInfo":{"endCursor":"c1","hasNextPage":true}}"#
    }

    static func character(pages: String, thrownPages: String, errors: String = "[]") async throws
        -> (RequiredPagesQuery.Data.Character_, Events, Environment)
    {
        let environment = Environment()
        let events = Events()
        events.attach(to: environment)
        let query = RequiredPagesQuery(id: "1")
        let response = #"{"data":{"character":{"id":"1","pages":\#(pages),"thrownPages":\#(thrownPages)}},"errors":\#(errors)}"#
        try await environment.commitResponse(query, Payload(json: response))
        events.removeAll()
        return (try #require(environment.data(for: query).character), events, environment)
    }

    @Test func presentPagesRead() async throws {
        let (character, events, _) = try await Self.character(pages: Self.page("a", ["a", "b"]), thrownPages: Self.page("t", ["c"]))
        let spread: RequiredPages_character? = character.requiredPages
        let pages: RequiredPages_character.Pages = try #require(spread).pages
        #expect(pages.total == 2)
        #expect(pages.nodes.map(\.text) == ["a", "b"])
        let thrown: RequiredPagesQuery.Data.Character_.ThrownPages = try character.thrownPages
        #expect(thrown.nodes.map(\.id) == ["t0"])
        #expect(thrown.hasNext)
        #expect(events.all.isEmpty)
    }

    @Test func aNullLoggedConnectionBubblesToTheSpreadAndLogsItsPath() async throws {
        let (character, events, _) = try await Self.character(pages: "null", thrownPages: Self.page("t", ["c"]))
        #expect(character.requiredPages == nil)
        #expect(events.all == [.requiredFieldMissing(type: "Character", path: "pages")])
        #expect(try character.thrownPages.total == 1)
    }

    @Test func aNullThrowingConnectionThrows() async throws {
        let (character, _, _) = try await Self.character(pages: Self.page("a", ["a"]), thrownPages: "null")
        #expect(throws: RequiredFieldError(type: "Character", field: "pages(first:3)")) { try character.thrownPages }
        #expect(character.requiredPages?.pages.total == 1)
    }

    @Test func theFieldsErrorIsThrown() async throws {
        let errors = #"[{"message":"no pages","path":["character","thrownPages"]}]"#
        let (character, _, _) = try await Self.character(pages: Self.page("a", ["a"]), thrownPages: "null", errors: errors)
        let thrown = #expect(throws: FieldErrors.self) { try character.thrownPages }
        #expect(thrown?.errors.map(\.message) == ["no pages"])
    }

    @Test func aLaterNullPageHidesTheMergedConnection() async throws {
        let (_, _, environment) = try await Self.character(pages: Self.page("a", ["a"]), thrownPages: Self.page("t", ["c"]))
        let query = RequiredPagesQuery(id: "1")
        try await environment.commitResponse(query, Payload(json: #"{"data":{"character":{"id":"1","pages":null,"thrownPages":null}}}"#))
        let character = try #require(environment.data(for: query).character)
        // The merged connection record is still in the store; the server's latest answer is null.
        #expect(character.requiredPages == nil)
        #expect(throws: RequiredFieldError.self) { try character.thrownPages }
    }
}
