@_spi(Generated) import Baton
import BatonInspector
import Foundation
import Testing

/// `spec/conformance/tokenizer/`: every case of `malformed.json` has its listed outcome (an
/// `IngestError` that commits nothing, or the listed leaves), and the other files parse.
@MainActor @Suite struct TokenizerTests {
    struct MalformedCase: Sendable, CustomTestStringConvertible {
        let response: String
        let error: String?
        let leaves: [String: LeafValue]
        var testDescription: String { response }
    }

    enum LeafValue: Sendable, Equatable {
        case text(String)
        case texts([String?])
        case ints([Int?])
    }

    /// malformed.json, read with JSONSerialization (the test's own oracle, not the runtime's path).
    nonisolated static let malformedCases: [MalformedCase] = {
        guard let data = try? Data(contentsOf: Fixtures.root.appendingPathComponent("tokenizer/malformed.json")),
            let list = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]]
        else { return [] }
        return list.map { entry in
            var leaves: [String: LeafValue] = [:]
            for (path, value) in entry["leaves"] as? [String: Any] ?? [:] {
                if let text = value as? String {
                    leaves[path] = .text(text)
                } else if let array = value as? [Any], array.allSatisfy({ $0 is String || $0 is NSNull }) {
                    leaves[path] = .texts(array.map { $0 as? String })
                } else if let array = value as? [Any] {
                    leaves[path] = .ints(array.map { ($0 as? NSNumber)?.int64Value }.map { $0.map(Int.init) })
                }
            }
            return MalformedCase(
                response: entry["response"] as! String, error: entry["error"] as? String,
                leaves: leaves)
        }
    }()

    @Test func malformedListIsRead() {
        #expect(Self.malformedCases.count == 12)
    }

    @Test(arguments: malformedCases)
    func malformedOutcome(_ testCase: MalformedCase) async throws {
        let environment = Environment()
        let before = StoreExport.text(of: environment.store)
        let bytes = try Fixtures.bytes("tokenizer/" + testCase.response)
        if testCase.error != nil {
            #expect(testCase.error == "IngestError")
            await #expect(throws: IngestError.self) {
                try await environment.commitPayload(TestTokenizerQuery(), Payload(bytes))
            }
            #expect(StoreExport.text(of: environment.store) == before)
            return
        }
        try await environment.commitPayload(TestTokenizerQuery(), Payload(bytes))
        let tokenizer = try #require(environment.data(for: TestTokenizerQuery()).tokenizer)
        #expect(!testCase.leaves.isEmpty)
        for (path, expected) in testCase.leaves {
            switch (path, expected) {
            case ("tokenizer.text", .text(let text)): #expect(tokenizer.text == text)
            case ("tokenizer.strings", .texts(let texts)): #expect(tokenizer.strings == texts)
            case ("tokenizer.counts", .ints(let ints)): #expect(tokenizer.counts == ints)
            default: Issue.record("no reader for \(path)")
            }
        }
    }

    /// The tokenizer files malformed.json does not list parse (as payloads: they answer part of the
    /// selection).
    @Test(arguments: [
        "custom-tokens.json", "high-surrogate-then-private-use.json", "non-hex-escapes.json",
        "null-in-scalar-lists.json", "integral-floats.json", "response.json",
    ])
    func wellFormedParses(_ file: String) async throws {
        let environment = Environment()
        try await environment.commitPayload(TestTokenizerQuery(), Payload(try Fixtures.bytes("tokenizer/" + file)))
        #expect(environment.data(for: TestTokenizerQuery()).tokenizer?.id == "t1")
    }

    @Test func customTokensKeepTheirText() async throws {
        let environment = Environment()
        try await environment.commitPayload(TestTokenizerQuery(), Payload(try Fixtures.bytes("tokenizer/custom-tokens.json")))
        let tokenizer = try #require(environment.data(for: TestTokenizerQuery()).tokenizer)
        #expect(tokenizer.json == "{\"b\":1, \"a\":[true,null]}")
        #expect(tokenizer.jsons == ["text", "12345678901234567890", "1.50", "true", "{\"k\":\"v\"}", "[1,2]", "-0.0", nil])
    }

    @Test func escapesThatAreNotHex() async throws {
        let environment = Environment()
        try await environment.commitPayload(TestTokenizerQuery(), Payload(try Fixtures.bytes("tokenizer/non-hex-escapes.json")))
        let tokenizer = try #require(environment.data(for: TestTokenizerQuery()).tokenizer)
        #expect(tokenizer.strings == ["\u{FFFD}\\", "\u{FFFD}\"zz", "\u{FFFD}ZZ", "\u{FFFD}\u{FFFD}ZZ"])
    }

    @Test func privateUseAfterAHighSurrogate() async throws {
        let environment = Environment()
        try await environment.commitPayload(
            TestTokenizerQuery(),
            Payload(try Fixtures.bytes("tokenizer/high-surrogate-then-private-use.json")))
        #expect(environment.data(for: TestTokenizerQuery()).tokenizer?.text == "\u{FFFD}\u{E000}")
    }

    @Test func nullsInScalarLists() async throws {
        let environment = Environment()
        try await environment.commitPayload(TestTokenizerQuery(), Payload(try Fixtures.bytes("tokenizer/null-in-scalar-lists.json")))
        let tokenizer = try #require(environment.data(for: TestTokenizerQuery()).tokenizer)
        #expect(tokenizer.strings == ["a", nil, "b"])
        #expect(tokenizer.counts == [nil])
        #expect(tokenizer.ratios == [1.5, nil])
        #expect(tokenizer.flags == [nil, true])
    }

    /// Not listed in malformed.json (which predates it), but cut off mid-response, so it cannot parse.
    @Test func cutOffInANumber() async throws {
        let environment = Environment()
        await #expect(throws: IngestError.self) {
            try await environment.commitPayload(TestTokenizerQuery(), Payload(try Fixtures.bytes("tokenizer/cut-off-in-a-number.json")))
        }
        #expect(environment.store.recordKeys.count == 3)
    }
}
