import BatonDiagnostics

/// A strict RFC 8259 parser: exactly one value, optionally surrounded by whitespace, and
/// nothing else (no comments, trailing commas, single quotes, NaN, or leading `+`/zeros).
///
/// The parser is iterative (an explicit stack of open containers), so nesting is bounded by
/// `maximumDepth` and never by the thread's stack: a 10 MB `[[[[…` fails with a message
/// instead of overflowing. A leading UTF-8 byte order mark is skipped (RFC 8259 §8.1 allows
/// ignoring it). A lone surrogate escape (`"\uD800"`) is grammatical but names no character;
/// it decodes to U+FFFD so that an editor's buffer with one still syncs.
package enum JSONParser {
    package static let defaultMaximumDepth = 512

    /// Parses a source; errors carry the source, so their diagnostic points into it.
    package static func parse(_ source: Source, maximumDepth: Int = defaultMaximumDepth) throws(JSONSyntaxError) -> JSONValue {
        do {
            return try parse(bytes: source.utf8, maximumDepth: maximumDepth)
        } catch {
            var located = error
            located.source = source
            throw located
        }
    }

    /// Parses a source and reports a malformed text as a diagnostic instead of throwing.
    package static func parse(_ source: Source, diagnostics: inout [Diagnostic], maximumDepth: Int = defaultMaximumDepth) -> JSONValue? {
        do {
            return try parse(source, maximumDepth: maximumDepth)
        } catch {
            diagnostics.append(error.diagnostic())
            return nil
        }
    }

    /// Parses raw bytes (a JSON-RPC message body); ranges are offsets into `bytes`. Bytes that
    /// are not UTF-8 inside a string are an error at the first bad byte.
    package static func parse(bytes: [UInt8], maximumDepth: Int = defaultMaximumDepth) throws(JSONSyntaxError) -> JSONValue {
        let result: Result<JSONValue, JSONSyntaxError> = bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONScanner(buffer, maximumDepth: maximumDepth)
            do throws(JSONSyntaxError) {
                return .success(try reader.parseDocument())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Parses a string's UTF-8.
    package static func parse(text: String, maximumDepth: Int = defaultMaximumDepth) throws(JSONSyntaxError) -> JSONValue {
        try parse(bytes: Array(text.utf8), maximumDepth: maximumDepth)
    }
}

/// The byte-level reader behind `JSONParser`.
struct JSONScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let maximumDepth: Int
    var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = max(1, maximumDepth)
    }

    /// One open `[` or `{`, collecting what is inside it.
    private struct OpenContainer {
        let isObject: Bool
        let start: Int
        var elements: [JSONValue] = []
        var members: [JSONMember] = []
        var pendingKey = ""
        var pendingKeyRange = SourceRange.empty
    }

    mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        var stack: [OpenContainer] = []
        do throws(JSONSyntaxError) {
            return try parseDocument(stack: &stack)
        } catch {
            // Text that stops inside an array or object: point back at where it opened.
            var error = error
            if error.opening == nil, error.range.start >= bytes.count, let open = stack.last {
                error.opening = SourceRange(open.start, open.start + 1)
                if !error.message.contains("not closed") {
                    error.message += ": the \(open.isObject ? "object" : "array") is not closed"
                }
            }
            throw error
        }
    }

    private mutating func parseDocument(stack: inout [OpenContainer]) throws(JSONSyntaxError) -> JSONValue {
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { index = 3 }
        skipWhitespace()
        if index >= bytes.count { throw error("Expected a JSON value, found end of input", at: index) }

        parsing: while true {
            // Read one value, or open a container and go read its first element.
            skipWhitespace()
            var value: JSONValue
            guard index < bytes.count else {
                throw error("Expected a JSON value, found end of input", at: index)
            }
            let start = index
            switch bytes[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = bytes[index] == UInt8(ascii: "{")
                if stack.count >= maximumDepth {
                    throw error("JSON nested deeper than \(maximumDepth) levels", at: index)
                }
                index += 1
                skipWhitespace()
                let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if index < bytes.count && bytes[index] == close {
                    index += 1
                    value = JSONValue(isObject ? .object(JSONObject()) : .array([]), range: SourceRange(start, index))
                } else {
                    var container = OpenContainer(isObject: isObject, start: start)
                    if isObject {
                        try readKeyAndColon(into: &container, after: "'{'")
                    }
                    stack.append(container)
                    continue parsing
                }
            default:
                value = try parseScalar()
            }

            // Attach the finished value to the innermost container; close containers whose
            // last element it was, until one expects another element.
            while true {
                guard !stack.isEmpty else {
                    skipWhitespace()
                    if index < bytes.count {
                        throw error("Unexpected \(describe(at: index)) after the JSON value", at: index)
                    }
                    return value
                }
                let top = stack.count - 1
                if stack[top].isObject {
                    stack[top].members.append(JSONMember(key: stack[top].pendingKey, keyRange: stack[top].pendingKeyRange, value: value))
                } else {
                    stack[top].elements.append(value)
                }
                skipWhitespace()
                let isObject = stack[top].isObject
                let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                guard index < bytes.count else {
                    var unclosed = error(
                        "Expected ',' or '\(isObject ? "}" : "]")' but found end of input: the \(isObject ? "object" : "array") is not closed",
                        at: index)
                    unclosed.opening = SourceRange(stack[top].start, stack[top].start + 1)
                    throw unclosed
                }
                let byte = bytes[index]
                if byte == UInt8(ascii: ",") {
                    index += 1
                    if isObject {
                        try readKeyAndColon(into: &stack[top], after: "','")
                    } else {
                        skipWhitespace()
                        if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
                            throw error("Trailing comma: expected a JSON value after ',', found ']'", at: index)
                        }
                    }
                    continue parsing
                } else if byte == close {
                    index += 1
                    let container = stack.removeLast()
                    let range = SourceRange(container.start, index)
                    value =
                        isObject
                        ? JSONValue(.object(JSONObject(members: container.members)), range: range)
                        : JSONValue(.array(container.elements), range: range)
                } else {
                    let what = isObject ? "after an object member" : "after an array element"
                    throw error("Expected ',' or '\(isObject ? "}" : "]")' \(what), found \(describe(at: index))", at: index)
                }
            }
        }
    }

    /// Reads `"key" :` inside an object, after `{` or `,`.
    private mutating func readKeyAndColon(into container: inout OpenContainer, after what: String) throws(JSONSyntaxError) {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
            if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
                throw error("Trailing comma: expected a string key after ',', found '}'", at: index)
            }
            throw error("Expected a string key after \(what), found \(describe(at: index))", at: index)
        }
        let keyStart = index
        container.pendingKey = try parseString()
        container.pendingKeyRange = SourceRange(keyStart, index)
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
            throw error("Expected ':' after the object key, found \(describe(at: index))", at: index)
        }
        index += 1
    }

    private mutating func parseScalar() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "\""):
            let string = try parseString()
            return JSONValue(.string(string), range: SourceRange(start, index))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let number = try parseNumber()
            return JSONValue(.number(number), range: SourceRange(start, index))
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return JSONValue(.bool(true), range: SourceRange(start, index))
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return JSONValue(.bool(false), range: SourceRange(start, index))
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return JSONValue(.null, range: SourceRange(start, index))
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
            throw error("Expected a JSON value, found '\(Character(Unicode.Scalar(byte)))'", at: index)
        default:
            throw error("Expected a JSON value, found \(describe(at: index))", at: index)
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let start = index
        let count = literal.utf8CodeUnitCount
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: count)
        var matched = 0
        while matched < count && start + matched < bytes.count && bytes[start + matched] == expected[matched] {
            matched += 1
        }
        // The word as written, for the message: letters up to the first non-letter.
        var end = start
        while end < bytes.count && end - start < 32 && isLetter(bytes[end]) { end += 1 }
        if matched == count && end == start + count {
            index = start + count
            return
        }
        let word = String(decoding: bytes[start..<max(end, start + 1)], as: UTF8.self)
        throw error("Invalid literal '\(word)'; expected true, false or null", at: start, end: max(end, start + 1))
    }

    private func isLetter(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
    }

    private func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONNumber {
        let start = index
        if bytes[index] == UInt8(ascii: "-") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw error("Expected a digit after '-', found \(describe(at: index))", at: index)
            }
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count && isDigit(bytes[index]) {
                throw error("Leading zeros are not allowed in JSON numbers", at: index - 1)
            }
        } else {
            while index < bytes.count && isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw error("Expected a digit after the decimal point, found \(describe(at: index))", at: index)
            }
            while index < bytes.count && isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            index += 1
            if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw error("Expected a digit in the exponent, found \(describe(at: index))", at: index)
            }
            while index < bytes.count && isDigit(bytes[index]) { index += 1 }
        }
        return JSONNumber(validatedText: String(decoding: bytes[start..<index], as: UTF8.self))
    }

    /// Reads a string starting at its opening quote; leaves `index` after the closing quote.
    ///
    /// Two passes: the first finds the closing quote eight bytes at a time, checking escapes
    /// and control characters as it meets them (so errors point at the offending byte); the
    /// second decodes escapes straight into the new string's storage. 10 MB of document text
    /// in a `didChange` is the case this is shaped for.
    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let open = index
        let base = bytes.baseAddress!  // non-nil: there is at least the opening quote
        let count = bytes.count
        var i = open + 1
        var hasEscape = false
        var hasNonASCII = false
        do throws(JSONSyntaxError) {
            try scanString(from: &i, hasEscape: &hasEscape, hasNonASCII: &hasNonASCII)
        } catch {
            // A bad byte before the error comes first in the text, so it is the one to report.
            if hasNonASCII, case let prefix = UnsafeBufferPointer(start: base + open + 1, count: min(error.range.start, count) - open - 1),
                case let bad = JSONScanner.firstInvalidUTF8(prefix), bad < prefix.count
            {
                throw self.error("Invalid UTF-8 byte 0x\(hexByte(prefix[bad])) in a string", at: open + 1 + bad)
            }
            throw error
        }
        let start = open + 1
        let content = UnsafeBufferPointer(start: base + start, count: i - start)
        index = i + 1
        if hasNonASCII {
            // Escapes are ASCII, so a bad byte's index in the raw text is its offset.
            let bad = JSONScanner.firstInvalidUTF8(content)
            if bad < content.count {
                throw error("Invalid UTF-8 byte 0x\(hexByte(content[bad])) in a string", at: start + bad)
            }
        }
        if !hasEscape { return String(decoding: content, as: UTF8.self) }
        // Every escape decodes to no more bytes than it is spelled with.
        return String(unsafeUninitializedCapacity: content.count) { out in
            JSONScanner.decodeEscapes(content, into: out)
        }
    }

    /// Moves `i` from the first content byte to the closing quote.
    private func scanString(from i: inout Int, hasEscape: inout Bool, hasNonASCII: inout Bool) throws(JSONSyntaxError) {
        let open = i - 1
        let base = bytes.baseAddress!
        let count = bytes.count
        scanning: while true {
            // Skip words with nothing special; a word with something is then read bytewise.
            var stop = count
            if i + 8 <= count {
                let v = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                if v & JSONScanner.highBits != 0 { hasNonASCII = true }
                if !JSONScanner.hasSpecialByte(v) {
                    i += 8
                    continue
                }
                stop = i + 8
            }
            while i < stop {
                let c = base[i]
                if c == UInt8(ascii: "\"") { break scanning }
                if c == UInt8(ascii: "\\") {
                    hasEscape = true
                    i = try checkEscape(at: i)
                } else if c < 0x20 {
                    throw error("Control character \(hexScalar(UInt32(c))) must be escaped in a string", at: i)
                } else {
                    if c >= 0x80 { hasNonASCII = true }
                    i += 1
                }
            }
            if i >= count {
                var unterminated = error("Unterminated string: found end of input", at: count)
                unterminated.opening = SourceRange(open, open + 1)
                throw unterminated
            }
        }
    }

    private static let highBits: UInt64 = 0x8080_8080_8080_8080
    private static let lowBits: UInt64 = 0x0101_0101_0101_0101

    /// Whether a word holds `"`, `\` or a control character (exact: the borrow of the
    /// subtraction only spreads from a byte that matches).
    @inline(__always)
    private static func hasSpecialByte(_ v: UInt64) -> Bool {
        let control = (v &- 0x20 &* lowBits) & ~v & highBits
        let q = v ^ (0x22 &* lowBits)
        let quote = (q &- lowBits) & ~q & highBits
        let b = v ^ (0x5C &* lowBits)
        let backslash = (b &- lowBits) & ~b & highBits
        return (control | quote | backslash) != 0
    }

    /// Checks the escape sequence whose backslash is at `at`; returns the index after it.
    private func checkEscape(at backslash: Int) throws(JSONSyntaxError) -> Int {
        let at = backslash
        guard at + 1 < bytes.count else {
            throw error("Unterminated string: found end of input after '\\'", at: at + 1)
        }
        switch bytes[at + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
            UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return at + 2
        case UInt8(ascii: "u"):
            for k in at + 2..<at + 6 {
                guard k < bytes.count else {
                    throw error("Incomplete \\u escape: expected 4 hex digits, found end of input", at: k)
                }
                guard JSONScanner.hexValue(bytes[k]) != nil else {
                    throw error("Invalid \\u escape: expected 4 hex digits, found \(describe(at: k))", at: k)
                }
            }
            return at + 6
        default:
            throw error(
                "Invalid escape '\\\(describeByte(bytes[at + 1]))' in a string; valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX",
                at: at, end: at + 2)
        }
    }

    @inline(__always)
    private static func hexValue(_ b: UInt8) -> UInt32? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(b - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(b - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(b - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    /// The four hex digits at `at`, already checked by `checkEscape`.
    @inline(__always)
    private static func hex4(_ s: UnsafeBufferPointer<UInt8>, at start: Int) -> UInt32 {
        var value: UInt32 = 0
        for k in start..<start + 4 { value = value << 4 | (hexValue(s[k]) ?? 0) }
        return value
    }

    /// Decodes checked string content into `out` (at least `content.count` bytes); returns
    /// the number of bytes written. A lone surrogate escape decodes to U+FFFD.
    private static func decodeEscapes(_ content: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var r = 0
        var w = 0
        let n = content.count
        let source = content.baseAddress!
        let target = out.baseAddress!
        while r < n {
            // Copy the run up to the next backslash in one go.
            var runEnd = r
            while runEnd + 8 <= n {
                let v = UnsafeRawPointer(source + runEnd).loadUnaligned(as: UInt64.self) ^ (0x5C &* lowBits)
                if (v &- lowBits) & ~v & highBits != 0 { break }
                runEnd += 8
            }
            while runEnd < n && source[runEnd] != UInt8(ascii: "\\") { runEnd += 1 }
            if runEnd > r {
                (target + w).update(from: source + r, count: runEnd - r)
                w += runEnd - r
                r = runEnd
            }
            guard r < n else { break }
            let e = content[r + 1]
            r += 2
            let simple: UInt8
            switch e {
            case UInt8(ascii: "b"): simple = 0x08
            case UInt8(ascii: "f"): simple = 0x0C
            case UInt8(ascii: "n"): simple = 0x0A
            case UInt8(ascii: "r"): simple = 0x0D
            case UInt8(ascii: "t"): simple = 0x09
            case UInt8(ascii: "u"):
                var code = hex4(content, at: r)
                r += 4
                if code >= 0xD800 && code < 0xDC00 {
                    // A high surrogate pairs with an immediately following `\uDC00`–`\uDFFF`.
                    if r + 6 <= n && content[r] == UInt8(ascii: "\\") && content[r + 1] == UInt8(ascii: "u") {
                        let low = hex4(content, at: r + 2)
                        if low >= 0xDC00 && low < 0xE000 {
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                            r += 6
                        } else {
                            code = 0xFFFD
                        }
                    } else {
                        code = 0xFFFD
                    }
                } else if code >= 0xDC00 && code < 0xE000 {
                    code = 0xFFFD
                }
                w += writeUTF8(code, into: out, at: w)
                continue
            default: simple = e  // `"`, `\` and `/` stand for themselves
            }
            out[w] = simple
            w += 1
        }
        return w
    }

    @inline(__always)
    private static func writeUTF8(_ v: UInt32, into out: UnsafeMutableBufferPointer<UInt8>, at w: Int) -> Int {
        switch v {
        case 0..<0x80:
            out[w] = UInt8(v)
            return 1
        case 0x80..<0x800:
            out[w] = UInt8(0xC0 | (v >> 6))
            out[w + 1] = UInt8(0x80 | (v & 0x3F))
            return 2
        case 0x800..<0x10000:
            out[w] = UInt8(0xE0 | (v >> 12))
            out[w + 1] = UInt8(0x80 | ((v >> 6) & 0x3F))
            out[w + 2] = UInt8(0x80 | (v & 0x3F))
            return 3
        default:
            out[w] = UInt8(0xF0 | (v >> 18))
            out[w + 1] = UInt8(0x80 | ((v >> 12) & 0x3F))
            out[w + 2] = UInt8(0x80 | ((v >> 6) & 0x3F))
            out[w + 3] = UInt8(0x80 | (v & 0x3F))
            return 4
        }
    }

    /// The index of the first byte that breaks UTF-8 (an overlong, surrogate or truncated
    /// sequence counts from its lead byte), or `s.count` when all is well.
    private static func firstInvalidUTF8(_ s: UnsafeBufferPointer<UInt8>) -> Int {
        var i = 0
        let base = s.baseAddress!
        while i < s.count {
            if i + 8 <= s.count && UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) & highBits == 0 {
                i += 8
                continue
            }
            let b = s[i]
            let width: Int
            var minimum: UInt32
            var value: UInt32
            switch b {
            case 0..<0x80:
                i += 1
                continue
            case 0xC2...0xDF:
                width = 2
                minimum = 0x80
                value = UInt32(b & 0x1F)
            case 0xE0...0xEF:
                width = 3
                minimum = 0x800
                value = UInt32(b & 0x0F)
            case 0xF0...0xF4:
                width = 4
                minimum = 0x10000
                value = UInt32(b & 0x07)
            default: return i
            }
            guard i + width <= s.count else { return i }
            for k in 1..<width {
                let c = s[i + k]
                guard c & 0xC0 == 0x80 else { return i }
                value = value << 6 | UInt32(c & 0x3F)
            }
            if value < minimum || value > 0x10FFFF || (value >= 0xD800 && value < 0xE000) { return i }
            i += width
        }
        return s.count
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    // MARK: Messages

    private func error(_ message: String, at offset: Int, end: Int? = nil) -> JSONSyntaxError {
        let start = min(offset, bytes.count)
        let stop = end ?? min(start + (start < bytes.count ? scalarLength(at: start) : 0), bytes.count)
        return JSONSyntaxError(message: message, range: SourceRange(start, max(start, stop)))
    }

    private func scalarLength(at offset: Int) -> Int {
        let b = bytes[offset]
        if b < 0xC0 { return 1 }
        if b < 0xE0 { return 2 }
        if b < 0xF0 { return 3 }
        return 4
    }

    /// How a message names what stands at `offset`: `'x'`, `U+00E9`, or `end of input`.
    private func describe(at offset: Int) -> String {
        guard offset < bytes.count else { return "end of input" }
        let b = bytes[offset]
        if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        if b < 0x80 { return hexScalar(UInt32(b)) }
        let width = scalarLength(at: offset)
        if offset + width <= bytes.count,
            let s = String(validating: UnsafeBufferPointer(rebasing: bytes[offset..<offset + width]), as: UTF8.self),
            let scalar = s.unicodeScalars.first
        {
            return hexScalar(scalar.value) + " '\(s)'"
        }
        return "byte 0x\(hexByte(b)) (not UTF-8)"
    }

    private func describeByte(_ b: UInt8) -> String {
        b >= 0x21 && b < 0x7F ? String(Character(Unicode.Scalar(b))) : "x\(hexByte(b))"
    }

    private func hexByte(_ b: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(b >> 4)], digits[Int(b & 0xF)]])
    }

    private func hexScalar(_ v: UInt32) -> String {
        var hex = String(v, radix: 16, uppercase: true)
        while hex.count < 4 { hex = "0" + hex }
        return "U+" + hex
    }
}
