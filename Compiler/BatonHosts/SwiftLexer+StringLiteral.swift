import BatonDiagnostics

extension SwiftLexer {
    /// Lexes a string literal starting at `start` (its first `#`, or its quote when `pounds`
    /// is 0): `"…"`, `"""…"""`, and the raw forms `#"…"#`, `##"""…"""##`. Leaves `position`
    /// after the literal, or at the line break / end of text where an unterminated one stops.
    mutating func lexStringLiteral(start: Int, pounds: Int) -> SwiftStringLiteral {
        let n = end
        let quote = start + pounds
        let multiline = quote + 2 < n && bytes[quote + 1] == UInt8(ascii: "\"") && bytes[quote + 2] == UInt8(ascii: "\"")
        let contentStart = quote + (multiline ? 3 : 1)
        var literal = SwiftStringLiteral(
            range: SourceRange(start, contentStart), pounds: pounds, isMultiline: multiline,
            contentRange: SourceRange(contentStart, contentStart), isTerminated: false, pieces: [], problems: [])

        var p = contentStart
        if multiline {
            // Nothing, not even blanks, may follow the opening `"""` on its line.
            if p < n && !SwiftLexer.isLineBreak(bytes[p]) {
                literal.problems.append(
                    SwiftLexProblem(
                        "multi-line string literal content must begin on a new line", at: SourceRange(p, p + 1)))
            }
        }
        var textStart = p
        func flushText(upTo end: Int) {
            if end > textStart { literal.pieces.append(.text(SourceRange(textStart, end))) }
        }

        while true {
            guard p < n else {
                flushText(upTo: p)
                literal.contentRange.end = p
                literal.range.end = p
                unterminated(&literal, start: start, pounds: pounds, multiline: multiline)
                position = p
                return literal
            }
            let b = bytes[p]
            if b == UInt8(ascii: "\"") {
                let closes: Bool
                if multiline {
                    closes =
                        p + 2 < n && bytes[p + 1] == UInt8(ascii: "\"") && bytes[p + 2] == UInt8(ascii: "\"")
                        && hasPounds(pounds, at: p + 3)
                } else {
                    closes = hasPounds(pounds, at: p + 1)
                }
                if closes {
                    flushText(upTo: p)
                    literal.contentRange.end = p
                    literal.isTerminated = true
                    position = p + (multiline ? 3 : 1) + pounds
                    literal.range.end = position
                    if multiline { checkClosingDelimiterLine(&literal, closing: p) }
                    return literal
                }
                p += 1
                continue
            }
            if b == UInt8(ascii: "\\") && hasPounds(pounds, at: p + 1) {
                flushText(upTo: p)
                p = lexEscape(&literal, backslash: p, pounds: pounds, multiline: multiline)
                textStart = p
                continue
            }
            if SwiftLexer.isLineBreak(b) {
                let end = (b == 0x0D && p + 1 < n && bytes[p + 1] == 0x0A) ? p + 2 : p + 1
                if !multiline {
                    // A one-line literal cannot cross a line; Swift stops it here.
                    flushText(upTo: p)
                    literal.contentRange.end = p
                    literal.range.end = p
                    unterminated(&literal, start: start, pounds: pounds, multiline: false)
                    position = p
                    return literal
                }
                flushText(upTo: p)
                literal.pieces.append(.newline(SourceRange(p, end)))
                p = end
                textStart = p
                continue
            }
            p += 1
        }
    }

    private mutating func unterminated(_ literal: inout SwiftStringLiteral, start: Int, pounds: Int, multiline: Bool) {
        let delimiterLength = pounds + (multiline ? 3 : 1)
        let problem = SwiftLexProblem(
            multiline ? "unterminated multi-line string literal" : "unterminated string literal",
            at: SourceRange(start, min(start + delimiterLength, bytes.count)))
        literal.problems.append(problem)
        problems.append(problem)
    }

    /// The closing `"""` must be the first thing on its line except blanks, which are the
    /// indentation every other line sheds.
    private func checkClosingDelimiterLine(_ literal: inout SwiftStringLiteral, closing: Int) {
        var k = closing
        while k > literal.contentRange.start && (bytes[k - 1] == 0x20 || bytes[k - 1] == 0x09) { k -= 1 }
        if k == literal.contentRange.start || !SwiftLexer.isLineBreak(bytes[k - 1]) {
            literal.problems.append(
                SwiftLexProblem(
                    "multi-line string literal closing delimiter must begin on a new line", at: SourceRange(closing, closing + 3)))
        }
    }

    /// Lexes the escape whose backslash is at `backslash` (`pounds` `#`s follow it in a raw
    /// literal) and records it as a piece. Returns the offset after it.
    private mutating func lexEscape(_ literal: inout SwiftStringLiteral, backslash: Int, pounds: Int, multiline: Bool) -> Int {
        let n = end
        let q = backslash + 1 + pounds
        guard q < n else {
            literal.pieces.append(.invalidEscape(SourceRange(backslash, n)))
            literal.problems.append(SwiftLexProblem("invalid escape sequence in literal", at: SourceRange(backslash, n)))
            return n
        }
        let c = bytes[q]
        func simple(_ scalar: Unicode.Scalar) -> Int {
            literal.pieces.append(.escape(SourceRange(backslash, q + 1), scalar))
            return q + 1
        }
        if multiline && (c == 0x20 || c == 0x09 || SwiftLexer.isLineBreak(c)) {
            // A line continuation: `\`, optional blanks, then the line break.
            var k = q
            while k < n && (bytes[k] == 0x20 || bytes[k] == 0x09) { k += 1 }
            if k < n && SwiftLexer.isLineBreak(bytes[k]) {
                let end = (bytes[k] == 0x0D && k + 1 < n && bytes[k + 1] == 0x0A) ? k + 2 : k + 1
                literal.pieces.append(.continuation(SourceRange(backslash, end)))
                return end
            }
        }
        switch c {
        case UInt8(ascii: "n"): return simple("\n")
        case UInt8(ascii: "t"): return simple("\t")
        case UInt8(ascii: "r"): return simple("\r")
        case UInt8(ascii: "0"): return simple("\0")
        case UInt8(ascii: "\\"): return simple("\\")
        case UInt8(ascii: "\""): return simple("\"")
        case UInt8(ascii: "'"): return simple("'")
        case UInt8(ascii: "u"):
            return lexUnicodeEscape(&literal, backslash: backslash, u: q)
        case UInt8(ascii: "("):
            return lexInterpolation(&literal, backslash: backslash, open: q, multiline: multiline)
        default:
            // Leave a line break for the caller (it ends a one-line literal); otherwise take
            // the whole character after the backslash.
            let end = SwiftLexer.isLineBreak(c) ? q : min(n, q + SwiftLexer.scalarWidth(leadByte: c))
            literal.pieces.append(.invalidEscape(SourceRange(backslash, end)))
            literal.problems.append(SwiftLexProblem("invalid escape sequence in literal", at: SourceRange(backslash, max(end, q))))
            return end
        }
    }

    /// `\u{X}` with 1 to 8 hex digits naming a Unicode scalar (not a surrogate).
    private mutating func lexUnicodeEscape(_ literal: inout SwiftStringLiteral, backslash: Int, u: Int) -> Int {
        let n = end
        guard u + 1 < n && bytes[u + 1] == UInt8(ascii: "{") else {
            literal.pieces.append(.invalidEscape(SourceRange(backslash, u + 1)))
            literal.problems.append(SwiftLexProblem("expected '{' in \\u{...} escape sequence", at: SourceRange(backslash, u + 1)))
            return u + 1
        }
        var k = u + 2
        var value: UInt32 = 0
        var digits = 0
        while k < n && SwiftLexer.isHexDigit(bytes[k]) {
            let d = bytes[k]
            let v: UInt32 = d <= 0x39 ? UInt32(d - 0x30) : UInt32((d | 0x20) - 0x61 + 10)
            if digits < 9 { value = value &* 16 &+ v }
            digits += 1
            k += 1
        }
        guard k < n && bytes[k] == UInt8(ascii: "}") else {
            literal.pieces.append(.invalidEscape(SourceRange(backslash, k)))
            literal.problems.append(SwiftLexProblem("expected '}' in \\u{...} escape sequence", at: SourceRange(backslash, k)))
            return k
        }
        let range = SourceRange(backslash, k + 1)
        guard digits >= 1 && digits <= 8 else {
            literal.pieces.append(.invalidEscape(range))
            literal.problems.append(SwiftLexProblem("\\u{...} escape sequence expects between 1 and 8 hex digits", at: range))
            return k + 1
        }
        guard let scalar = Unicode.Scalar(value) else {
            literal.pieces.append(.invalidEscape(range))
            literal.problems.append(SwiftLexProblem("invalid unicode scalar", at: range))
            return k + 1
        }
        literal.pieces.append(.escape(range, scalar))
        return k + 1
    }

    /// `\(` … `)`: Swift code up to the matching parenthesis, lexed as tokens so parentheses
    /// and literals inside it count correctly. In a one-line literal the interpolation ends
    /// with its line, as in Swift.
    private mutating func lexInterpolation(_ literal: inout SwiftStringLiteral, backslash: Int, open: Int, multiline: Bool) -> Int {
        let n = end
        var limit = n
        if !multiline {
            limit = open
            while limit < n && !SwiftLexer.isLineBreak(bytes[limit]) { limit += 1 }
        }
        func fail(_ message: String, problemsBefore: Int) -> Int {
            // What went wrong inside (a quote opening a literal that never closes) is this
            // interpolation's fault; report it once, here.
            // Nesting too deep is the one inner problem worth keeping: it is the cause.
            let tooDeep = problems[problemsBefore...].first { $0.message == SwiftLexer.tooDeeplyNested }
            problems.removeSubrange(problemsBefore...)
            let problem = tooDeep ?? SwiftLexProblem(message, at: SourceRange(open, open + 1))
            literal.problems.append(problem)
            problems.append(problem)
            literal.pieces.append(.interpolation(SourceRange(backslash, limit)))
            return limit
        }
        if interpolationDepth >= SwiftLexer.maximumInterpolationDepth {
            return fail(SwiftLexer.tooDeeplyNested, problemsBefore: problems.count)
        }
        interpolationDepth += 1
        defer { interpolationDepth -= 1 }
        // A one-line literal's interpolation is lexed within its line.
        let savedEnd = end
        end = limit
        defer { end = savedEnd }
        let saved = pendingLiteral
        defer { pendingLiteral = saved }
        let problemsBefore = problems.count
        position = open + 1
        var depth = 1
        while true {
            let token = nextToken()
            if token.kind == .endOfFile || token.range.start >= limit {
                return fail("cannot find ')' to match opening '(' in string interpolation", problemsBefore: problemsBefore)
            }
            if token.kind == .punctuation {
                let b = bytes[token.range.start]
                if b == UInt8(ascii: "(") {
                    depth += 1
                } else if b == UInt8(ascii: ")") {
                    depth -= 1
                    if depth == 0 {
                        literal.pieces.append(.interpolation(SourceRange(backslash, token.range.end)))
                        return token.range.end
                    }
                }
            }
        }
    }
}

extension SwiftLexer {
    static let tooDeeplyNested = "string interpolations are nested too deeply"

    /// The byte length of the UTF-8 sequence a lead byte starts (1 for a stray continuation byte).
    @inline(__always) static func scalarWidth(leadByte b: UInt8) -> Int {
        if b < 0xC0 { return 1 }
        if b < 0xE0 { return 2 }
        if b < 0xF0 { return 3 }
        return 4
    }
}
