@_spi(Generated) import Baton
import Foundation
import Testing

/// A generated enum as batonc is to emit it.
enum Status: Baton.GeneratedEnum {
    case ALIVE, DEAD
    case unknown(String)

    init(enumText: String) {
        switch enumText {
        case "ALIVE": self = .ALIVE
        case "DEAD": self = .DEAD
        default: self = .unknown(enumText)
        }
    }

    var scalarText: String {
        switch self {
        case .ALIVE: "ALIVE"
        case .DEAD: "DEAD"
        case .unknown(let text): text
        }
    }
}

/// Lenses made by hand over records, reading as the schema types fields.
struct CharacterReads: Baton.Lens {
    let anchor: Baton.Anchor
    init(anchor: Baton.Anchor) { self.anchor = anchor }
    @MainActor var name: String { anchor.read(Slots.Character.name) }
    @MainActor var optionalName: String? { anchor.read(Slots.Character.name) }
    @MainActor var status: Status { anchor.read(Slots.Character.status) }
    @MainActor var gender: String? { anchor.read(Slots.Character.gender) }
    @MainActor var origin: Origin { anchor.read(link: Slots.Character.origin, Types.Location) }
    @MainActor var episodes: Baton.List<Origin> { anchor.read(plural: Slots.Character.episode) }

    struct Origin: Baton.Lens {
        let anchor: Baton.Anchor
        init(anchor: Baton.Anchor) { self.anchor = anchor }
        @MainActor var name: String { anchor.read(Slots.Location.name) }
    }
}

struct TokenizerReads: Baton.Lens {
    let anchor: Baton.Anchor
    init(anchor: Baton.Anchor) { self.anchor = anchor }
    @MainActor var decimal: Decimal? { anchor.read(Slots.Tokenizer.json) }
    @MainActor var url: URL? { anchor.read(Slots.Tokenizer.text) }
    @MainActor var counts: [Int] { anchor.read(Slots.Tokenizer.counts) }
    @MainActor var strings: [String]? { anchor.read(Slots.Tokenizer.strings) }
    @MainActor var count: Int { anchor.read(Slots.Tokenizer.count) }
    @MainActor var ratio: Double { anchor.read(Slots.Tokenizer.ratio) }
}

@MainActor @Suite struct LensTests {
    @Test func missingAndUnexpectedReadsReportAndReadZero() async throws {
        let environment = Environment()
        var events: [LogEvent] = []
        environment.log = { events.append($0) }
        try await environment.commitPayload(
            TestStrictQuery(id: "1"),
            Payload(json: #"{"data":{"character":{"id":"1","name":null}}}"#))
        let lens = try #require(environment.lens(CharacterReads.self, at: "Character:1"))
        events.removeAll()
        #expect(lens.name == "")
        #expect(events == [.unexpected(type: "Character", field: "name")])
        #expect(lens.optionalName == nil)
        events.removeAll()
        #expect(lens.gender == nil)
        #expect(events == [.missing(type: "Character", field: "gender")])
        #expect(lens.status == .unknown(""))
        // A non-null link without a record reads the placeholder, whose reads are zero values.
        #expect(lens.origin.name == "")
        #expect(lens.origin.recordKey == "client:placeholder:Location")
        #expect(lens.episodes.isEmpty)
        #expect(environment.store.record(forKey: "client:placeholder:Location") == nil)
    }

    @Test func enumsReadTheirCaseOrUnknown() async throws {
        let environment = Environment()
        try await environment.commitPayload(
            TestHeaderQuery(id: "1"),
            Payload(json: #"{"data":{"character":{"id":"1","status":"ALIVE"}}}"#))
        #expect(environment.lens(CharacterReads.self, at: "Character:1")?.status == .ALIVE)
        try await environment.commitPayload(
            TestHeaderQuery(id: "1"),
            Payload(json: #"{"data":{"character":{"id":"1","status":"ZOMBIE"}}}"#))
        #expect(environment.lens(CharacterReads.self, at: "Character:1")?.status == .unknown("ZOMBIE"))
    }

    @Test func mappedScalarsConvertAtTheRead() async throws {
        let environment = Environment()
        var events: [LogEvent] = []
        environment.log = { events.append($0) }
        try await environment.commitPayload(
            TestTokenizerQuery(),
            Payload(
                json:
                    #"{"data":{"tokenizer":{"id":"t1","json":1.50,"text":"https://example.org/a","counts":[1,null,2],"strings":["a",null],"count":2.0,"ratio":3}}}"#
            ))
        let lens = try #require(environment.lens(TokenizerReads.self, at: "Tokenizer:t1"))
        #expect(lens.decimal == Decimal(string: "1.5"))
        #expect(lens.url == URL(string: "https://example.org/a"))
        #expect(lens.count == 2)
        #expect(lens.ratio == 3.0)
        events.removeAll()
        // Non-null elements drop what they cannot hold, reported once per read.
        #expect(lens.counts == [1, 2])
        #expect(lens.strings == ["a"])
        #expect(events == [.unexpected(type: "Tokenizer", field: "counts"), .unexpected(type: "Tokenizer", field: "strings")])
        try await environment.commitPayload(TestTokenizerQuery(), Payload(json: #"{"data":{"tokenizer":{"id":"t1","json":"one"}}}"#))
        events.removeAll()
        #expect(lens.decimal == nil)
        #expect(events == [.unexpected(type: "Tokenizer", field: "json")])
    }

    @Test func pluralLinksReadLiveRecordsInOrder() async throws {
        let environment = Environment()
        try await environment.commitPayload(TestList(page: 1), Payload(try Fixtures.bytes("tests/characters-with-gaps.json")))
        let results = try #require(environment.data(for: TestList(page: 1)).characters?.results)
        #expect(results.map(\.recordKey) == ["Character:7", "Character:8"])
        #expect(results.map(\.testRow.name) == ["Abradolf Lincler", "Adjudicator Rick"])
        #expect(results[1].id == "8")
    }

    @Test func lensesAreEqualByAnchor() async throws {
        let environment = Environment()
        try await environment.commitPayload(TestList(page: 1), Payload(try Fixtures.bytes("tests/characters-7-8.json")))
        let data = environment.data(for: TestList(page: 1))
        let results = try #require(data.characters?.results)
        let again = try #require(data.characters?.results)
        #expect(results[0] == again[0])
        #expect(results[0] != results[1])
        #expect(environment.data(for: TestList(page: 1)) != data)
    }

    @Test func keysWithVariablesRenderPerOwner() async throws {
        let environment = Environment()
        try await environment.commitResponse(TestKeys(id: "7", name: "Rick"), Payload(try Fixtures.bytes("tests/keys-1.json")))
        let names = environment.data(for: TestKeys(id: "7", name: "Rick")).charactersByIds?.map(\.name)
        #expect(names == ["Rick Sanchez", "Morty Smith"])
        #expect(environment.data(for: TestKeys(id: "8", name: "Rick")).charactersByIds == nil)
    }

    @Test func quoteReadsThroughACompositeKey() async throws {
        let environment = Environment()
        try await environment.commitResponse(
            TestQuoteQuery(base: "BTC", quote: "USD"),
            Payload(try Fixtures.bytes("tests/quote-by-pair.json")))
        #expect(environment.data(for: TestQuoteQuery(base: "BTC", quote: "USD")).quote?.rate == 1.6)
        #expect(environment.data(for: TestQuoteQuery(base: "BTC", quote: "EUR")).quote == nil)
    }

    @Test func abstractSlotsReadOnTheConcreteType() async throws {
        let environment = Environment()
        try await environment.commitResponse(TestUnion(name: "robot"), Payload(try Fixtures.bytes("tests/union-unknown-type.json")))
        let names = environment.data(for: TestUnion(name: "robot")).search?.map(\.name)
        #expect(names == ["Butter Robot", "Rick Sanchez"])
    }
}
