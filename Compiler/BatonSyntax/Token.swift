import BatonDiagnostics

/// The kinds of lexical tokens (the specification's Token, plus the comment the parser skips
/// and the start/end markers graphql-core names in its messages).
package enum TokenKind: UInt8, Sendable, Hashable, CaseIterable {
    case startOfFile
    case endOfFile
    case bang
    case dollar
    case ampersand
    case parenL
    case parenR
    case spread
    case colon
    case equals
    case at
    case bracketL
    case bracketR
    case braceL
    case pipe
    case braceR
    case name
    case int
    case float
    case string
    case blockString
    case comment

    /// How graphql-core names the kind in a message: punctuators quoted, others by name.
    package var displayName: String {
        switch self {
        case .startOfFile: "<SOF>"
        case .endOfFile: "<EOF>"
        case .bang: "'!'"
        case .dollar: "'$'"
        case .ampersand: "'&'"
        case .parenL: "'('"
        case .parenR: "')'"
        case .spread: "'...'"
        case .colon: "':'"
        case .equals: "'='"
        case .at: "'@'"
        case .bracketL: "'['"
        case .bracketR: "']'"
        case .braceL: "'{'"
        case .pipe: "'|'"
        case .braceR: "'}'"
        case .name: "Name"
        case .int: "Int"
        case .float: "Float"
        case .string: "String"
        case .blockString: "BlockString"
        case .comment: "Comment"
        }
    }

    /// Tokens whose text carries a value (graphql-core prints it after the kind).
    package var hasValue: Bool {
        switch self {
        case .name, .int, .float, .string, .blockString, .comment: true
        default: false
        }
    }
}

/// One token: its kind and UTF-8 range. Values are decoded on demand (see `Lexer`), so the
/// hot path allocates nothing.
package struct Token: Sendable, Hashable {
    package var kind: TokenKind
    package var start: Int
    package var end: Int
    /// For a string token: whether it holds an escape, so its value needs decoding.
    package var hasEscape: Bool

    package init(kind: TokenKind, start: Int, end: Int, hasEscape: Bool = false) {
        self.kind = kind
        self.start = start
        self.end = end
        self.hasEscape = hasEscape
    }

    package var range: SourceRange { SourceRange(start: start, end: end) }
}

/// A lexical or grammatical error: graphql-core's message (with its `Syntax Error: ` prefix)
/// and where it is. `range.start` is the position graphql-core reports.
package struct SyntaxError: Error, Sendable, Hashable {
    package var message: String
    package var range: SourceRange

    package init(_ message: String, at range: SourceRange) {
        self.message = "Syntax Error: " + message
        self.range = range
    }

    package func diagnostic(in source: Source) -> Diagnostic {
        .error(message, at: [Location(source: source, range: range)], code: .syntax)
    }
}
