import Foundation

/// A cursor over a response's UTF-8 bytes: the tokens the ingest needs and nothing more. No tree is
/// built; strings are decoded only when a value is kept, and skipped values are scanned without
/// recursion, so no input can exhaust the stack.
struct ResponseReader {
    let bytes: [UInt8]
    var position: Int = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    // MARK: Structure

    @inline(__always)
    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    /// The next significant byte, without consuming it.
    @inline(__always)
    mutating func peek() throws -> UInt8 {
        skipWhitespace()
        guard position < bytes.count else { throw IngestError.malformed("unexpected end of the response", at: position) }
        return bytes[position]
    }

    @inline(__always)
    mutating func expect(_ byte: UInt8, _ what: String) throws {
        // Compact JSON puts the byte right at the cursor.
        if position < bytes.count, bytes[position] == byte {
            position += 1
            return
        }
        try expectAfterWhitespace(byte, what)
    }

    private mutating func expectAfterWhitespace(_ byte: UInt8, _ what: String) throws {
        guard try peek() == byte else {
            throw IngestError.malformed("expected \(what)", at: position)
        }
        position += 1
    }

    /// After `{` or a member: true when another member follows (consuming `,`), false at `}`.
    @inline(__always)
    mutating func nextMember(first: Bool) throws -> Bool {
        let byte = try peek()
        if byte == 0x7D {
            position += 1
            return false
        }
        if !first {
            guard byte == 0x2C else { throw IngestError.malformed("expected ',' or '}'", at: position) }
            position += 1
        }
        return true
    }

    /// After `[` or an element: true when another element follows (consuming `,`), false at `]`.
    @inline(__always)
    mutating func nextElement(first: Bool) throws -> Bool {
        let byte = try peek()
        if byte == 0x5D {
            position += 1
            return false
        }
        if !first {
            guard byte == 0x2C else { throw IngestError.malformed("expected ',' or ']'", at: position) }
            position += 1
        }
        return true
    }

    /// A member's name, as the byte range of its raw text when it has no escape, and the `:` after it.
    mutating func memberName() throws -> MemberName {
        guard try peek() == 0x22 else { throw IngestError.malformed("expected a member name", at: position) }
        let start = position + 1
        var scan = start
        while scan < bytes.count {
            let byte = bytes[scan]
            if byte == 0x22 {
                position = scan + 1
                try expect(0x3A, "':'")
                return MemberName(range: start..<scan, decoded: nil)
            }
            if byte == 0x5C { break }
            scan += 1
        }
        let decoded = try readString()
        try expect(0x3A, "':'")
        return MemberName(range: 0..<0, decoded: Array(decoded.utf8))
    }

    func matches(_ name: MemberName, _ key: [UInt8]) -> Bool {
        if let decoded = name.decoded { return decoded == key }
        guard name.range.count == key.count else { return false }
        var offset = 0
        for index in name.range {
            if bytes[index] != key[offset] { return false }
            offset += 1
        }
        return true
    }

    mutating func readNull() throws -> Bool {
        if try peek() == 0x6E {
            try literal("null")
            return true
        }
        return false
    }

    mutating func literal(_ word: StaticString) throws {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count else {
            throw IngestError.malformed("unexpected end of the response", at: position)
        }
        let matches = word.withUTF8Buffer { buffer in
            buffer.indices.allSatisfy { bytes[position + $0] == buffer[$0] }
        }
        guard matches else { throw IngestError.malformed("unexpected token", at: position) }
        position += count
    }

    // MARK: Strings

    /// At a string token without escapes or control characters: the range of its contents, with the
    /// cursor after it. Any other string (or none) gives nil and leaves the cursor where it was.
    @inline(__always)
    mutating func plainStringRange() -> Range<Int>? {
        skipWhitespace()
        let start = position + 1
        let end: Int? = bytes.withUnsafeBufferPointer { buffer in
            guard start <= buffer.count, buffer[start - 1] == 0x22 else { return nil }
            return Self.plainEnd(buffer, from: start)
        }
        guard let end else { return nil }
        position = end + 1
        return start..<end
    }

    /// The position of the quote that ends a string whose contents start at `start`, when no escape
    /// or control character comes first; nil otherwise (or at the end of the buffer). Eight bytes are
    /// tested at a time while none of them is a quote, a backslash or below 0x20.
    @inline(__always)
    static func plainEnd(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var scan = start
        if let base = buffer.baseAddress {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let high: UInt64 = 0x8080_8080_8080_8080
            while scan + 8 <= buffer.count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + scan).loadUnaligned(as: UInt64.self))
                let quote = word ^ (ones &* 0x22)
                let backslash = word ^ (ones &* 0x5C)
                // Nonzero exactly when some byte is zero (a quote, a backslash) or below 0x20.
                let special =
                    ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
                    | ((word &- ones &* 0x20) & ~word)
                if special & high != 0 { break }
                scan += 8
            }
        }
        while scan < buffer.count {
            let byte = buffer[scan]
            if byte == 0x22 { return scan }
            if byte == 0x5C || byte < 0x20 { return nil }
            scan += 1
        }
        return nil
    }

    /// Consumes a member name spelled exactly `key` (no escape), leaving the cursor before its `:`;
    /// false (cursor unmoved) for any other name. The cursor is at the name's quote.
    @inline(__always)
    mutating func takeMemberName(_ key: [UInt8]) -> Bool {
        let end = position + key.count + 2
        guard end <= bytes.count else { return false }
        let start = position
        let same = bytes.withUnsafeBufferPointer { buffer in
            guard buffer[start] == 0x22, buffer[end - 1] == 0x22 else { return false }
            return key.withUnsafeBufferPointer { key in
                key.isEmpty || memcmp(buffer.baseAddress! + start + 1, key.baseAddress!, key.count) == 0
            }
        }
        if same { position = end }
        return same
    }

    /// A string token's contents, escapes decoded. A `\u` escape with fewer than four hex digits, or
    /// a surrogate without its partner, becomes U+FFFD and reading goes on at the next character.
    mutating func readString() throws -> String {
        try expect(0x22, "a string")
        let start = position
        // The common string, without escapes or control characters: scanned and decoded straight
        // from the buffer. Anything else is read again by the loop below, which reports it.
        let plain: (text: String, end: Int)? = bytes.withUnsafeBufferPointer { buffer in
            guard let end = Self.plainEnd(buffer, from: start) else { return nil }
            return (String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self), end)
        }
        if let plain {
            position = plain.end + 1
            return plain.text
        }
        while position < bytes.count {
            let byte = bytes[position]
            if byte == 0x5C { break }
            if byte < 0x20 { throw IngestError.malformed("control character in a string", at: position) }
            position += 1
        }
        var out = Array(bytes[start..<position])
        while true {
            guard position < bytes.count else {
                throw IngestError.malformed("unterminated string", at: position)
            }
            let byte = bytes[position]
            if byte == 0x22 {
                position += 1
                return String(decoding: out, as: UTF8.self)
            }
            if byte < 0x20 { throw IngestError.malformed("control character in a string", at: position) }
            if byte != 0x5C {
                out.append(byte)
                position += 1
                continue
            }
            position += 1
            guard position < bytes.count else {
                throw IngestError.malformed("unterminated string", at: position)
            }
            let escape = bytes[position]
            position += 1
            switch escape {
            case 0x22: out.append(0x22)
            case 0x5C: out.append(0x5C)
            case 0x2F: out.append(0x2F)
            case 0x62: out.append(0x08)
            case 0x66: out.append(0x0C)
            case 0x6E: out.append(0x0A)
            case 0x72: out.append(0x0D)
            case 0x74: out.append(0x09)
            case 0x75: appendUnicodeEscape(to: &out)
            default:
                throw IngestError.malformed("invalid escape in a string", at: position - 1)
            }
        }
    }

    /// After `\u`: up to four hex digits, pairing a high surrogate with a following `\u` low one.
    private mutating func appendUnicodeEscape(to out: inout [UInt8]) {
        let (value, digits) = hexDigits()
        guard digits == 4 else { return append(0xFFFD, to: &out) }
        if (0xD800...0xDBFF).contains(value) {
            let mark = position
            if position + 1 < bytes.count, bytes[position] == 0x5C, bytes[position + 1] == 0x75 {
                position += 2
                let (low, lowDigits) = hexDigits()
                if lowDigits == 4, (0xDC00...0xDFFF).contains(low) {
                    return append(0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00), to: &out)
                }
                position = mark
            }
            return append(0xFFFD, to: &out)
        }
        if (0xDC00...0xDFFF).contains(value) { return append(0xFFFD, to: &out) }
        append(value, to: &out)
    }

    private mutating func hexDigits() -> (UInt32, Int) {
        var value: UInt32 = 0
        var digits = 0
        while digits < 4, position < bytes.count {
            let byte = bytes[position]
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            default: return (value, digits)
            }
            value = value << 4 | digit
            digits += 1
            position += 1
        }
        return (value, digits)
    }

    private func append(_ value: UInt32, to out: inout [UInt8]) {
        let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
        out.append(contentsOf: UTF8.encode(scalar)!)
    }

    // MARK: Numbers

    /// A number token's byte range, checked against JSON's grammar, and whether it is an integer
    /// (no fraction, no exponent).
    mutating func readNumber() throws -> (range: Range<Int>, integer: Bool) {
        skipWhitespace()
        let start = position
        var integer = true
        if position < bytes.count, bytes[position] == 0x2D { position += 1 }
        guard digits() > 0 else { throw IngestError.malformed("invalid number", at: start) }
        if position < bytes.count, bytes[position] == 0x2E {
            integer = false
            position += 1
            guard digits() > 0 else { throw IngestError.malformed("invalid number", at: start) }
        }
        if position < bytes.count, bytes[position] == 0x65 || bytes[position] == 0x45 {
            integer = false
            position += 1
            if position < bytes.count, bytes[position] == 0x2B || bytes[position] == 0x2D { position += 1 }
            guard digits() > 0 else { throw IngestError.malformed("invalid number", at: start) }
        }
        // A number cut off by the end of the response is not a number.
        guard position < bytes.count else {
            throw IngestError.malformed("unexpected end of the response in a number", at: start)
        }
        return (start..<position, integer)
    }

    private mutating func digits() -> Int {
        var count = 0
        while position < bytes.count, (0x30...0x39).contains(bytes[position]) {
            position += 1
            count += 1
        }
        return count
    }

    /// An integer token as a 64-bit int, or nil when it is out of range.
    func int64(_ range: Range<Int>) -> Int? {
        var index = range.lowerBound
        let negative = bytes[index] == 0x2D
        if negative { index += 1 }
        var magnitude: UInt64 = 0
        while index < range.upperBound {
            let digit = UInt64(bytes[index] - 0x30)
            let (times, overflowA) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflowB) = times.addingReportingOverflow(digit)
            if overflowA || overflowB { return nil }
            magnitude = sum
            index += 1
        }
        if negative {
            if magnitude == UInt64(Int64.max) + 1 { return Int(Int64.min) }
            guard magnitude <= UInt64(Int64.max) else { return nil }
            return -Int(magnitude)
        }
        guard magnitude <= UInt64(Int64.max) else { return nil }
        return Int(magnitude)
    }

    func double(_ range: Range<Int>) -> Double {
        Double(String(decoding: bytes[range], as: UTF8.self)) ?? .nan
    }

    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    // MARK: Skipping

    /// Skips one value of any shape, checking its brackets match, with an explicit stack.
    mutating func skipValue() throws {
        var closers: [UInt8] = []
        repeat {
            let byte = try peek()
            switch byte {
            case 0x7B, 0x5B:
                closers.append(byte == 0x7B ? 0x7D : 0x5D)
                position += 1
                if try peek() == closers.last! {
                    position += 1
                    closers.removeLast()
                } else if byte == 0x7B {
                    try skipString()
                    try expect(0x3A, "':'")
                    continue
                } else {
                    continue
                }
            case 0x22: try skipString()
            case 0x74: try literal("true")
            case 0x66: try literal("false")
            case 0x6E: try literal("null")
            case 0x2D, 0x30...0x39: _ = try readNumber()
            default: throw IngestError.malformed("unexpected character", at: position)
            }
            // After a value inside containers: a separator, or closers.
            while let closer = closers.last {
                let next = try peek()
                if next == closer {
                    position += 1
                    closers.removeLast()
                } else if next == 0x2C {
                    position += 1
                    if closer == 0x7D {
                        try skipString()
                        try expect(0x3A, "':'")
                    }
                    break
                } else {
                    throw IngestError.malformed("expected ',' or a closing bracket", at: position)
                }
            }
        } while !closers.isEmpty
    }

    mutating func skipString() throws {
        try expect(0x22, "a string")
        while position < bytes.count {
            let byte = bytes[position]
            if byte == 0x22 {
                position += 1
                return
            }
            if byte == 0x5C {
                position = min(position + 2, bytes.count)
                continue
            }
            if byte < 0x20 { throw IngestError.malformed("control character in a string", at: position) }
            position += 1
        }
        throw IngestError.malformed("unterminated string", at: position)
    }

    /// The exact text of the next value, as a custom scalar keeps it (a string's contents, any other
    /// token's bytes).
    mutating func rawValueText() throws -> String {
        text(try rawValueRange())
    }

    /// The byte range of the next value's exact text.
    mutating func rawValueRange() throws -> Range<Int> {
        let start = (try peek(), position).1
        try skipValue()
        return start..<position
    }
}

/// A member name: a range of raw bytes when it has no escape, else its decoded bytes.
struct MemberName {
    let range: Range<Int>
    let decoded: [UInt8]?
}
