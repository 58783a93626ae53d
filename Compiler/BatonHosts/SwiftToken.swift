import BatonDiagnostics

/// The token kinds the host scanner tells apart. Swift's grammar needs far more; finding
/// attributes and their string literals needs only these.
public enum SwiftTokenKind: UInt8, Sendable, Hashable {
    /// A name or keyword, including a backticked one and `$0`.
    case identifier
    case atSign
    /// `#` with the name after it when there is one (`#if`, `#selector`), or a lone `#`.
    case pound
    /// Any other single byte: `(`, `)`, `.`, `,`, `:`, operator characters, ...
    case punctuation
    case number
    case stringLiteral
    /// An extended regex literal `#/…/#`, skipped whole so its quotes start nothing.
    case regexLiteral
    case endOfFile
}

public struct SwiftToken: Sendable, Hashable {
    public var kind: SwiftTokenKind
    /// UTF-8 offsets in the lexed text.
    public var range: SourceRange
    /// For `.stringLiteral`, the index of its structure in `SwiftLexer.Output.literals`; -1 otherwise.
    public var literal: Int

    public init(kind: SwiftTokenKind, range: SourceRange, literal: Int = -1) {
        self.kind = kind
        self.range = range
        self.literal = literal
    }
}

/// A lexical error: the Swift compiler would refuse the file here.
public struct SwiftLexProblem: Sendable, Hashable {
    public var message: String
    public var range: SourceRange

    public init(_ message: String, at range: SourceRange) {
        self.message = message
        self.range = range
    }
}
