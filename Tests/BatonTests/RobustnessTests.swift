@_spi(Generated) import Baton
import Testing

/// Bad input gives an `IngestError`, never a crash or a hang: fixtures cut, spliced and with bytes
/// replaced, by a seeded generator so a failure reproduces.
@Suite struct RobustnessTests {
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let interesting: [UInt8] = Array("{}[]\",:\\u0123456789-+.eEtrufalsn \u{00}\u{1F}".utf8) + [0xFF, 0xC3, 0xE2]

    @Test(arguments: [
        ("tokenizer/response.json", 1),
        ("tests/keys-1.json", 2),
        ("tests/union-unknown-type.json", 3),
        ("tests/notes-page-1.json", 4),
        ("tests/character-origin-null.json", 5),
    ])
    func mutatedResponsesFailCleanly(_ file: String, _ seed: UInt64) throws {
        let original = try Fixtures.bytes(file)
        let plans: [(Plan, Variables)] = [
            (TestTokenizerQuery.plan, [:]), (TestKeys.plan, ["id": "7", "name": "Rick"]),
            (TestUnion.plan, ["name": "robot"]), (TestNotesQuery.plan, ["id": "1"]), (TestProfileQuery.plan, ["id": "1"]),
        ]
        var random = SplitMix(state: seed)
        var parsed = 0
        var failed = 0
        for round in 0..<300 {
            var bytes = original
            switch round % 4 {
            case 0:
                bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &random)))
            case 1:
                for _ in 0..<Int.random(in: 1...4, using: &random) where !bytes.isEmpty {
                    bytes[Int.random(in: 0..<bytes.count, using: &random)] = Self.interesting.randomElement(using: &random)!
                }
            case 2:
                let at = Int.random(in: 0...bytes.count, using: &random)
                let from = Int.random(in: 0..<original.count, using: &random)
                bytes.insert(contentsOf: original[from..<min(original.count, from + Int.random(in: 1...40, using: &random))], at: at)
            default:
                if bytes.count > 2 {
                    let start = Int.random(in: 0..<bytes.count - 1, using: &random)
                    bytes.removeSubrange(start..<min(bytes.count, start + Int.random(in: 1...20, using: &random)))
                }
            }
            for (plan, variables) in plans {
                for complete in [true, false] {
                    do {
                        _ = try Ingest.changeSet(bytes, plan: plan, variables: variables, complete: complete)
                        parsed += 1
                    } catch {
                        #expect(error.offset >= 0 && error.offset <= bytes.count)
                        failed += 1
                    }
                }
            }
        }
        #expect(parsed > 0)
        #expect(failed > 0)
    }

    /// A value of another kind than the field's is kept (its text), and a read of it reports it.
    @Test func aValueOfAnotherKindIsKept() throws {
        let changes = try Ingest.changeSet(
            Array(#"{"data":{"tokenizer":{"id":{"a":[]},"count":"x"}}}"#.utf8),
            plan: TestTokenizerQuery.plan, complete: false)
        #expect(changes.records.map(\.key) == ["client:root", "client:root:tokenizer"])
        #expect(changes.records[1].entries.map { changes.decoded($0.value) } == [.string(#"{"a":[]}"#), .string("x")])
    }

    @Test func pathologicalInputs() {
        let cases: [String] = [
            "", " ", "{", "}", "{\"data\"", "{\"data\":", "{\"data\":{", "{\"data\":{\"tokenizer\":",
            "{\"data\":{\"tokenizer\":{\"id\":\"t1\",\"text\":\"\\", "{\"data\":{\"tokenizer\":{\"id\":\"t1\",\"text\":\"\\u",
            "{\"data\":{\"tokenizer\":{\"id\":\"t1\",\"count\":-}}}", "{\"data\":{\"tokenizer\":{\"id\":\"t1\",\"count\":1.}}}",
            "{\"data\":{\"tokenizer\":{\"id\":\"t1\",\"count\":1e}}}", "{\"data\":{\"tokenizer\":{\"id\":\"t1\",\"counts\":[1,]}}}",
            "{\"data\":{\"tokenizer\":{\"id\":\"t1\",,}}}", "{\"data\":{\"tokenizer\":[]}}", "{\"data\":{\"tokenizer\":\"x\"}}",
            "{\"errors\":[1,2]}", "{\"errors\":{}}", "{\"data\":[]}",
            String(repeating: "{\"a\":", count: 50_000), String(repeating: "[", count: 100_000),
        ]
        for text in cases {
            #expect(throws: IngestError.self, "\(text.prefix(60))") {
                try Ingest.changeSet(Array(text.utf8), plan: TestTokenizerQuery.plan, complete: false)
            }
        }
    }
}
