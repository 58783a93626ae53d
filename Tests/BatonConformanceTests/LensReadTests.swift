@_spi(Generated) import Baton
import Foundation
import Testing

@testable import BatonConformance

/// Lens reads beyond the manifest's `reads` rows (which ConformanceRunnerTests reads, every one):
/// a case committed through its generated plan, then read accessor by accessor.
@MainActor @Suite final class LensReadTests {
    /// Commits a manifest case through `O`'s plan and returns its root lens.
    func commit<O: Baton.Operation>(_ name: String, _: O.Type) async throws -> O.Data {
        let testCase = try #require(try ConformanceManifest.load(from: Fixtures.root).cases.first { $0.name == name })
        let environment = Environment()
        let operation = WithVariables<O>(variables: testCase.variables)
        _ = try await ConformanceRunner(directory: Fixtures.root).commit(testCase, through: .of(O.self), into: environment)
        // The environment keeps the store alive while the lens is read.
        environments.append(environment)
        return environment.data(for: operation)
    }

    var environments: [Environment] = []

    @Test func characterOriginNull() async throws {
        let data = try await commit("tests/character-origin-null", TestProfileQuery.self)
        let character = try #require(data.character)
        // `origin` is `@required(action: NONE)` and null: the whole fragment reads absent.
        #expect(character.testProfile == nil)
        #expect(try character.strict.type == "Genius")
        #expect(try character.strict.species == "Human")
    }

    /// `TestStrict_character` is `@throwOnFieldError`: its spread throws the errors of the fields it
    /// selects, and only those (an error on a field of another spread leaves it readable).
    @Test func throwOnFieldErrorSpread() async throws {
        let data = try await commit("tests/character-type-error", TestProfileQuery.self)
        let character = try #require(data.character)
        let thrown = #expect(throws: FieldErrors.self) { try character.strict }
        #expect(thrown?.paths == ["character.type"])
        #expect(character.testProfile?.name == "Rick Sanchez")

        let answered = try await commit("tests/character-errors-answered", TestProfileQuery.self)
        #expect(try answered.character?.strict.species == "Human")
        // Errors on `image`, `location.name` and `gender` belong to TestProfile_character.
        let environment = try #require(environments.last)
        let errors = Payload(
            json:
                #"{"data":{"character":{"id":"1","name":"Rick Sanchez","origin":{"id":"1","name":"Earth (C-137)"},"status":"Alive","image":null,"location":{"id":"20","name":null,"dimension":"Replacement Dimension"},"gender":null,"species":"Human","type":null}},"errors":[{"message":"image service unavailable","path":["character","image"]},{"message":"gender is private","path":["character","gender"]}]}"#
        )
        try await environment.commitResponse(TestProfileQuery(id: "1"), errors)
        #expect(try answered.character?.strict.species == "Human")
        #expect(answered.character?.testProfile?.gender == nil)
    }

    @Test func notesConnection() async throws {
        let data = try await commit("tests/notes-page-1", TestNotesQuery.self)
        let notes = try #require(data.character?.testNotes)
        #expect(notes.name == "Rick Sanchez")
        #expect(notes.notes.nodes.map(\.id).prefix(2) == ["n1", "n2"])
        #expect(notes.notes.nodes[1].text == "Portal gun needs charging")
        #expect(notes.notes.connectionID != nil)
        // The declared fields read the connection record: its own fields, the merged edges (with the
        // cursor the compiler adds) and the merged page info (with every cursor and flag).
        #expect(notes.notes.totalCount == 5)
        #expect(notes.notes.edges?.map(\.cursor) == ["c1", "c2"])
        #expect(notes.notes.edges?[0].node?.text == "Wubba lubba dub dub")
        #expect(notes.notes.pageInfo.endCursor == "c2")
        #expect(notes.notes.pageInfo.hasNextPage == notes.notes.hasNext)
    }

    /// A second page merges into the connection the fragment's lens reads.
    @Test func notesConnectionAfterASecondPage() async throws {
        let data = try await commit("tests/notes-page-1", TestNotesQuery.self)
        let environment = try #require(environments.last)
        let page2 = Payload(
            json: """
                {"data":{"node":{"__typename":"Character","name":"Rick Sanchez","notes":{"totalCount":6,"edges":[\
                {"cursor":"c3","node":{"__typename":"Note","id":"n3","text":"Get Schwifty"}},\
                {"cursor":"c4","node":{"__typename":"Note","id":"n4","text":"Avoid the Citadel"}}],\
                "pageInfo":{"endCursor":"c4","hasNextPage":false}},"id":"1"}}}
                """)
        let query = TestNotesPaginationQuery(count: 2, cursor: "c2", id: "1")
        try await environment.commitResponse(query, page2)
        let notes = try #require(data.character?.testNotes.notes)
        #expect(notes.edges?.map(\.cursor) == ["c1", "c2", "c3", "c4"])
        #expect(notes.nodes.map(\.id) == ["n1", "n2", "n3", "n4"])
        #expect(notes.totalCount == 6)
        #expect(notes.pageInfo.endCursor == "c4")
        // Neither page had a start cursor: the merged page info has none.
        #expect(notes.pageInfo.startCursor == nil)
        #expect(!notes.hasNext && !notes.pageInfo.hasNextPage)
        // The refetch query's node reads the id it was fetched by, and the same connection.
        let node = try #require(environment.data(for: query).node)
        #expect(node.id == "1")
        #expect(node.testNotes?.notes.connectionID == notes.connectionID)
    }

    /// Before any page, the connection lens stands on a placeholder: nothing to read, no id.
    @Test func connectionBeforeAnyPage() async throws {
        let data = try await commit("tests/character-errors-answered", TestProfileQuery.self)
        let environment = try #require(environments.last)
        let lens = try #require(environment.lens(TestNotes_character.self, at: "Character:1"))
        #expect(data.character != nil)
        #expect(lens.notes.connectionID == nil)
        #expect(lens.notes.nodes.isEmpty && lens.notes.edges == nil && !lens.notes.hasNext)
    }

    /// A member reads through its own type's condition only.
    @Test func unionMembers() async throws {
        let data = try await commit("tests/union-1", TestUnion.self)
        let search = try #require(data.search)
        #expect(search[0].asCharacter != nil)
        #expect(search[0].asLocation == nil)
        #expect(search[1].asCharacter == nil)
        #expect(search[2].asNamed == nil)
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

    /// An `@inline` fragment reads as a value built from the store, equal to one made with its
    /// memberwise initializer.
    @Test func inlineValue() async throws {
        let environment = Environment()
        environments.append(environment)
        let operation = TestInlineQuery(id: "1", withNotes: false)
        try await environment.commitResponse(
            operation,
            Payload(
                json: """
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
        try await later.commitResponse(
            operation,
            parts: [
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
