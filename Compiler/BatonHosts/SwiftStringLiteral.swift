import BatonDiagnostics

/// The lexical structure of one Swift string literal, in host offsets: its delimiters and the
/// pieces its content is spelled with. The value (escapes resolved, indentation stripped) is
/// computed on demand by `content(in:)`, only for the literals a marker holds.
package struct SwiftStringLiteral: Sendable, Hashable {
    /// One run of the literal's spelling.
    package enum Piece: Sendable, Hashable {
        /// Bytes taken as they are (never holding a line break).
        case text(SourceRange)
        /// A line break of a multi-line literal (`\n`, `\r\n` or `\r`); its value is `\n`.
        case newline(SourceRange)
        /// An escape sequence (`\n`, `\#t`, `\u{1F600}`) and the scalar it stands for.
        case escape(SourceRange, Unicode.Scalar)
        /// A malformed escape; the literal has a problem for it.
        case invalidEscape(SourceRange)
        /// `\(…)` (or `\#(…)`), whole.
        case interpolation(SourceRange)
        /// `\` ending a line of a multi-line literal: the backslash, any blanks, the line break.
        case continuation(SourceRange)

        package var range: SourceRange {
            switch self {
            case .text(let r), .newline(let r), .escape(let r, _), .invalidEscape(let r),
                .interpolation(let r), .continuation(let r):
                return r
            }
        }
    }

    /// The whole literal, delimiters included.
    package var range: SourceRange
    /// The number of `#` around a raw literal; 0 for a plain one.
    package var pounds: Int
    package var isMultiline: Bool
    /// Between the opening and the closing delimiter (up to where lexing stopped when the
    /// literal is unterminated).
    package var contentRange: SourceRange
    package var isTerminated: Bool
    package var pieces: [Piece]
    /// Errors found while lexing: escapes, interpolations, delimiters, termination.
    package var problems: [SwiftLexProblem]

    package var interpolations: [SourceRange] {
        pieces.compactMap { if case .interpolation(let r) = $0 { return r } else { return nil } }
    }
}
