@_spi(Generated) import Baton
import BatonJSON
import Foundation
import Testing

@testable import BatonConformance

/// How a manifest row's path reaches a generated accessor: its pattern, and its list indices
/// counted among the records a lens shows.
@MainActor @Suite struct ReadPathTests {
    @Test func pathsSplitIntoPatternAndIndices() {
        #expect(ReadPath.split("characters.results.12.episode.0.name") == ("characters.results.#.episode.#.name", [12, 0]))
        #expect(ReadPath.split("character.name") == ("character.name", []))
        #expect(ReadPath.split("search") == ("search", []))
    }

    /// A response list's null entries are not in the lens's list, so later indices shift down; an
    /// index the response does not reach stays as written.
    @Test func indicesSkipTheResponsesNullEntries() throws {
        let response = try JSONParser.parse(text: #"{"data":{"a":[null,{"b":[{"c":1},null,{"c":2}]},{"b":[]}]}}"#)
        #expect(ReadPath.lensIndices("a.1.b.2.c", [1, 2], in: response) == [0, 1])
        #expect(ReadPath.lensIndices("a.2.b", [2], in: response) == [1])
        #expect(ReadPath.lensIndices("a.5.b", [5], in: response) == [5])
        #expect(ReadPath.lensIndices("x.0", [0], in: response) == [0])
        #expect(ReadPath.lensIndices("a.1.b.2.c", [1, 2], in: nil) == [1, 2])
    }

    /// Nested list indices reach through plurals to the right record, past a null entry.
    @Test func nestedIndicesReadThroughTheLens() async throws {
        let operation = try #require(GeneratedOperations.byName["Fixture"])
        let text = #"""
            {"data":{"characters":{"info":{"count":2,"pages":1,"next":null,"prev":null},"results":[null,{"id":"1",\#
            "name":"Rick","status":"Alive","species":"Human","type":"","gender":"Male","image":"r.png","created":"t",\#
            "origin":null,"location":null,"episode":[{"id":"e1","name":"Pilot","air_date":"d","episode":"S01E01",\#
            "created":"t","characters":[{"id":"1","name":"Rick","image":"r.png"},{"id":"2","name":"Morty","image":"m.png"}]}]}]}}}
            """#
        let environment = Environment()
        try await operation.commit(environment, ["page": .int(1)], [Payload(json: text)], true)
        let response = try JSONParser.parse(text: text)
        func read(_ path: String) throws -> JSONValue? { try operation.read(environment, ["page": .int(1)], path, response, nil) }
        #expect(try read("characters.results.1.episode.0.characters.1.image") == "m.png")
        #expect(try read("characters.results.1.name") == "Rick")
        #expect(try read("characters.info.next") == .null)
        #expect(try read("characters.info.count") == 2)
        #expect(try read("characters.results.1.nickname") == nil)
        #expect(throws: (any Error).self) { try read("characters.results.1.episode.3.characters.0.id") }
    }
}
