import Foundation
import Testing
@_spi(Generated) import Baton

/// The manifest's `reads` rows, read through the lenses batonc generated: each case committed
/// through its generated plan, then its rows read accessor by accessor (a row's path crosses
/// fragment spreads, which a lens crosses through the spread's accessor).
@MainActor @Suite final class LensReadTests {
    /// Commits a manifest case through `O`'s plan and returns its root lens.
    func commit<O: Baton.Operation>(_ name: String, _: O.Type) async throws -> O.Data {
        let testCase = try #require(try Manifest.load().cases.first { $0.name == name })
        let environment = Environment()
        let operation = WithVariables<O>(variables: (testCase.variables ?? [:]).mapValues(\.value))
        try await GeneratedOperation.of(O.self).commit(environment, operation.variables,
                                                        try testCase.responses.map { Payload(try Fixtures.bytes($0)) },
                                                        testCase.complete)
        // The environment keeps the store alive while the lens is read.
        environments.append(environment)
        return environment.data(for: operation)
    }

    var environments: [Environment] = []

    @Test func characterNameHidden() async throws {
        let data = try await commit("tests/character-name-hidden", TestStrictQuery.self)
        #expect(data.character?.name == nil)
        #expect(data.character?.species == "Human")
    }

    @Test func characterOriginNull() async throws {
        let data = try await commit("tests/character-origin-null", TestProfileQuery.self)
        let character = try #require(data.character)
        // `origin` is `@required(action: NONE)` and null: the whole fragment reads absent.
        #expect(character.testProfile == nil)
        #expect(character.strict.type == "Genius")
        #expect(character.strict.species == "Human")
    }

    @Test func caughtAndRequiredReads() async throws {
        let data = try await commit("tests/character-errors-answered", TestProfileQuery.self)
        let profile = try #require(data.character?.testProfile)
        #expect(profile.name == "Rick Sanchez")
        #expect(profile.origin.name == "Earth (C-137)")
        #expect(profile.status == "Alive")
        #expect(data.character?.strict.type == nil)
        // The row reading `species` as absent needs `@throwOnFieldError` on the fragment, which
        // the emitter does not generate yet.
    }

    @Test func charactersList() async throws {
        let data = try await commit("tests/characters-7-8", TestList.self)
        let results = try #require(data.characters?.results)
        #expect(results.count >= 2)
        #expect(results[0].testRow.name == "Abradolf Lincler")
        #expect(results[1].testRow.name == "Adjudicator Rick")
    }

    @Test func notesConnection() async throws {
        let data = try await commit("tests/notes-page-1", TestNotesQuery.self)
        let notes = try #require(data.character?.testNotes)
        #expect(notes.name == "Rick Sanchez")
        #expect(notes.notes.nodes.map(\.id).prefix(2) == ["n1", "n2"])
        #expect(notes.notes.nodes[1].text == "Portal gun needs charging")
        #expect(notes.notes.connectionID != nil)
    }

    @Test func keys() async throws {
        let data = try await commit("tests/keys-1", TestKeys.self)
        #expect(data.search?.count == 0)
        #expect(data.character?.name == "Comma")
        #expect(data.charactersByIds?.first?.name == "Rick Sanchez")
        #expect(data.characters?.info?.count == 1)
    }

    @Test func conditionsIncluded() async throws {
        let data = try await commit("tests/conditions-included", TestConditions.self)
        #expect(data.character?.name == "Rick Sanchez")
        #expect(data.character?.origin?.name == "Earth (C-137)")
        #expect(data.character?.origin?.dimension == "Dimension C-137")
        #expect(data.character?.status == "Alive")
    }

    @Test func conditionsExcluded() async throws {
        let data = try await commit("tests/conditions-excluded", TestConditions.self)
        #expect(data.character?.name == "Rick Sanchez")
        #expect(data.character?.origin?.id == "1")
    }

    @Test func unionMembers() async throws {
        let data = try await commit("tests/union-1", TestUnion.self)
        let search = try #require(data.search)
        #expect(search[0].asCharacter?.label == "Rick Sanchez")
        #expect(search[0].asCharacter?.status == "Alive")
        #expect(search[0].asNamed?.name == "Rick Sanchez")
        #expect(search[1].asLocation?.label == "Dimension C-137")
        #expect(search[2].asEpisode?.air_date == "December 2, 2013")
        #expect(search[0].asLocation == nil)
    }

    @Test func nodeFields() async throws {
        let data = try await commit("tests/node-fields-character", TestNodeFields.self)
        #expect(data.node?.id == "1")
        #expect(data.node?.asCharacter?.name == "Rick Sanchez")
    }

    @Test func searchByType() async throws {
        let data = try await commit("tests/search-1", TestSearch.self)
        let search = try #require(data.search)
        #expect(search[0].asCharacter?.id == "1")
        #expect(search[0].asCharacter?.name == "Rick Sanchez")
        #expect(search[1].asLocation?.id == "1")
        #expect(search[1].asLocation?.dimension == "Dimension C-137")
    }

    @Test func twoSpreads() async throws {
        let data = try await commit("tests/two-spreads-1", TestTwoSpreads.self)
        #expect(data.character?.testRow.name == "Rick Sanchez")
        #expect(data.character?.testRow.status == "Alive")
        #expect(data.character?.again?.image == "rick.png")
        // The aliased spread is under `@include(if: $again)`: absent for an owner where it is false.
        let environment = try #require(environments.last)
        #expect(environment.data(for: TestTwoSpreads(id: "1", again: false)).character?.again == nil)
        #expect(environment.data(for: TestTwoSpreads(id: "1", again: false)).character?.testRow.name == "Rick Sanchez")
    }

    @Test func mutationPayload() async throws {
        let data = try await commit("tests/set-favorite-1", TestSetFavorite.self)
        #expect(data.setFavorite?.character?.id == "1")
        #expect(data.setFavorite?.character?.name == "Rick Sanchez")
        #expect(data.setFavorite?.character?.favorite == true)
    }

    @Test func addedEdge() async throws {
        let data = try await commit("tests/add-note-n2", TestAddNote.self)
        #expect(data.addNote?.noteEdge?.cursor == "c2")
        #expect(data.addNote?.noteEdge?.node?.id == "n2")
        #expect(data.addNote?.noteEdge?.node?.text == "Portal gun needs charging")
    }

    @Test func compositeKeys() async throws {
        let quotes = try await commit("tests/quote-list", TestQuotesQuery.self)
        #expect(quotes.quotes?.map(\.rate) == [1.5, 0.9, 2])
        let quote = try await commit("tests/quote-by-pair", TestQuoteQuery.self)
        #expect(quote.quote?.rate == 1.6)
    }

    @Test func keyedByAnotherField() async throws {
        let data = try await commit("tests/asset-by-uuid", TestAssetQuery.self)
        #expect(data.asset?.owner?.name == "Rick Sanchez")
        #expect(data.asset?.uuid == "a1")
        #expect(data.asset?.name == "Portal gun")
    }

    @Test func tokenizer() async throws {
        let data = try await commit("tokenizer/response", TestTokenizerQuery.self)
        #expect(data.tokenizer?.id == "t1")
        #expect(data.tokenizer?.strings == ["plain", nil, "été", "", nil])
    }

    /// An `@inline` fragment reads as a value built from the store, equal to one made with its
    /// memberwise initializer.
    @Test func inlineValue() async throws {
        let environment = Environment()
        environments.append(environment)
        let operation = TestInlineQuery(id: "1", withNotes: false)
        try await environment.commitResponse(operation, Payload(json: """
            {"data":{"character":{"name":"Rick","id":"1","status":"Alive",\
            "origin":{"id":"20","name":"Earth"},"episode":[{"id":"1","name":"Pilot"},{"id":"2","name":"Lawnmower Dog"}]}}}
            """))
        let card = try #require(environment.data(for: operation).character?.testCard)
        #expect(card.name == "Rick")
        let expected = TestCharacterValue_character(
            id: "1", name: "Rick", status: "Alive",
            origin: .init(testOriginValue: .init(id: "20", name: "Earth")),
            episode: [.init(id: "1", name: "Pilot"), .init(id: "2", name: "Lawnmower Dog")])
        #expect(card.testCharacterValue == expected)
    }

    /// A `@defer`red spread reads absent until the part carrying its fields has arrived.
    @Test func deferredSpread() async throws {
        let environment = Environment()
        environments.append(environment)
        let operation = TestProfileQuery(id: "1")
        try await environment.commitResponse(operation, parts: [Payload(try Fixtures.bytes("tests/character-deferred-1.json"))])
        #expect(environment.data(for: operation).character?.testAppearances == nil)
        #expect(environment.data(for: operation).character?.testProfile?.name == "Rick Sanchez")

        let later = Environment()
        environments.append(later)
        try await later.commitResponse(operation, parts: [
            Payload(try Fixtures.bytes("tests/character-deferred-1.json")),
            Payload(try Fixtures.bytes("tests/character-deferred-2.json")),
        ])
        let appearances = try #require(later.data(for: operation).character?.testAppearances)
        #expect(appearances.episode.count > 0)
    }

    /// Custom scalars mapped in baton.json (`Decimal`, `DateTime`, `Url`) convert at the read; a
    /// text that does not convert reads nil, never a zero.
    @Test func mappedScalars() async throws {
        let environment = Environment()
        environments.append(environment)
        try await environment.commitResponse(TestAssetPricesQuery(), Payload(try Fixtures.bytes("tests/asset-prices.json")))
        let data = environment.data(for: TestAssetPricesQuery())
        let assets = try #require(data.assets)
        #expect(assets[0].price == Decimal(string: "12345678901234567890.123456789"))
        #expect(assets[0].page == URL(string: "https://example.com/assets/a1"))
        #expect(assets[0].listedAt != nil)
        #expect(assets[0].prices == [Decimal(string: "1.50"), Decimal(2), Decimal(string: "0.001")])
        #expect(assets[1].price == nil)
        #expect(assets[1].page == nil)
        #expect(assets[1].prices == [Decimal(string: "3.25"), nil, nil])
    }
}
