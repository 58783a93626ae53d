import BatonDiagnostics

/// Why a text is not JSON, and exactly where: `range` starts at the offending byte (or at the
/// end of the text when it stops too early).
public struct JSONSyntaxError: Error, Sendable, CustomStringConvertible {
    public var message: String
    /// UTF-8 offsets into the parsed text.
    public var range: SourceRange
    /// The text parsed, when it was given as a `Source`.
    public var source: Source?

    public init(message: String, range: SourceRange, source: Source? = nil) {
        self.message = message
        self.range = range
        self.source = source
    }

    /// The error as a compiler diagnostic, code `JSONSyntax`. Without a source there is no
    /// location to give, so pass one when the error came from bytes.
    public func diagnostic(in source: Source? = nil) -> Diagnostic {
        let locations = (source ?? self.source).map { [Location(source: $0, range: range)] } ?? []
        return .error(message, at: locations, code: "JSONSyntax")
    }

    /// `name:line:column: message` with a source, `offset N: message` without.
    public var description: String {
        if let source {
            return "\(source.name):\(source.position(of: range.start)): \(message)"
        }
        return "offset \(range.start): \(message)"
    }
}
