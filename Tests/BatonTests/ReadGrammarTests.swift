@_spi(Generated) import Baton
import Foundation
import Testing

/// One slot read through the grammar's entry points in the shapes an accessor can declare: the
/// declared type alone picks the element and the shape (GENERATED-CODE.md, "Reads").
struct ShapeReads: Baton.Lens {
    let anchor: Baton.Anchor
    init(anchor: Baton.Anchor) { self.anchor = anchor }
    @MainActor var counts: [Int] { anchor.read(Slots.Tokenizer.counts) }
    @MainActor var countsOrNil: [Int]? { anchor.read(Slots.Tokenizer.counts) }
    @MainActor var countsWithNulls: [Int?] { anchor.read(Slots.Tokenizer.counts) }
    @MainActor var countsWithNullsOrNil: [Int?]? { anchor.read(Slots.Tokenizer.counts) }
    @MainActor var requiredCounts: [Int?] { get throws { try anchor.required(Slots.Tokenizer.counts) } }
    @MainActor var caughtCounts: Result<[Int]?, Baton.FieldErrors> { anchor.caught(Slots.Tokenizer.counts) }
    @MainActor var nulledCounts: [Int?]? { anchor.nullOnError(Slots.Tokenizer.counts) }
    /// The text as the wrong element: an int, a plural link.
    @MainActor var caughtTextAsInt: Result<Int?, Baton.FieldErrors> { anchor.caught(Slots.Tokenizer.text) }
    @MainActor var textAsPlural: Baton.List<ShapeReads>? { anchor.read(plural: Slots.Tokenizer.text) }
    @MainActor var missingAsPlural: Baton.List<ShapeReads> { anchor.read(plural: Slots.Tokenizer.strings) }
}

@MainActor @Suite struct ReadGrammarTests {
    @Test func oneReadServesEveryShape() async throws {
        let environment = Environment()
        var events: [LogEvent] = []
        environment.log = { events.append($0) }
        try await environment.commitPayload(
            TestTokenizerQuery(),
            Payload(
                json:
                    #"{"data":{"tokenizer":{"id":"t1","text":"https://example.org/a","counts":[1,null,2]}}}"#))
        let lens = try #require(environment.lens(ShapeReads.self, at: "Tokenizer:t1"))
        events.removeAll()
        // A non-null element drops a null (reported); an optional one keeps it as nil (not reported).
        #expect(lens.counts == [1, 2])
        #expect(lens.countsOrNil == [1, 2])
        #expect(events == [.unexpected(type: "Tokenizer", field: "counts"), .unexpected(type: "Tokenizer", field: "counts")])
        events.removeAll()
        #expect(lens.countsWithNulls == [1, nil, 2])
        #expect(lens.countsWithNullsOrNil == [1, nil, 2])
        #expect(try lens.requiredCounts == [1, nil, 2])
        #expect(lens.caughtCounts == .success([1, 2]))
        #expect(lens.nulledCounts == [1, nil, 2])
        #expect(events == [.unexpected(type: "Tokenizer", field: "counts")])
    }

    @Test func aValueOfAnotherKindIsReported() async throws {
        let environment = Environment()
        var events: [LogEvent] = []
        environment.log = { events.append($0) }
        try await environment.commitPayload(
            TestTokenizerQuery(),
            Payload(
                json:
                    #"{"data":{"tokenizer":{"id":"t1","text":"https://example.org/a","strings":null}}}"#))
        let lens = try #require(environment.lens(ShapeReads.self, at: "Tokenizer:t1"))
        events.removeAll()
        #expect(lens.caughtTextAsInt == .success(nil))
        #expect(lens.textAsPlural == nil)
        #expect(events == [.unexpected(type: "Tokenizer", field: "text"), .unexpected(type: "Tokenizer", field: "text")])
        events.removeAll()
        // A null where the plural is non-null reads empty, quietly.
        #expect(lens.missingAsPlural.isEmpty)
        #expect(events.isEmpty)
    }
}
