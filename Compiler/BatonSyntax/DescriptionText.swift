import BatonDiagnostics

/// A description's text, kept as its string token in the source and decoded (escapes, or the
/// block-string algorithm for `"""…"""`) each time it is read. A schema holds thousands of
/// descriptions that building and validating never read; decoding each into a `String` while
/// parsing cost a tenth of building GitHub's schema. Reading one decodes the same way the
/// parser would, so every reader (printers, hover, introspection) sees the same value.
package struct DescriptionText: Sendable {
    /// The source holding the token; for a value given as a `String`, a source whose whole
    /// text is the value (`start == .max`). One reference and 32-bit offsets keep this small:
    /// nodes holding it are copied often.
    private let source: Source
    private let start: UInt32
    private let end: UInt32
    private let block: Bool
    private let hasEscape: Bool

    private init(source: Source, start: UInt32, end: UInt32, block: Bool, hasEscape: Bool) {
        self.source = source
        self.start = start
        self.end = end
        self.block = block
        self.hasEscape = hasEscape
    }

    package init(_ value: String) {
        self.init(source: Source(name: "", text: value), start: .max, end: .max, block: false, hasEscape: false)
    }

    /// The value of a string token of `source`, decoded when read.
    init(source: Source, token: Token) {
        guard let start = UInt32(exactly: token.start), let end = UInt32(exactly: token.end), end < .max else {
            // Past 4 GB: decoded at once.
            self.init(source.utf8.withUnsafeBufferPointer { LexerCore($0).value(of: token) })
            return
        }
        self.init(source: source, start: start, end: end, block: token.kind == .blockString, hasEscape: token.hasEscape)
    }

    package var value: String {
        if start == .max { return source.text }
        let token = Token(kind: block ? .blockString : .string, start: Int(start), end: Int(end), hasEscape: hasEscape)
        return source.utf8.withUnsafeBufferPointer { LexerCore($0).value(of: token) }
    }
}
