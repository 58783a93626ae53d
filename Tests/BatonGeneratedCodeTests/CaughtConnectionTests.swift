@_spi(Generated) import Baton
import Foundation
import Testing

/// `@catch` on `@connection` fields, read through CaughtPagesQuery's generated lenses: a `Result`
/// over the field's own error, the page's fields and the merged edges' nodes (`to: NULL`: nil). The
/// typed `let`s fix the accessor types.
@MainActor @Suite struct CaughtConnectionTests {
    /// A page of notes `<prefix>0`, `<prefix>1`…
    static func page(_ prefix: String, _ texts: [String?], total: String = "2") -> String {
        let edges = texts.enumerated().map { index, text in
            #"{"cursor":"c\#(index)","node":{"id":"\#(prefix)\#(index)","text":\#(text.map { "\"\($0)\"" } ?? "null")}}"#
        }
        return #"{"total":\#(total),"edges":[\#(edges.joined(separator: ","))],"#
            + #""pageInfo":{"endCursor":"c1","hasNextPage":true,"hasPreviousPage":false,"startCursor":"c0"}}"#
    }

    static func character(caught: String, nulled: String, errors: [(String, String)] = []) async throws
        -> CaughtPagesQuery.Data.Character_
    {
        let environment = Environment()
        let query = CaughtPagesQuery(id: "1")
        let errorText = errors.map { #"{"message":"\#($0.0)","path":[\#($0.1)]}"# }.joined(separator: ",")
        let response =
            #"{"data":{"character":{"id":"1","caughtPages":\#(caught),"nulledPages":\#(nulled)}},"#
            + #""errors":[\#(errorText)]}"#
        try await environment.commitResponse(query, Payload(json: response))
        return try #require(environment.data(for: query).character)
    }

    @Test func withoutErrorsTheConnectionReads() async throws {
        let character = try await Self.character(caught: Self.page("a", ["a", "b"]), nulled: Self.page("n", ["c"]))
        let caught: Result<CaughtPagesQuery.Data.Character_.CaughtPages, FieldErrors> = character.caughtPages
        let pages = try caught.get()
        #expect(pages.total == 2)
        #expect(pages.nodes.map(\.text) == ["a", "b"])
        #expect(pages.hasNext)
        let nulled: CaughtPagesQuery.Data.Character_.NulledPages? = character.nulledPages
        #expect(nulled?.nodes.map(\.text) == ["c"])
    }

    @Test func theFieldsOwnErrorIsCaught() async throws {
        let character = try await Self.character(
            caught: "null", nulled: "null",
            errors: [
                ("no pages", #""character","caughtPages""#), ("no more pages", #""character","nulledPages""#),
            ])
        #expect(character.caughtPages.failureMessages == ["no pages"])
        #expect(character.nulledPages == nil)
    }

    @Test func errorsBelowAreCaught() async throws {
        let character = try await Self.character(
            caught: Self.page("a", ["a", nil], total: "null"), nulled: Self.page("n", [nil]),
            errors: [
                ("no total", #""character","caughtPages","total""#),
                ("no text", #""character","caughtPages","edges",1,"node","text""#),
                ("no other text", #""character","nulledPages","edges",0,"node","text""#),
            ])
        #expect(character.caughtPages.failureMessages == ["no total", "no text"])
        #expect(character.nulledPages == nil)
    }
}
