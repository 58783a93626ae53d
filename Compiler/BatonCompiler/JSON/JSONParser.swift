import BatonDiagnostics

/// A strict RFC 8259 parser: exactly one value, optionally surrounded by whitespace, and
/// nothing else (no comments, trailing commas, single quotes, NaN, or leading `+`/zeros).
///
/// The parser is iterative (an explicit stack of open containers), so nesting is bounded by
/// `maximumDepth` and never by the thread's stack: a 10 MB `[[[[…` fails with a message
/// instead of overflowing. A leading UTF-8 byte order mark is skipped (RFC 8259 §8.1 allows
/// ignoring it). A lone surrogate escape (`"\uD800"`) is grammatical but names no character;
/// it decodes to U+FFFD so that an editor's buffer with one still syncs.
public enum JSONParser {
    public static let defaultMaximumDepth = 512

    /// Parses a source; errors carry the source, so their diagnostic points into it.
    public static func parse(_ source: Source, maximumDepth: Int = defaultMaximumDepth) throws(JSONSyntaxError) -> JSONValue {
        do {
            return try parse(bytes: source.utf8, maximumDepth: maximumDepth)
        } catch {
            var located = error
            located.source = source
            throw located
        }
    }

    /// Parses a source and reports a malformed text as a diagnostic instead of throwing.
    public static func parse(_ source: Source, diagnostics: inout [Diagnostic], maximumDepth: Int = defaultMaximumDepth) -> JSONValue? {
        do {
            return try parse(source, maximumDepth: maximumDepth)
        } catch {
            diagnostics.append(error.diagnostic())
            return nil
        }
    }

    /// Parses raw bytes (a JSON-RPC message body); ranges are offsets into `bytes`. Bytes that
    /// are not UTF-8 inside a string are an error at the first bad byte.
    public static func parse(bytes: [UInt8], maximumDepth: Int = defaultMaximumDepth) throws(JSONSyntaxError) -> JSONValue {
        let result: Result<JSONValue, JSONSyntaxError> = bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(buffer, maximumDepth: maximumDepth)
            do throws(JSONSyntaxError) {
                return .success(try reader.parseDocument())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Parses a string's UTF-8.
    public static func parse(text: String, maximumDepth: Int = defaultMaximumDepth) throws(JSONSyntaxError) -> JSONValue {
        try parse(bytes: Array(text.utf8), maximumDepth: maximumDepth)
    }
}

/// The byte-level reader behind `JSONParser`.
struct JSONReader {
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
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { index = 3 }
        var stack: [OpenContainer] = []
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
                    throw error("Expected ',' or '\(isObject ? "}" : "]")' but found end of input (the \(isObject ? "object" : "array") opened at offset \(stack[top].start) is not closed)", at: index)
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
                    value = isObject
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
    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let open = index
        index += 1
        // Fast path: no escapes, the bytes between the quotes are the string.
        var scan = index
        while scan < bytes.count {
            let b = bytes[scan]
            if b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") || b < 0x20 { break }
            scan += 1
        }
        guard scan < bytes.count else {
            throw error("Unterminated string (opened at offset \(open)): found end of input", at: bytes.count)
        }
        if bytes[scan] == UInt8(ascii: "\"") {
            let string = try decodeUTF8(from: index, to: scan)
            index = scan + 1
            return string
        }
        // Slow path: copy runs and decode escapes into a byte buffer.
        var buffer: [UInt8] = []
        buffer.reserveCapacity(scan - index + 16)
        while true {
            var runEnd = index
            while runEnd < bytes.count {
                let b = bytes[runEnd]
                if b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") || b < 0x20 { break }
                runEnd += 1
            }
            if runEnd > index {
                _ = try decodeUTF8(from: index, to: runEnd, validateOnly: true)
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<runEnd]))
            }
            index = runEnd
            guard index < bytes.count else {
                throw error("Unterminated string (opened at offset \(open)): found end of input", at: bytes.count)
            }
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: buffer, as: UTF8.self)
            }
            if b < 0x20 {
                throw error("Control character \(hexScalar(UInt32(b))) must be escaped in a string", at: index)
            }
            try readEscape(into: &buffer)
        }
    }

    /// Reads one escape sequence at `index` (a backslash) and appends its UTF-8.
    private mutating func readEscape(into buffer: inout [UInt8]) throws(JSONSyntaxError) {
        let escapeStart = index
        index += 1
        guard index < bytes.count else {
            throw error("Unterminated string: found end of input after '\\'", at: index)
        }
        let e = bytes[index]
        index += 1
        switch e {
        case UInt8(ascii: "\""): buffer.append(0x22)
        case UInt8(ascii: "\\"): buffer.append(0x5C)
        case UInt8(ascii: "/"): buffer.append(0x2F)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            var code = try readHex4(escapeStart: escapeStart)
            if code >= 0xD800 && code < 0xDC00 {
                // A high surrogate pairs with an immediately following `\uDC00`–`\uDFFF`.
                if index + 1 < bytes.count && bytes[index] == UInt8(ascii: "\\") && bytes[index + 1] == UInt8(ascii: "u") {
                    let save = index
                    index += 2
                    let low = try readHex4(escapeStart: save)
                    if low >= 0xDC00 && low < 0xE000 {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        index = save
                        code = 0xFFFD
                    }
                } else {
                    code = 0xFFFD
                }
            } else if code >= 0xDC00 && code < 0xE000 {
                code = 0xFFFD
            }
            appendUTF8(Unicode.Scalar(code) ?? "\u{FFFD}", to: &buffer)
        default:
            throw error("Invalid escape '\\\(describeByte(e))' in a string; valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX", at: escapeStart, end: index)
        }
    }

    private mutating func readHex4(escapeStart: Int) throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else {
                throw error("Incomplete \\u escape: expected 4 hex digits, found end of input", at: index)
            }
            let b = bytes[index]
            let digit: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - UInt8(ascii: "A") + 10)
            default:
                throw error("Invalid \\u escape: expected 4 hex digits, found \(describe(at: index))", at: index)
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private func appendUTF8(_ scalar: Unicode.Scalar, to buffer: inout [UInt8]) {
        let v = scalar.value
        switch v {
        case 0..<0x80:
            buffer.append(UInt8(v))
        case 0x80..<0x800:
            buffer.append(UInt8(0xC0 | (v >> 6)))
            buffer.append(UInt8(0x80 | (v & 0x3F)))
        case 0x800..<0x10000:
            buffer.append(UInt8(0xE0 | (v >> 12)))
            buffer.append(UInt8(0x80 | ((v >> 6) & 0x3F)))
            buffer.append(UInt8(0x80 | (v & 0x3F)))
        default:
            buffer.append(UInt8(0xF0 | (v >> 18)))
            buffer.append(UInt8(0x80 | ((v >> 12) & 0x3F)))
            buffer.append(UInt8(0x80 | ((v >> 6) & 0x3F)))
            buffer.append(UInt8(0x80 | (v & 0x3F)))
        }
    }

    /// The string of `bytes[from..<to]`, or an error at the first byte that is not UTF-8.
    @discardableResult
    private func decodeUTF8(from: Int, to: Int, validateOnly: Bool = false) throws(JSONSyntaxError) -> String {
        let slice = UnsafeBufferPointer(rebasing: bytes[from..<to])
        var ascii = true
        for b in slice where b >= 0x80 { ascii = false; break }
        if ascii { return validateOnly ? "" : String(decoding: slice, as: UTF8.self) }
        if let string = String(validating: slice, as: UTF8.self) { return validateOnly ? "" : string }
        throw error("Invalid UTF-8 byte 0x\(hexByte(slice[firstInvalidUTF8(slice)])) in a string", at: from + firstInvalidUTF8(slice))
    }

    /// The index of the first byte that breaks UTF-8 (an overlong, surrogate or truncated
    /// sequence counts from its lead byte).
    private func firstInvalidUTF8(_ s: UnsafeBufferPointer<UInt8>) -> Int {
        var i = 0
        while i < s.count {
            let b = s[i]
            let width: Int
            var minimum: UInt32
            var value: UInt32
            switch b {
            case 0..<0x80: i += 1; continue
            case 0xC2...0xDF: width = 2; minimum = 0x80; value = UInt32(b & 0x1F)
            case 0xE0...0xEF: width = 3; minimum = 0x800; value = UInt32(b & 0x0F)
            case 0xF0...0xF4: width = 4; minimum = 0x10000; value = UInt32(b & 0x07)
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
           let scalar = s.unicodeScalars.first {
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
