@_spi(Generated) import Baton
import BatonInspector
import Testing

/// Incremental responses: a first part, then parts that find their place by path (June 2023 shape)
/// or by an announced part's id and sub-path (2024 shape).
@MainActor @Suite struct DeferTests {
    @Test func nodeDeferredMergesItsSecondPart() async throws {
        let environment = Environment()
        let results = try await environment.commitResponse(
            TestNodeDeferred(id: "1"),
            parts: [
                Payload(try Fixtures.bytes("tests/node-deferred-1.json")), Payload(try Fixtures.bytes("tests/node-deferred-2.json")),
            ])
        #expect(results.count == 2)
        #expect(StoreExport.text(of: environment.store) == (try Fixtures.text("tests/node-deferred.store.json")))
    }

    @Test func theFirstPartAloneIsComplete() async throws {
        let environment = Environment()
        try await environment.commitResponse(
            TestProfileQuery(id: "1"), parts: [Payload(try Fixtures.bytes("tests/character-deferred-1.json"))])
        #expect(StoreExport.text(of: environment.store) == (try Fixtures.text("tests/character-deferred-1.store.json")))
    }

    @Test func aPartForAPlaceTheResponseNeverHadIsDropped() async throws {
        let environment = Environment()
        var events: [LogEvent] = []
        environment.log = { events.append($0) }
        try await environment.commitResponse(
            TestProfileQuery(id: "1"),
            parts: [
                Payload(try Fixtures.bytes("tests/character-deferred-1.json")),
                Payload(try Fixtures.bytes("tests/character-deferred-stray.json")),
                Payload(try Fixtures.bytes("tests/character-deferred-2.json")),
            ])
        #expect(events.contains(.partDropped(path: "character.nonexistent")))
        // The stray part wrote nothing, so it made no batch (the events script's rule).
        #expect(
            events.filter { if case .committed = $0 { true } else { false } }
                == [.committed(kind: .server, changed: 1), .committed(kind: .server, changed: 1)])
        let episodes = try #require(environment.store.record(forKey: "Character:1")).exportedFields(in: environment.store)
            .first { $0.key == "episode" }
        #expect(episodes != nil)
    }

    @Test func announcedPartsAndSubPaths() async throws {
        // The 2024 shape: the first part announces part "0" at `character`; later parts name it by
        // id, one below a sub-path (tests/character-deferred-2-subpath.json, -3-subpath.json).
        let firstPart = try Fixtures.text("tests/character-deferred-1.json").replacingOccurrences(
            of: #""hasNext":true"#,
            with: #""pending":[{"id":"0","path":["character"],"label":"TestProfileQuery$defer$TestAppearances_character"}],"hasNext":true"#)
        let environment = Environment()
        try await environment.commitResponse(
            TestProfileQuery(id: "1"),
            parts: [
                Payload(json: firstPart),
                Payload(try Fixtures.bytes("tests/character-deferred-2-subpath.json")),
                Payload(try Fixtures.bytes("tests/character-deferred-3-subpath.json")),
            ])
        let dump = StoreExport.text(of: environment.store)
        #expect(dump.contains(#""episode": {"__refs": ["Episode:1", "Episode:2"]}"#))
        #expect(dump.contains(#""Episode:1": {"__typename": "Episode", "id": "1", "name": "Pilot"}"#))
        #expect(
            dump.contains(#""Episode:2": {"__typename": "Episode", "air_date": "December 9, 2013", "id": "2", "name": "Lawnmower Dog"}"#))
    }
}

/// Errors in later parts: an item's errors land by their path from the deepest object placed; a
/// failed part's errors land on the fields its label would have filled.
@MainActor @Suite struct DeferErrorTests {
    func firstPartWithPending() throws -> Payload {
        Payload(
            json: try Fixtures.text("tests/character-deferred-1.json").replacingOccurrences(
                of: #""hasNext":true"#,
                with:
                    #""pending":[{"id":"0","path":["character"],"label":"TestProfileQuery$defer$TestAppearances_character"}],"hasNext":true"#
            ))
    }

    @Test func anItemsErrorLandsBelowItsPlace() async throws {
        let environment = Environment()
        try await environment.commitResponse(
            TestProfileQuery(id: "1"),
            parts: [
                try firstPartWithPending(), Payload(try Fixtures.bytes("tests/character-deferred-2-errors.json")),
            ])
        let dump = StoreExport.text(of: environment.store)
        #expect(
            dump.contains(
                #""Episode:1": {"__errors": {"name": {"message": "name hidden", "path": "character.episode.0.name"}}, "__typename": "Episode", "air_date": "December 2, 2013", "id": "1", "name": null}"#
            ))
    }

    @Test func aFailedPartsErrorsLandOnTheFieldsItWouldHaveFilled() async throws {
        let environment = Environment()
        try await environment.commitResponse(
            TestProfileQuery(id: "1"),
            parts: [
                try firstPartWithPending(), Payload(try Fixtures.bytes("tests/character-deferred-2-failed.json")),
            ])
        let dump = StoreExport.text(of: environment.store)
        #expect(dump.contains(#""Character:1": {"__errors": {"episode": {"message": "appearances unavailable", "path": "character"}}"#))
        #expect(!dump.contains(#""episode": {"__refs""#))
    }
}
