import BatonDiagnostics

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// GraphQL's lexical grammar (spec §2.1, Appendix B) over UTF-8 bytes.
///
/// `LexerCore` works on a borrowed buffer so the parser's hot loop does no bounds-checked
/// array access and no `Character` work; `Lexer` is the public face for tests and tools.
/// Errors carry graphql-core's messages and positions.
package enum Lexer {
    /// Every token of a source, without the start marker, ending with `endOfFile`; on a
    /// lexical error, the tokens before it and the error.
    package static func tokenize(_ source: Source, includeComments: Bool = false) -> (tokens: [Token], error: SyntaxError?) {
        source.utf8.withUnsafeBufferPointer { buffer in
            var core = LexerCore(buffer)
            var tokens: [Token] = []
            do throws(SyntaxError) {
                while true {
                    let token = try core.nextToken(includeComments: includeComments)
                    tokens.append(token)
                    if token.kind == .endOfFile { break }
                }
                return (tokens, nil)
            } catch {
                return (tokens, error)
            }
        }
    }

    /// The value of a name, number, string, block string or comment token of `source`.
    package static func value(of token: Token, in source: Source) -> String {
        source.utf8.withUnsafeBufferPointer { LexerCore($0).value(of: token) }
    }
}

struct LexerCore {
    let bytes: UnsafeBufferPointer<UInt8>
    let count: Int
    /// Where the next token search starts.
    var position: Int = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        self.count = bytes.count
        // A byte order mark is ignored like white space; it is skipped in the loop below.
    }

    /// The byte at `i`, or 0 past the end (callers only compare with non-zero ASCII).
    @inline(__always)
    func byte(_ i: Int) -> UInt8 {
        i < count ? bytes[i] : 0
    }

    // MARK: Tokens

    mutating func nextToken(includeComments: Bool = false) throws(SyntaxError) -> Token {
        while true {
            let token = try readToken()
            position = token.end
            if token.kind != .comment || includeComments { return token }
        }
    }

    /// Reads the token at or after `position` without moving.
    func readToken() throws(SyntaxError) -> Token {
        var p = position
        while p < count {
            let c = bytes[p]
            switch c {
            case 0x20, 0x09, 0x2C, 0x0A, 0x0D:  // space, tab, comma, line terminators
                // The rest of the run in a tight loop (indentation, blank lines).
                p &+= 1
                while p < count && isIgnoredASCII(bytes[p]) { p &+= 1 }
                continue
            case 0xEF where byte(p + 1) == 0xBB && byte(p + 2) == 0xBF:  // BOM
                p &+= 3
                continue
            case 0x23:  // #
                var e = p + 1
                while e < count {
                    let b = bytes[e]
                    if b == 0x0A || b == 0x0D { break }
                    e &+= 1
                }
                return Token(kind: .comment, start: p, end: e)
            case 0x22:  // "
                if byte(p + 1) == 0x22 && byte(p + 2) == 0x22 { return try readBlockString(p) }
                return try readString(p)
            case 0x21: return Token(kind: .bang, start: p, end: p + 1)
            case 0x24: return Token(kind: .dollar, start: p, end: p + 1)
            case 0x26: return Token(kind: .ampersand, start: p, end: p + 1)
            case 0x28: return Token(kind: .parenL, start: p, end: p + 1)
            case 0x29: return Token(kind: .parenR, start: p, end: p + 1)
            case 0x3A: return Token(kind: .colon, start: p, end: p + 1)
            case 0x3D: return Token(kind: .equals, start: p, end: p + 1)
            case 0x40: return Token(kind: .at, start: p, end: p + 1)
            case 0x5B: return Token(kind: .bracketL, start: p, end: p + 1)
            case 0x5D: return Token(kind: .bracketR, start: p, end: p + 1)
            case 0x7B: return Token(kind: .braceL, start: p, end: p + 1)
            case 0x7D: return Token(kind: .braceR, start: p, end: p + 1)
            case 0x7C: return Token(kind: .pipe, start: p, end: p + 1)
            case 0x2D, 0x30...0x39:
                return try readNumber(p)
            case 0x41...0x5A, 0x61...0x7A, 0x5F:
                return Token(kind: .name, start: p, end: nameEnd(from: p + 1))
            case 0x2E:  // .
                if byte(p + 1) == 0x2E {
                    if byte(p + 2) == 0x2E { return Token(kind: .spread, start: p, end: p + 3) }
                    throw SyntaxError("Unexpected '..', did you mean '...'?", at: SourceRange(p, p + 2))
                }
                if isDigit(byte(p + 1)) {
                    var e = p + 1
                    while e < count && isDigit(bytes[e]) { e &+= 1 }
                    let digits = text(p + 1, e)
                    throw SyntaxError(
                        "Invalid number, expected digit before '.', did you mean '0.\(digits)'?",
                        at: SourceRange(p, e))
                }
                throw SyntaxError("Unexpected character: '.'.", at: SourceRange(p, p + 1))
            case 0x27:  // '
                throw SyntaxError(
                    "Unexpected single quote character ('), did you mean to use a double quote (\")?",
                    at: SourceRange(p, p + 1))
            default:
                throw SyntaxError("Unexpected character: \(describeCharacter(at: p)).", at: scalarRange(at: p))
            }
        }
        return Token(kind: .endOfFile, start: count, end: count)
    }

    /// The end of a name whose rest starts at `start`: eight bytes at a time while eight
    /// remain (names are most of a document's tokens and average about ten bytes).
    @inline(__always)
    func nameEnd(from start: Int) -> Int {
        var e = start
        if let base = bytes.baseAddress {
            while e + 8 <= count {
                let stops = nonNameBytes(UInt64(littleEndian: UnsafeRawPointer(base + e).loadUnaligned(as: UInt64.self)))
                if stops != 0 { return e + stops.trailingZeroBitCount >> 3 }
                e += 8
            }
        }
        while e < count && isNameContinue(bytes[e]) { e &+= 1 }
        return e
    }

    // MARK: Numbers

    /// IntValue / FloatValue, with the lookahead restrictions (no digit, `.` or NameStart
    /// right after), reporting where graphql-core does.
    func readNumber(_ start: Int) throws(SyntaxError) -> Token {
        var p = start
        var isFloat = false
        if bytes[p] == 0x2D { p += 1 }
        if byte(p) == 0x30 {
            p += 1
            if p < count && isDigit(bytes[p]) {
                throw SyntaxError(
                    "Invalid number, unexpected digit after 0: \(describeCharacter(at: p)).",
                    at: SourceRange(p, p + 1))
            }
        } else {
            p = try readDigits(p)
        }
        if byte(p) == 0x2E {
            isFloat = true
            p = try readDigits(p + 1)
        }
        let e = byte(p)
        if e == 0x45 || e == 0x65 {
            isFloat = true
            p += 1
            let s = byte(p)
            if s == 0x2B || s == 0x2D { p += 1 }
            p = try readDigits(p)
        }
        if p < count {
            let c = bytes[p]
            if c == 0x2E || isNameStart(c) {
                throw SyntaxError(
                    "Invalid number, expected digit but got: \(describeCharacter(at: p)).",
                    at: SourceRange(p, p + 1))
            }
        }
        return Token(kind: isFloat ? .float : .int, start: start, end: p)
    }

    func readDigits(_ start: Int) throws(SyntaxError) -> Int {
        guard start < count && isDigit(bytes[start]) else {
            throw SyntaxError(
                "Invalid number, expected digit but got: \(describeCharacter(at: start)).",
                at: scalarRange(at: start))
        }
        var p = start + 1
        while p < count && isDigit(bytes[p]) { p &+= 1 }
        return p
    }

    // MARK: Strings

    /// A `"…"` string: finds its end and checks every escape; the value is decoded later.
    func readString(_ start: Int) throws(SyntaxError) -> Token {
        var p = start + 1
        var hasEscape = false
        while p < count {
            let c = bytes[p]
            if c == 0x22 {
                return Token(kind: .string, start: start, end: p + 1, hasEscape: hasEscape)
            }
            if c == 0x5C {
                hasEscape = true
                p += try escape(at: p).size
                continue
            }
            if c == 0x0A || c == 0x0D { break }
            p &+= 1
        }
        throw SyntaxError("Unterminated string.", at: SourceRange(p, p))
    }

    /// The scalar an escape at `p` (a backslash) stands for, and how many bytes it spans.
    /// A fixed-width surrogate pair (`\uD83D\uDE00`) is one escape; a lone surrogate is an
    /// error, as in the current specification.
    func escape(at p: Int) throws(SyntaxError) -> (scalar: UInt32, size: Int) {
        let next = byte(p + 1)
        switch next {
        case 0x22: return (0x22, 2)
        case 0x5C: return (0x5C, 2)
        case 0x2F: return (0x2F, 2)
        case 0x62: return (0x08, 2)
        case 0x66: return (0x0C, 2)
        case 0x6E: return (0x0A, 2)
        case 0x72: return (0x0D, 2)
        case 0x74: return (0x09, 2)
        case 0x75:  // u
            if byte(p + 2) == 0x7B { return try variableWidthEscape(at: p) }
            let code = hex4(p + 2)
            if (0...0xD7FF).contains(code) || (0xE000...0x10FFFF).contains(code) {
                return (UInt32(code), 6)
            }
            if (0xD800...0xDBFF).contains(code) && byte(p + 6) == 0x5C && byte(p + 7) == 0x75 {
                let trailing = hex4(p + 8)
                if (0xDC00...0xDFFF).contains(trailing) {
                    let scalar = 0x10000 + ((code - 0xD800) << 10) + (trailing - 0xDC00)
                    return (UInt32(scalar), 12)
                }
            }
            let end = offset(afterScalars: 6, from: p)
            throw SyntaxError("Invalid Unicode escape sequence: '\(text(p, end))'.", at: SourceRange(p, end))
        default:
            let end = offset(afterScalars: 2, from: p)
            throw SyntaxError("Invalid character escape sequence: '\(text(p, end))'.", at: SourceRange(p, end))
        }
    }

    /// `\u{…}`: at most 12 characters in all, at least one hex digit, a Unicode scalar value.
    func variableWidthEscape(at p: Int) throws(SyntaxError) -> (scalar: UInt32, size: Int) {
        var point = 0
        var size = 3
        let maxSize = min(12, count - p)
        while size < maxSize {
            let c = bytes[p + size]
            size += 1
            if c == 0x7D {
                if size < 5 || !((0...0xD7FF).contains(point) || (0xE000...0x10FFFF).contains(point)) { break }
                return (UInt32(point), size)
            }
            let digit = hexValue(c)
            if digit < 0 { break }
            point = (point << 4) | digit
        }
        // `size` counts characters; only the last one read can be non-ASCII.
        let end = offset(afterScalars: size, from: p)
        throw SyntaxError("Invalid Unicode escape sequence: '\(text(p, end))'.", at: SourceRange(p, end))
    }

    func hex4(_ p: Int) -> Int {
        guard p + 4 <= count else { return -1 }
        let a = hexValue(bytes[p])
        let b = hexValue(bytes[p + 1])
        let c = hexValue(bytes[p + 2])
        let d = hexValue(bytes[p + 3])
        if a < 0 || b < 0 || c < 0 || d < 0 { return -1 }
        return a << 12 | b << 8 | c << 4 | d
    }

    /// A `"""…"""` block string: finds its end; `\"""` does not close it. Descriptions make
    /// up much of a schema, so the scan jumps from quote to quote with `memchr`.
    func readBlockString(_ start: Int) throws(SyntaxError) -> Token {
        var p = start + 3
        var hasEscape = false
        while p < count {
            guard let q = find(0x22, from: p) else { break }
            if byte(q + 1) == 0x22 && byte(q + 2) == 0x22 {
                // `\"""` is an escaped triple quote (the backslash cannot end another escape).
                if q > start + 3 && bytes[q - 1] == 0x5C {
                    hasEscape = true
                    p = q + 3
                    continue
                }
                return Token(kind: .blockString, start: start, end: q + 3, hasEscape: hasEscape)
            }
            p = q + 1
        }
        throw SyntaxError("Unterminated string.", at: SourceRange(count, count))
    }

    /// The offset of the next `byte` at or after `from`, or nil.
    @inline(__always)
    func find(_ byte: UInt8, from: Int, to end: Int? = nil) -> Int? {
        let limit = end ?? count
        guard from < limit, let base = bytes.baseAddress else { return nil }
        guard let found = memchr(base + from, Int32(byte), limit - from) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    // MARK: Values

    func text(_ start: Int, _ end: Int) -> String {
        let lo = max(0, min(start, count))
        let hi = max(lo, min(end, count))
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[lo..<hi]), as: UTF8.self)
    }

    func value(of token: Token) -> String {
        switch token.kind {
        case .string: stringValue(token)
        case .blockString: blockStringValue(token)
        case .comment: text(token.start + 1, token.end)
        default: text(token.start, token.end)
        }
    }

    /// The value of a `"…"` token already checked by `readString`.
    func stringValue(_ token: Token) -> String {
        let start = token.start + 1
        let end = token.end - 1
        if !token.hasEscape { return text(start, end) }
        var out: [UInt8] = []
        out.reserveCapacity(end - start)
        var p = start
        while p < end {
            let c = bytes[p]
            if c == 0x5C, let (scalar, size) = try? escape(at: p) {
                appendUTF8(scalar, to: &out)
                p += size
            } else {
                out.append(c)
                p += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The specification's BlockStringValue: `\"""` unescaped, lines split at any line
    /// terminator, common indentation (of all lines but the first) removed, blank leading
    /// and trailing lines dropped, lines joined with `\n`.
    ///
    /// Two passes over the bytes and no intermediate arrays: the first finds the common
    /// indentation and the first and last non-blank lines, the second copies. A value that
    /// is one line of the source without escapes is a plain slice.
    func blockStringValue(_ token: Token) -> String {
        let start = token.start + 3
        let end = token.end - 3
        var commonIndent = Int.max
        var firstStart = -1  // start of the first non-blank line
        var firstIsLineZero = false
        var lastEnd = -1  // end of the last non-blank line
        var nonBlankLines = 0
        var lineIndex = 0
        var p = start
        // Without a carriage return, line ends are found with `memchr`.
        let hasCR = find(0x0D, from: start, to: end) != nil
        while true {
            // One line: [lineStart, p) once the terminator (or the end) is found.
            let lineStart = p
            var indent = 0
            while p < end && (bytes[p] == 0x20 || bytes[p] == 0x09) {
                p += 1
                indent += 1
            }
            let blank: Bool
            if p >= end || bytes[p] == 0x0A || bytes[p] == 0x0D {
                blank = true
            } else {
                blank = false
                if hasCR {
                    while p < end && bytes[p] != 0x0A && bytes[p] != 0x0D { p += 1 }
                } else {
                    p = find(0x0A, from: p, to: end) ?? end
                }
            }
            if !blank {
                if firstStart < 0 {
                    firstStart = lineStart
                    firstIsLineZero = lineIndex == 0
                }
                lastEnd = p
                nonBlankLines += 1
                if lineIndex > 0 && indent < commonIndent { commonIndent = indent }
            }
            if p >= end { break }
            if bytes[p] == 0x0D {
                p += (p + 1 < end && bytes[p + 1] == 0x0A) ? 2 : 1
            } else {
                p += 1
            }
            lineIndex += 1
        }
        if firstStart < 0 { return "" }
        if commonIndent == Int.max { commonIndent = 0 }
        if nonBlankLines == 1 && !token.hasEscape {
            let from = firstIsLineZero ? firstStart : firstStart + commonIndent
            return text(from, lastEnd)
        }
        return String(unsafeUninitializedCapacity: lastEnd - firstStart) { out in
            var n = 0
            var q = firstStart
            var isFirstLine = true
            while q <= lastEnd {
                // Copy one line, skipping the common indentation except on source line zero.
                if !(isFirstLine && firstIsLineZero) {
                    var skipped = 0
                    while skipped < commonIndent && q < lastEnd && (bytes[q] == 0x20 || bytes[q] == 0x09) {
                        q += 1
                        skipped += 1
                    }
                }
                if !token.hasEscape && !hasCR {
                    // The rest of the line in one copy.
                    let lineEnd = find(0x0A, from: q, to: lastEnd) ?? lastEnd
                    if lineEnd > q, let base = bytes.baseAddress, let target = out.baseAddress {
                        (target + n).update(from: base + q, count: lineEnd - q)
                        n += lineEnd - q
                    }
                    q = lineEnd
                } else {
                    while q < lastEnd {
                        let b = bytes[q]
                        if b == 0x0A || b == 0x0D { break }
                        if b == 0x5C && token.hasEscape && q + 3 < end && bytes[q + 1] == 0x22
                            && bytes[q + 2] == 0x22 && bytes[q + 3] == 0x22
                        {
                            out[n] = 0x22
                            out[n + 1] = 0x22
                            out[n + 2] = 0x22
                            n += 3
                            q += 4
                            continue
                        }
                        out[n] = b
                        n += 1
                        q += 1
                    }
                }
                if q >= lastEnd { break }
                q += (bytes[q] == 0x0D && q + 1 < lastEnd && bytes[q + 1] == 0x0A) ? 2 : 1
                out[n] = 0x0A
                n += 1
                isFirstLine = false
            }
            return n
        }
    }

    // MARK: Characters

    /// graphql-core's rendering of the character at `p`: `'c'` for printable ASCII, `U+XXXX`
    /// otherwise, `<EOF>` at the end.
    func describeCharacter(at p: Int) -> String {
        guard p < count else { return "<EOF>" }
        let b = bytes[p]
        if b >= 0x20 && b <= 0x7E {
            return b == 0x22 ? "'\"'" : "'\(Character(Unicode.Scalar(b)))'"
        }
        let scalar = scalarValue(at: p)
        var hex = String(scalar, radix: 16, uppercase: true)
        while hex.count < 4 { hex = "0" + hex }
        return "U+" + hex
    }

    func scalarValue(at p: Int) -> UInt32 {
        let b = bytes[p]
        let width = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4
        if width == 1 { return UInt32(b) }
        var value = UInt32(b) & (width == 2 ? 0x1F : width == 3 ? 0x0F : 0x07)
        for i in 1..<width where p + i < count {
            value = value << 6 | (UInt32(bytes[p + i]) & 0x3F)
        }
        return value
    }

    func scalarRange(at p: Int) -> SourceRange {
        SourceRange(p, p < count ? offset(afterScalars: 1, from: p) : p)
    }

    /// The byte offset `n` Unicode scalars after `p` (clamped to the end).
    func offset(afterScalars n: Int, from p: Int) -> Int {
        var q = p
        var left = n
        while left > 0 && q < count {
            q += 1
            while q < count && bytes[q] & 0xC0 == 0x80 { q += 1 }
            left -= 1
        }
        return q
    }
}

/// Space, tab, comma, `\n` and `\r`: one shift and test of a 64-bit mask.
@inline(__always) func isIgnoredASCII(_ b: UInt8) -> Bool {
    let ignored: UInt64 = 1 << 0x20 | 1 << 0x09 | 1 << 0x2C | 1 << 0x0A | 1 << 0x0D
    return b < 64 && (ignored >> UInt64(b)) & 1 != 0
}

@inline(__always) func isDigit(_ b: UInt8) -> Bool { b &- 0x30 < 10 }
@inline(__always) func isNameStart(_ b: UInt8) -> Bool { (b | 0x20) &- 0x61 < 26 || b == 0x5F }
/// `[A-Za-z0-9_]` as two 64-bit masks: one shift and test per byte in the name loop.
@inline(__always) func isNameContinue(_ b: UInt8) -> Bool {
    let low: UInt64 = 0x03FF_0000_0000_0000  // 0-9
    let high: UInt64 = 0x07FF_FFFE_87FF_FFFE  // A-Z, _, a-z
    return b < 0x80 && ((b < 0x40 ? low : high) >> UInt64(b & 0x3F)) & 1 != 0
}

/// The top bit of each byte of `word` that is not `[A-Za-z0-9_]`, all bytes at once: each
/// range test adds a constant to the byte's low seven bits so that the top bit says
/// "at least", which no byte can carry out of.
@inline(__always) func nonNameBytes(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    let seven = word & ~high
    let folded = seven | (0x20 &* ones)  // A-Z onto a-z
    let letter = (folded &+ ((0x80 - 0x61) &* ones)) & ~(folded &+ ((0x80 - 0x7B) &* ones))
    let digit = (seven &+ ((0x80 - 0x30) &* ones)) & ~(seven &+ ((0x80 - 0x3A) &* ones))
    let notUnderscore = seven ^ (0x5F &* ones)
    let underscore = ~((notUnderscore &+ (0x7F &* ones)) | notUnderscore)
    let name = (letter | digit | underscore) & ~word & high
    return ~name & high
}

@inline(__always) func hexValue(_ b: UInt8) -> Int {
    if b &- 0x30 < 10 { return Int(b &- 0x30) }
    if b &- 0x41 < 6 { return Int(b &- 0x41) + 10 }
    if b &- 0x61 < 6 { return Int(b &- 0x61) + 10 }
    return -1
}

func appendUTF8(_ scalar: UInt32, to out: inout [UInt8]) {
    switch scalar {
    case 0..<0x80:
        out.append(UInt8(scalar))
    case 0x80..<0x800:
        out.append(UInt8(0xC0 | (scalar >> 6)))
        out.append(UInt8(0x80 | (scalar & 0x3F)))
    case 0x800..<0x10000:
        out.append(UInt8(0xE0 | (scalar >> 12)))
        out.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
        out.append(UInt8(0x80 | (scalar & 0x3F)))
    default:
        out.append(UInt8(0xF0 | (scalar >> 18)))
        out.append(UInt8(0x80 | ((scalar >> 12) & 0x3F)))
        out.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
        out.append(UInt8(0x80 | (scalar & 0x3F)))
    }
}
