import BatonDiagnostics
import Testing

@testable import BatonJSON

@Suite struct JSONParserTests {
    @Test func parsesEveryKindWithItsRange() throws {
        let text = #"{"a": [1, -2.5e3, true, false, null], "b": "x\ny", "c": {}}"#
        let value = try JSONParser.parse(text: text)
        let object = try #require(value.objectValue)
        #expect(object.keys == ["a", "b", "c"])
        #expect(value.range == SourceRange(0, text.utf8.count))

        let a = try #require(value["a"]?.arrayValue)
        #expect(a.count == 5)
        #expect(a[0].intValue == 1)
        #expect(a[1].doubleValue == -2500)
        #expect(a[1].numberValue?.text == "-2.5e3")
        #expect(a[2].boolValue == true)
        #expect(a[3].boolValue == false)
        #expect(a[4].isNull)
        #expect(slice(text, a[1].range) == "-2.5e3")
        #expect(slice(text, a[4].range) == "null")
        #expect(slice(text, value["a"]!.range) == "[1, -2.5e3, true, false, null]")

        #expect(value["b"]?.stringValue == "x\ny")
        #expect(slice(text, value["b"]!.range) == #""x\ny""#)
        let bMember = try #require(object.member(named: "b"))
        #expect(slice(text, bMember.keyRange) == #""b""#)
        #expect(value["c"]?.objectValue?.isEmpty == true)
        #expect(slice(text, value["c"]!.range) == "{}")
    }

    @Test func scalarsAtTopLevelAndWhitespace() throws {
        #expect(try JSONParser.parse(text: " \t\r\n 42 \n").intValue == 42)
        #expect(try JSONParser.parse(text: #""s""#).stringValue == "s")
        #expect(try JSONParser.parse(text: "null").isNull)
        #expect(try JSONParser.parse(text: "[]").arrayValue == [])
        #expect(try JSONParser.parse(text: "0").intValue == 0)
        #expect(try JSONParser.parse(text: "-0").doubleValue == 0)
    }

    @Test func numbersKeepTheirText() throws {
        let big = try JSONParser.parse(text: "123456789012345678901234567890")
        #expect(big.numberValue?.text == "123456789012345678901234567890")
        #expect(big.intValue == nil)
        #expect(try JSONParser.parse(text: "1.0").intValue == 1)
        #expect(try JSONParser.parse(text: "2E3").intValue == 2000)
        #expect(try JSONParser.parse(text: "1.5").intValue == nil)
        #expect(try JSONParser.parse(text: "9223372036854775807").intValue == Int.max)
        #expect(try JSONParser.parse(text: "1e400").doubleValue == .infinity)
        #expect(try JSONParser.parse(text: "12").numberValue?.isIntegerText == true)
        #expect(try JSONParser.parse(text: "12e0").numberValue?.isIntegerText == false)
    }

    @Test func stringEscapes() throws {
        let value = try JSONParser.parse(text: #""\"\\\/\b\f\n\r\t\u0041\u00e9\u20AC\ud83d\ude00""#)
        #expect(value.stringValue == "\"\\/\u{08}\u{0C}\n\r\tAé€😀")
        // Lone surrogates have no scalar; they become U+FFFD and what follows survives.
        #expect(try JSONParser.parse(text: #""a\ud800b""#).stringValue == "a\u{FFFD}b")
        #expect(try JSONParser.parse(text: #""\udc00""#).stringValue == "\u{FFFD}")
        #expect(try JSONParser.parse(text: #""\ud800\u0041""#).stringValue == "\u{FFFD}A")
        // Non-ASCII text is kept as is.
        #expect(try JSONParser.parse(text: "\"héllo 😀 \\n\"").stringValue == "héllo 😀 \n")
    }

    @Test func keysAreOrderedAndDuplicatesAreVisible() throws {
        let value = try JSONParser.parse(text: #"{"z": 1, "a": 2, "z": 3}"#)
        let object = try #require(value.objectValue)
        #expect(object.keys == ["z", "a", "z"])
        #expect(object["z"]?.intValue == 3)
        #expect(object.duplicateMembers.map(\.key) == ["z"])
        #expect(object.duplicateMembers.first?.keyRange == SourceRange(17, 20))
    }

    @Test func skipsALeadingByteOrderMark() throws {
        let value = try JSONParser.parse(bytes: [0xEF, 0xBB, 0xBF] + Array("[1]".utf8))
        #expect(value == [1])
        #expect(value.range == SourceRange(3, 6))
    }

    /// Each malformed text, the offset its error must point at, and words its message must hold.
    static let malformed: [(String, Int, String)] = [
        ("", 0, "Expected a JSON value, found end of input"),
        ("   ", 3, "found end of input"),
        ("[1,]", 3, "Trailing comma"),
        (#"{"a":1,}"#, 7, "Trailing comma"),
        ("[1 2]", 3, "Expected ',' or ']' after an array element, found '2'"),
        (#"{"a" 1}"#, 5, "Expected ':' after the object key, found '1'"),
        (#"{"a":1 "b":2}"#, 7, "Expected ',' or '}' after an object member"),
        ("{a:1}", 1, "Expected a string key after '{', found 'a'"),
        ("{'a':1}", 1, "Expected a string key"),
        ("[1", 2, "Expected ',' or ']' but found end of input"),
        (#"{"a":"#, 5, "Expected a JSON value, found end of input"),
        (#""abc"#, 4, "Unterminated string"),
        ("\"a\nb\"", 2, "Control character U+000A must be escaped"),
        (#""\x""#, 1, #"Invalid escape '\x'"#),
        (#""\u12G4""#, 5, "Invalid \\u escape: expected 4 hex digits, found 'G'"),
        (#""\u12"#, 5, "Incomplete \\u escape"),
        ("01", 0, "Leading zeros"),
        ("-", 1, "Expected a digit after '-'"),
        ("-a", 1, "Expected a digit after '-', found 'a'"),
        ("1.", 2, "Expected a digit after the decimal point"),
        ("1.e3", 2, "Expected a digit after the decimal point"),
        ("1e", 2, "Expected a digit in the exponent"),
        ("1e+", 3, "Expected a digit in the exponent"),
        ("+1", 0, "Expected a JSON value, found '+'"),
        (".5", 0, "Expected a JSON value, found '.'"),
        ("NaN", 0, "Expected a JSON value, found 'N'"),
        ("tru", 0, "Invalid literal 'tru'"),
        ("nul", 0, "Invalid literal 'nul'"),
        ("truex", 0, "Invalid literal 'truex'"),
        ("[True]", 1, "Expected a JSON value, found 'T'"),
        ("1 2", 2, "Unexpected '2' after the JSON value"),
        ("{} x", 3, "Unexpected 'x' after the JSON value"),
        ("[1] // c", 4, "Unexpected '/' after the JSON value"),
        ("]", 0, "Expected a JSON value, found ']'"),
        ("[,1]", 1, "Expected a JSON value, found ','"),
        ("\u{00A0}1", 0, "U+00A0"),
        ("[\u{0}]", 1, "U+0000"),
        ("\u{FEFF}\u{FEFF}1", 3, "U+FEFF"),
    ]

    @Test(arguments: malformed)
    func malformedTextFailsAtItsPosition(text: String, offset: Int, message: String) {
        do {
            let value = try JSONParser.parse(text: text)
            Issue.record("parsed \(text.debugDescription) as \(value)")
        } catch {
            #expect(error.range.start == offset, "\(text.debugDescription): \(error.message)")
            #expect(error.message.contains(message), "\(text.debugDescription): \(error.message)")
        }
    }

    @Test func invalidUTF8InAStringIsAnErrorAtTheBadByte() {
        let bytes: [UInt8] = Array(#"["ok", "a"#.utf8) + [0xC3, 0x28] + Array(#""]"#.utf8)
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(bytes: bytes) }
        do {
            _ = try JSONParser.parse(bytes: bytes)
        } catch {
            #expect(error.range.start == 9)
            #expect(error.message.contains("Invalid UTF-8 byte 0xC3"))
        }
        // An overlong encoding and a surrogate encoded in UTF-8 are not UTF-8 either.
        for bad: [UInt8] in [[0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xE2, 0x82]] {
            let input = [0x22, 0x61] + bad + [0x22]
            #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(bytes: input) }
        }
        // Raw non-ASCII outside a string is named in the message.
        do {
            _ = try JSONParser.parse(bytes: [0x5B, 0xFF, 0x5D])
        } catch {
            #expect(error.range.start == 1)
            #expect(error.message.contains("0xFF"))
        }
    }

    @Test func errorsFromASourceBecomeDiagnosticsAtLineAndColumn() {
        let source = Source(name: "baton.json", text: "{\n  \"schema\": \"s.graphql\",\n  \"src\": [1,,2]\n}\n")
        var diagnostics: [Diagnostic] = []
        let value = JSONParser.parse(source, diagnostics: &diagnostics)
        #expect(value == nil)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.code == .jsonSyntax)
        #expect(diagnostics.first?.rendered() == "baton.json:3:13: error: Expected a JSON value, found ','")
        do {
            _ = try JSONParser.parse(source)
        } catch {
            #expect(error.description == "baton.json:3:13: Expected a JSON value, found ','")
        }
    }

    @Test func unclosedContainersAndStringsPointBackAtTheirOpening() {
        let source = Source(name: "baton.json", text: "{\n  \"src\": [\n    \"a\",\n")
        do {
            _ = try JSONParser.parse(source)
            Issue.record("parsed an unclosed array")
        } catch {
            #expect(
                error.description == "baton.json:4:1: Expected a JSON value, found end of input: the array is not closed (opened at 2:10)")
            let diagnostic = error.diagnostic()
            #expect(diagnostic.locations.count == 2)
            #expect(diagnostic.locations.last?.start.description == "2:10")
        }
        do {
            _ = try JSONParser.parse(Source(name: "x.json", text: "{\"a\": {\"b\": 1"))
        } catch {
            #expect(
                error.description == "x.json:1:14: Expected ',' or '}' but found end of input: the object is not closed (opened at 1:7)")
        }
        do {
            _ = try JSONParser.parse(text: "[\"abc")
        } catch {
            #expect(error.description == "offset 5: Unterminated string: found end of input (opened at offset 1)")
            #expect(error.opening == SourceRange(1, 2))
        }
    }

    @Test func valuesLocateThemselvesInTheirSource() throws {
        let source = Source(name: "baton.json", text: "{\n  \"schema\": 12\n}")
        let value = try JSONParser.parse(source)
        let schema = try #require(value.objectValue?.member(named: "schema"))
        #expect(schema.value.location(in: source).start == SourcePosition(line: 1, column: 12, utf16Column: 12))
        #expect(Location(source: source, range: schema.keyRange).start.description == "2:3")
    }

    @Test func depthIsLimitedWithoutRecursion() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        do {
            _ = try JSONParser.parse(text: deep)
            Issue.record("parsed 100,000 nested arrays")
        } catch {
            #expect(error.range.start == JSONParser.defaultMaximumDepth)
            #expect(error.message.contains("nested deeper than 512"))
        }
        let allowed = String(repeating: "{\"a\":", count: 512) + "1" + String(repeating: "}", count: 512)
        var value = try JSONParser.parse(text: allowed)
        for _ in 0..<512 { value = try #require(value["a"]) }
        #expect(value.intValue == 1)
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(text: "[[1]]", maximumDepth: 1) }
        #expect(try JSONParser.parse(text: "[1]", maximumDepth: 1) == [1])
    }

    /// Truncations and byte flips of a valid document: every outcome is a value or an error
    /// with a range inside the input, never a crash.
    @Test func garbageNeverCrashes() {
        let valid = Array(
            #"{"jsonrpc":"2.0","id":7,"method":"textDocument/didChange","params":{"a":[1,2.5e-3,true,null,"é😀\n\u0041"]}}"#.utf8)
        var generator = SplitMix64(seed: 0x5EED)
        var failures = 0
        for length in 0...valid.count {
            if (try? JSONParser.parse(bytes: Array(valid[0..<length]))) == nil { failures += 1 }
        }
        #expect(failures == valid.count)  // only the complete document parses
        let alphabet = Array(#"{}[],:"\ 0123456789.eE+-truefalsnul\u"#.utf8) + [0x00, 0x0A, 0xC3, 0xA9, 0xFF, 0xED]
        for _ in 0..<3000 {
            var bytes = valid
            for _ in 0..<Int(generator.next() % 4 + 1) {
                let at = Int(generator.next() % UInt64(bytes.count))
                bytes[at] = alphabet[Int(generator.next() % UInt64(alphabet.count))]
            }
            do {
                _ = try JSONParser.parse(bytes: bytes)
            } catch {
                #expect(error.range.start >= 0 && error.range.end <= bytes.count && error.range.start <= error.range.end)
                #expect(!error.message.isEmpty)
            }
        }
    }

    private func slice(_ text: String, _ range: SourceRange) -> String {
        let bytes = Array(text.utf8)
        return String(decoding: bytes[range.start..<range.end], as: UTF8.self)
    }
}

/// A small deterministic generator so the garbage test is the same on every run.
struct SplitMix64 {
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

/// The string scanner reads eight bytes at a time; these put every kind of special byte at
/// every position around word boundaries, and round-trip random strings.
@Suite struct JSONStringScanningTests {
    @Test func specialsAtEveryPosition() throws {
        let specials: [(spelled: String, decoded: String)] = [
            (#"\n"#, "\n"), (#"\""#, "\""), (#"\\"#, "\\"), (#"\u00e9"#, "é"), ("é", "é"), ("😀", "😀"),
            (#"\ud83d\ude00"#, "😀"), (#"\/"#, "/"),
        ]
        for length in 0..<20 {
            for position in 0...length {
                for special in specials {
                    let prefix = String(repeating: "a", count: position)
                    let suffix = String(repeating: "b", count: length - position)
                    let value = try JSONParser.parse(text: "\"\(prefix)\(special.spelled)\(suffix)\"")
                    #expect(value.stringValue == prefix + special.decoded + suffix, "\(length) \(position) \(special.spelled)")
                }
            }
        }
    }

    @Test func errorsAtEveryPosition() {
        for position in 0..<20 {
            let prefix = String(repeating: "a", count: position)
            for (bad, message) in [("\u{1}", "Control character U+0001"), (#"\q"#, "Invalid escape"), (#"\u00g0"#, "Invalid \\u escape")] {
                do {
                    _ = try JSONParser.parse(text: "[\"\(prefix)\(bad)bbbbbbbbbbbb\"]")
                    Issue.record("accepted \(bad) at \(position)")
                } catch {
                    #expect(error.message.contains(message))
                    let expected = bad.hasPrefix(#"\u"#) ? 2 + position + 4 : 2 + position
                    #expect(error.range.start == expected, "\(bad) at \(position): \(error.message)")
                }
            }
            // The unterminated string is reported at the end, wherever it is cut.
            #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(text: "\"" + prefix) }
        }
    }

    @Test func theFirstProblemInTextOrderIsReported() {
        let bytes: [UInt8] = [0x22, 0x61, 0xFF, 0x62] + Array(#"\q""#.utf8)
        do {
            _ = try JSONParser.parse(bytes: bytes)
            Issue.record("accepted invalid UTF-8")
        } catch {
            #expect(error.range.start == 2)
            #expect(error.message.contains("0xFF"))
        }
    }

    @Test func randomStringsRoundTrip() throws {
        var generator = SplitMix64(seed: 42)
        let pieces: [String] = [
            "a", "Z", " ", "\"", "\\", "/", "\n", "\r", "\t", "\u{0}", "\u{1F}", "\u{7F}", "é", "€", "😀", "\u{2028}", "abcdefgh",
            "\u{FFFD}",
        ]
        for _ in 0..<2000 {
            var string = ""
            for _ in 0..<Int(generator.next() % 40) { string += pieces[Int(generator.next() % UInt64(pieces.count))] }
            let value: JSONValue = [.string(string), ["k\(string)": .string(string)]]
            for options: JSONWriteOptions in [[], [.prettyPrinted, .sortedKeys]] {
                let text = value.serialized(options)
                let parsed = try JSONParser.parse(text: text)
                #expect(parsed == value, "\(text.debugDescription)")
            }
        }
    }
}
