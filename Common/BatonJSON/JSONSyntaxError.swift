import BatonDiagnostics

/// Why a text is not JSON, and exactly where: `range` starts at the offending byte (or at the
/// end of the text when it stops too early).
package struct JSONSyntaxError: Error, Sendable, CustomStringConvertible {
    package var message: String
    /// UTF-8 offsets into the parsed text.
    package var range: SourceRange
    /// The text parsed, when it was given as a `Source`.
    package var source: Source?
    /// For a string, array or object cut off by the end of the text: its opening character.
    package var opening: SourceRange?

    package init(message: String, range: SourceRange, source: Source? = nil, opening: SourceRange? = nil) {
        self.message = message
        self.range = range
        self.source = source
        self.opening = opening
    }

    /// The error as a compiler diagnostic, code `JSONSyntax`: at the error, then at the
    /// opening of what was left unclosed. Without a source there is no location to give, so
    /// pass one when the error came from bytes.
    package func diagnostic(in source: Source? = nil) -> Diagnostic {
        guard let source = source ?? self.source else { return .error(message, at: [], code: .jsonSyntax) }
        var locations = [Location(source: source, range: range)]
        if let opening { locations.append(Location(source: source, range: opening)) }
        return .error(message, at: locations, code: .jsonSyntax)
    }

    /// `name:line:column: message (opened at line:column)` with a source, offsets without.
    package var description: String {
        guard let source else {
            return "offset \(range.start): \(message)" + (opening.map { " (opened at offset \($0.start))" } ?? "")
        }
        let opened = opening.map { " (opened at \(source.position(of: $0.start)))" } ?? ""
        return "\(source.name):\(source.position(of: range.start)): \(message)\(opened)"
    }
}
