import BatonDiagnostics

/// The token kinds the host scanner tells apart. Swift's grammar needs far more; finding
/// attributes and their string literals needs only these.
package enum SwiftTokenKind: UInt8, Sendable, Hashable {
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

package struct SwiftToken: Sendable, Hashable {
    package var kind: SwiftTokenKind
    /// UTF-8 offsets in the lexed text.
    package var range: SourceRange
    /// For `.stringLiteral`, the index of its structure in `SwiftLexer.Output.literals`; -1 otherwise.
    package var literal: Int

    package init(kind: SwiftTokenKind, range: SourceRange, literal: Int = -1) {
        self.kind = kind
        self.range = range
        self.literal = literal
    }
}

/// A lexical error: the Swift compiler would refuse the file here.
package struct SwiftLexProblem: Sendable, Hashable {
    package var message: String
    package var range: SourceRange

    package init(_ message: String, at range: SourceRange) {
        self.message = message
        self.range = range
    }
}
