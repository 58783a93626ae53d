import BatonDiagnostics
import Foundation
import Testing

@testable import BatonSyntax

/// Deep nesting, garbage and huge inputs end in a clean result or one clean diagnostic.
/// Limits and positions are graphql-core 3.3.2's: 200 levels of selection sets, list and
/// object values and list types together; the error is at the token that would open level
/// 201 (for a list type, the token after its `[`).
@Suite struct RobustnessTests {
    static let tooDeep = "Syntax Error: Document is nested too deeply. Parsing aborted."

    func firstError(_ text: String) -> String? {
        Parser.parse(Source(name: "deep.graphql", text: text)).firstError
    }

    @Test func twoHundredLevelsParse() {
        let n = Parser.maxNestingDepth
        #expect(firstError("{" + String(repeating: "a{", count: n - 1) + "b" + String(repeating: "}", count: n)) == nil)
        #expect(firstError("{a(x:" + String(repeating: "[", count: n - 1) + String(repeating: "]", count: n - 1) + ")}") == nil)
        #expect(firstError("query($a:" + String(repeating: "[", count: n) + "Int" + String(repeating: "]", count: n) + "){a}") == nil)
    }

    @Test(arguments: [201, 10_000])
    func deepSelectionSetsStopAtTheLimit(depth: Int) {
        let text = "{" + String(repeating: "a{", count: depth - 1) + "b" + String(repeating: "}", count: depth)
        // Level 201 opens at column 1 + 2 * 200.
        #expect(firstError(text) == "1:401 \(Self.tooDeep)")
    }

    @Test(arguments: [200, 10_000])
    func deepListValuesStopAtTheLimit(depth: Int) {
        let text = "{a(x:" + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + ")}"
        // The selection set is level 1; the 200th `[` (column 6 + 199) is level 201.
        #expect(firstError(text) == "1:205 \(Self.tooDeep)")
    }

    @Test func deepObjectValuesStopAtTheLimit() {
        let depth = 10_000
        let text = "{a(x:" + String(repeating: "{a:", count: depth) + "1" + String(repeating: "}", count: depth) + ")}"
        #expect(firstError(text) == "1:603 \(Self.tooDeep)")
    }

    @Test func deepListTypesStopAtTheLimit() {
        let depth = 10_000
        let text = "query($a:" + String(repeating: "[", count: depth) + "Int" + String(repeating: "]", count: depth) + "){a}"
        #expect(firstError(text) == "1:211 \(Self.tooDeep)")
        let value = Parser.parseType(
            Source(name: "t", text: String(repeating: "[", count: depth) + "A" + String(repeating: "]", count: depth)))
        guard case .failure(let error) = value else {
            Issue.record("expected an error")
            return
        }
        #expect(error.message == Self.tooDeep)
    }

    @Test func deepStandaloneValueStopsAtTheLimit() {
        let depth = 10_000
        let result = Parser.parseValue(Source(name: "v", text: String(repeating: "[", count: depth) + String(repeating: "]", count: depth)))
        guard case .failure(let error) = result else {
            Issue.record("expected an error")
            return
        }
        #expect(error.message == Self.tooDeep)
        #expect(error.range.start == Parser.maxNestingDepth)
    }

    /// On a small stack (here 256 KB, in a debug build's big frames) deep documents end in
    /// the nesting error, never a stack overflow; within the limit they parse or get that
    /// same error, never another one.
    @Test func deepDocumentsOnASmallStack() {
        let n = Parser.maxNestingDepth
        let texts = [
            "{" + String(repeating: "a{", count: n - 1) + "b" + String(repeating: "}", count: n),
            "{a(x:" + String(repeating: "{a:[", count: (n - 1) / 2) + "1" + String(repeating: "]}", count: (n - 1) / 2) + ")}",
            "query($a:" + String(repeating: "[", count: n) + "Int" + String(repeating: "]", count: n) + "){a}",
            "{" + String(repeating: "a{", count: 9_999) + "b" + String(repeating: "}", count: 10_000),
            "{a(x:" + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + ")}",
        ]
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var messages: [String?] = []
        let thread = Thread {
            messages = texts.map { Parser.parse(Source(name: "deep", text: $0)).diagnostics.first?.message }
            done.signal()
        }
        thread.stackSize = 256 * 1024
        thread.start()
        done.wait()
        #expect(messages.count == texts.count)
        for message in messages { #expect(message == nil || message == Self.tooDeep) }
        #expect(messages[3] == Self.tooDeep && messages[4] == Self.tooDeep)
    }

    /// Random bytes (fixed seed): never a crash or hang; at most one diagnostic, inside the text.
    @Test func randomBytesGiveACleanResult() {
        var generator = SeededGenerator(seed: 0x5EED)
        for round in 0..<400 {
            let count = round < 200 ? Int.random(in: 0...64, using: &generator) : Int.random(in: 0...4096, using: &generator)
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let source = Source(name: "garbage", bytes: bytes)
            let result = Parser.parse(source)
            #expect(result.diagnostics.count <= 1)
            if let d = result.diagnostics.first {
                #expect(d.code == .syntax)
                #expect(d.primaryLocation!.range.start <= source.utf8.count)
            }
        }
    }

    /// Random sequences of GraphQL's own tokens reach deep into the grammar.
    @Test func randomTokenSoupGivesACleanResult() {
        let pieces = [
            "{", "}", "(", ")", "[", "]", "!", "$", "&", "|", ":", "=", "@", "...", "on", "query", "mutation",
            "fragment", "type", "extend", "schema", "scalar", "interface", "union", "enum", "input",
            "directive", "repeatable", "implements", "FIELD", "a", "b", "1", "-2.5e3", "\"s\"",
            "\"\"\"b\"\"\"", "true", "null", " ", "\n", ",", "#c\n",
        ]
        var generator = SeededGenerator(seed: 42)
        var parsed = 0
        for _ in 0..<3000 {
            let n = Int.random(in: 1...40, using: &generator)
            let text = (0..<n).map { _ in pieces.randomElement(using: &generator)! }.joined(separator: " ")
            let result = Parser.parse(Source(name: "soup", text: text))
            #expect(result.diagnostics.count <= 1)
            if result.diagnostics.isEmpty { parsed += 1 }
        }
        #expect(parsed < 3000)
    }

    @Test func fiftyMegabytesOfCommentThenADocument() {
        let text = String(repeating: "# " + String(repeating: "x", count: 97) + "\n", count: 500_000) + "{ a }"
        #expect(text.utf8.count > 50_000_000)
        let result = Parser.parse(Source(name: "big", text: text))
        #expect(result.diagnostics.isEmpty)
        #expect(result.document.operations.count == 1)
    }

    @Test func fiftyMegabyteUnterminatedBlockString() {
        let text = "\"\"\"" + String(repeating: "line of text\n", count: 4_000_000)
        let result = Parser.parse(Source(name: "big", text: text))
        #expect(result.firstError == "4000001:1 Syntax Error: Unterminated string.")
    }

    /// Bytes that are not UTF-8 at all: `Source` repairs them in linear time, the parser
    /// stops at the first one.
    @Test func eightMegabytesOfGarbage() {
        var generator = SeededGenerator(seed: 7)
        let block = (0..<65_536).map { _ in UInt8.random(in: 0...255, using: &generator) | 0x80 }
        var bytes = [UInt8]("{ a }\n".utf8)
        bytes.reserveCapacity(8_400_000)
        for _ in 0..<128 { bytes.append(contentsOf: block) }
        let result = Parser.parse(Source(name: "big", bytes: bytes))
        #expect(result.diagnostics.count == 1)
        #expect(result.firstError?.hasPrefix("2:1 Syntax Error: Unexpected character: U+") == true)
    }
}

/// A small deterministic generator (SplitMix64) so failures reproduce.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite struct SourceRepairTests {
    /// The linear repair agrees with the standard library's on every kind of ill-formed input.
    @Test func repairMatchesTheStandardLibrary() {
        var generator = SeededGenerator(seed: 99)
        let interesting: [UInt8] = [
            0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF,
            0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
        ]
        for _ in 0..<5000 {
            let bytes = (0..<Int.random(in: 0...12, using: &generator)).map { _ in interesting.randomElement(using: &generator)! }
            #expect(Source(name: "r", bytes: bytes).text == String(decoding: bytes, as: UTF8.self), "\(bytes)")
        }
        let valid = Array("é 中文 😀 plain".utf8)
        #expect(Source(name: "r", bytes: valid).text == "é 中文 😀 plain")
    }
}
