import BatonDiagnostics

/// Baton's own lexer for the part of Swift's lexical structure that decides where attributes
/// and string literals are: names, `@`, punctuation, numbers, comments (block comments nest),
/// every string literal form with its escapes and interpolations, and extended regex literals.
/// It works on UTF-8 bytes and never fails: malformed input becomes a problem at its position
/// and lexing goes on (or stops at the end of the text).
///
/// Bare `/…/` regex literals (Swift 6) are told from division the way Swift's lexer does,
/// approximately: after a token that can end an expression, `/` divides; elsewhere it opens a
/// regex when it is not followed by a blank and another `/` closes it on the same line, not
/// right after a blank.
package struct SwiftLexer {
    package struct Output: Sendable {
        /// Top-level tokens, ending with `.endOfFile`. Tokens inside interpolations belong to
        /// their literal and are not listed.
        package var tokens: [SwiftToken]
        package var literals: [SwiftStringLiteral]
        /// Unterminated comments, strings, interpolations and regex literals anywhere in the
        /// text (they change how the rest of the file reads). A literal's other problems stay
        /// with the literal.
        package var problems: [SwiftLexProblem]
        /// The bytes every token spanned, trivia included, inside interpolations too (and again
        /// where an interpolation failed and its literal went on): the lexer's work, which tests
        /// hold linear in the text.
        package var bytesLexed = 0
    }

    let bytes: [UInt8]
    /// Where lexing stops: the text's end, or the line's end while a one-line literal's
    /// interpolation is lexed. No token crosses it, so an interpolation that fails at its line's
    /// end has lexed nothing beyond it (a `"""` or `/*` there once ran to the end of the file, and
    /// the literal then went on from the line's end: every such interpolation lexed the rest of
    /// the file again).
    var end: Int
    var position = 0
    var literals: [SwiftStringLiteral] = []
    var problems: [SwiftLexProblem] = []
    /// Depth of interpolations being lexed, bounded so hostile input cannot exhaust the stack.
    var interpolationDepth = 0
    static let maximumInterpolationDepth = 48

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
        end = bytes.count
        // A byte order mark is not part of the program.
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { position = 3 }
        // A `#!` line at the very start is a script's interpreter line.
        if bytes.count >= position + 2 && bytes[position] == UInt8(ascii: "#") && bytes[position + 1] == UInt8(ascii: "!") {
            while position < bytes.count && !Self.isLineBreak(bytes[position]) { position += 1 }
        }
    }

    package static func tokenize(_ bytes: [UInt8]) -> Output {
        var lexer = SwiftLexer(bytes)
        var tokens: [SwiftToken] = []
        while true {
            var token = lexer.nextToken()
            if token.kind == .stringLiteral, let literal = lexer.pendingLiteral {
                token.literal = lexer.literals.count
                lexer.literals.append(literal)
                lexer.pendingLiteral = nil
            }
            tokens.append(token)
            if token.kind == .endOfFile { break }
        }
        return Output(tokens: tokens, literals: lexer.literals, problems: lexer.problems, bytesLexed: lexer.bytesLexed)
    }

    package static func tokenize(_ source: Source) -> Output { tokenize(source.utf8) }

    /// The bytes `nextToken()` moved over, at any depth (`Output.bytesLexed`).
    var bytesLexed = 0

    /// The literal of the last `.stringLiteral` token `nextToken()` returned.
    var pendingLiteral: SwiftStringLiteral?

    // MARK: Tokens

    /// The last token `nextToken()` returned, to tell a regex's `/` from division.
    var previousToken: SwiftToken?

    mutating func nextToken() -> SwiftToken {
        let start = position
        let token = lexToken()
        bytesLexed += position - start
        previousToken = token
        return token
    }

    private mutating func lexToken() -> SwiftToken {
        skipTrivia()
        let n = end
        let start = position
        guard start < n else { return SwiftToken(kind: .endOfFile, range: SourceRange(n, n)) }
        let b = bytes[start]
        switch b {
        case UInt8(ascii: "@"):
            position += 1
            return SwiftToken(kind: .atSign, range: SourceRange(start, position))
        case UInt8(ascii: "\""):
            let literal = lexStringLiteral(start: start, pounds: 0)
            pendingLiteral = literal
            return SwiftToken(kind: .stringLiteral, range: literal.range)
        case UInt8(ascii: "#"):
            var k = start
            while k < n && bytes[k] == UInt8(ascii: "#") { k += 1 }
            if k < n && bytes[k] == UInt8(ascii: "\"") {
                let literal = lexStringLiteral(start: start, pounds: k - start)
                pendingLiteral = literal
                return SwiftToken(kind: .stringLiteral, range: literal.range)
            }
            if k < n && bytes[k] == UInt8(ascii: "/") {
                return lexExtendedRegex(start: start, pounds: k - start)
            }
            position = start + 1
            if position < n && Self.isIdentifierStart(bytes[position]) {
                while position < n && Self.isIdentifierContinue(bytes[position]) { position += 1 }
            }
            return SwiftToken(kind: .pound, range: SourceRange(start, position))
        case UInt8(ascii: "`"):
            var k = start + 1
            while k < n && bytes[k] != UInt8(ascii: "`") && !Self.isLineBreak(bytes[k]) { k += 1 }
            if k < n && bytes[k] == UInt8(ascii: "`") && k > start + 1 {
                position = k + 1
                return SwiftToken(kind: .identifier, range: SourceRange(start, position))
            }
            position = start + 1
            return SwiftToken(kind: .punctuation, range: SourceRange(start, position))
        default:
            if Self.isDigit(b) {
                position += 1
                while position < n {
                    let c = bytes[position]
                    if Self.isIdentifierContinue(c) && c < 0x80 {
                        position += 1
                    } else if c == UInt8(ascii: ".") && position + 1 < n && Self.isDigit(bytes[position + 1]) {
                        position += 2
                    } else {
                        break
                    }
                }
                return SwiftToken(kind: .number, range: SourceRange(start, position))
            }
            if Self.isIdentifierStart(b) {
                position += 1
                while position < n && Self.isIdentifierContinue(bytes[position]) { position += 1 }
                return SwiftToken(kind: .identifier, range: SourceRange(start, position))
            }
            if b == UInt8(ascii: "/"), let regex = lexBareRegex(start: start) { return regex }
            position += 1
            return SwiftToken(kind: .punctuation, range: SourceRange(start, position))
        }
    }

    /// Keywords after which an expression (and so a regex literal) may start.
    static let keywordsBeforeExpression: Set<String> = [
        "return", "case", "in", "where", "if", "guard", "while", "else", "throw", "try", "await",
        "switch", "repeat", "yield", "some", "any",
    ]

    /// A bare regex literal at `start`, or nil when the `/` is an operator.
    mutating func lexBareRegex(start: Int) -> SwiftToken? {
        let n = end
        if let previous = previousToken {
            switch previous.kind {
            case .number, .stringLiteral, .regexLiteral:
                return nil
            case .identifier:
                let word = String(decoding: bytes[previous.range.start..<previous.range.end], as: UTF8.self)
                if !Self.keywordsBeforeExpression.contains(word) { return nil }
            case .punctuation:
                switch bytes[previous.range.start] {
                case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ","), UInt8(ascii: ":"),
                    UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: "&"), UInt8(ascii: "|"), UInt8(ascii: "^"),
                    UInt8(ascii: "~"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "%"):
                    break
                default:
                    return nil
                }
            case .atSign, .pound, .endOfFile:
                return nil
            }
        }
        guard start + 1 < n else { return nil }
        let first = bytes[start + 1]
        // `(/)` and `reduce(1, /)` pass the operator itself.
        if first == 0x20 || first == 0x09 || Self.isLineBreak(first) || first == UInt8(ascii: ")") { return nil }
        var k = start + 1
        while k < n && !Self.isLineBreak(bytes[k]) {
            if bytes[k] == UInt8(ascii: "\\") {
                if k + 1 < n && Self.isLineBreak(bytes[k + 1]) { return nil }
                k += 2
                continue
            }
            if bytes[k] == UInt8(ascii: "/") {
                let before = bytes[k - 1]
                if before == 0x20 || before == 0x09 { return nil }
                position = k + 1
                return SwiftToken(kind: .regexLiteral, range: SourceRange(start, position))
            }
            k += 1
        }
        return nil
    }

    /// Skips blanks, line breaks and comments.
    mutating func skipTrivia() {
        let n = end
        while position < n {
            let b = bytes[position]
            if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0B || b == 0x0C || b == 0x00 {
                position += 1
            } else if b == UInt8(ascii: "/") && position + 1 < n && bytes[position + 1] == UInt8(ascii: "/") {
                while position < n && !Self.isLineBreak(bytes[position]) { position += 1 }
            } else if b == UInt8(ascii: "/") && position + 1 < n && bytes[position + 1] == UInt8(ascii: "*") {
                skipBlockComment()
            } else {
                return
            }
        }
    }

    /// `/* … */`, where comments nest.
    mutating func skipBlockComment() {
        let n = end
        let start = position
        var depth = 0
        while position < n {
            if bytes[position] == UInt8(ascii: "/") && position + 1 < n && bytes[position + 1] == UInt8(ascii: "*") {
                depth += 1
                position += 2
            } else if bytes[position] == UInt8(ascii: "*") && position + 1 < n && bytes[position + 1] == UInt8(ascii: "/") {
                depth -= 1
                position += 2
                if depth == 0 { return }
            } else {
                position += 1
            }
        }
        problems.append(SwiftLexProblem("unterminated '/*' comment", at: SourceRange(start, min(start + 2, n))))
    }

    /// `#/…/#` with any number of `#`. One that starts with a line break runs over lines;
    /// otherwise it ends at the end of its line.
    mutating func lexExtendedRegex(start: Int, pounds: Int) -> SwiftToken {
        let n = end
        var k = start + pounds + 1
        let multiline = k < n && Self.isLineBreak(bytes[k])
        while k < n {
            if bytes[k] == UInt8(ascii: "\\") {
                k += 2
                continue
            }
            if !multiline && Self.isLineBreak(bytes[k]) { break }
            if bytes[k] == UInt8(ascii: "/") && hasPounds(pounds, at: k + 1) {
                position = k + 1 + pounds
                return SwiftToken(kind: .regexLiteral, range: SourceRange(start, position))
            }
            k += 1
        }
        position = min(k, n)
        problems.append(SwiftLexProblem("unterminated regex literal", at: SourceRange(start, start + pounds + 1)))
        return SwiftToken(kind: .regexLiteral, range: SourceRange(start, position))
    }

    // MARK: Bytes

    func hasPounds(_ count: Int, at offset: Int) -> Bool {
        guard offset + count <= end else { return false }
        var k = offset
        while k < offset + count {
            if bytes[k] != UInt8(ascii: "#") { return false }
            k += 1
        }
        return true
    }

    @inline(__always) static func isLineBreak(_ b: UInt8) -> Bool { b == 0x0A || b == 0x0D }
    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    @inline(__always) static func isHexDigit(_ b: UInt8) -> Bool {
        isDigit(b) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66)
    }
    /// ASCII letters, `_`, `$`, and any non-ASCII byte (Swift allows most of Unicode in names;
    /// telling names from the few non-ASCII operator characters does not matter here).
    @inline(__always) static func isIdentifierStart(_ b: UInt8) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b == 0x24 || b >= 0x80
    }
    @inline(__always) static func isIdentifierContinue(_ b: UInt8) -> Bool {
        isIdentifierStart(b) || isDigit(b)
    }
}
