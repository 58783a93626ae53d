import BatonDiagnostics
import BatonSyntax

/// A replacement of one range of a host file.
package struct HostEdit: Sendable, Hashable {
    package var range: SourceRange
    package var newText: String

    package init(range: SourceRange, newText: String) {
        self.range = range
        self.newText = newText
    }
}

/// Formatting a host's GraphQL in place: a `.graphql` file whole, a marker's multi-line
/// literal between its delimiters (kept, as is the closing delimiter's indentation, which
/// Swift strips from every line).
package enum LiteralFormatting {
    /// The edit that formats `document`, nil when it is formatted already or its literal
    /// cannot hold the formatted text as written (a single-line literal keeps its one line;
    /// a raw literal whose text would close it early), or the syntax error that stops it.
    package static func edit(for document: HostDocument) -> Formatting<HostEdit?> {
        let formatted: String
        switch DocumentFormatter.format(document.source) {
        case .syntaxError(let error): return .syntaxError(error)
        case .formatted(let text): formatted = text
        }
        guard let literalRange = document.literalRange else {
            let whole = SourceRange(0, document.host.utf8.count)
            return .formatted(formatted == document.host.text ? nil : HostEdit(range: whole, newText: formatted))
        }
        // The literal's value has no final newline: the closing delimiter's line ends it.
        let value = formatted.hasSuffix("\n") ? String(formatted.dropLast()) : formatted
        if value == document.source.text { return .formatted(nil) }
        guard let shape = LiteralShape(document.host.utf8, literalRange), let encoded = shape.encode(value) else {
            return .formatted(nil)
        }
        let lines = encoded.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.isEmpty ? "" : shape.indentation + line
        }
        let newText = lines.joined(separator: "\n") + "\n"
        let range = SourceRange(shape.contentStart, shape.closingDelimiterStart)
        if document.host.slice(range) == newText { return .formatted(nil) }
        return .formatted(HostEdit(range: range, newText: newText))
    }

    /// The edits that format every GraphQL text of `host` whose range meets `range` (all of
    /// them when nil), in order, and the syntax errors of those that do not parse.
    package static func edits(in host: Source, touching range: SourceRange? = nil) -> (
        edits: [HostEdit], errors: [Diagnostic]
    ) {
        var edits: [HostEdit] = []
        var errors: [Diagnostic] = []
        for document in HostFile.documents(for: host).documents {
            if let range {
                let span = document.literalRange ?? SourceRange(0, host.utf8.count)
                guard span.start <= range.end && range.start <= span.end else { continue }
            }
            switch edit(for: document) {
            case .formatted(let edit?): edits.append(edit)
            case .formatted(nil): break
            case .syntaxError(let error): errors.append(error)
            }
        }
        return (edits, errors)
    }

    /// `value` as the text of a Swift `"""` literal spells it: backslashes doubled, and a
    /// `"""` that would close the literal escaped.
    package static func escapedForMultiLineLiteral(_ value: String) -> String {
        value.replacingAll("\\", with: "\\\\").replacingAll("\"\"\"", with: "\\\"\"\"")
    }

    /// `text` with `edits` (in order, not overlapping) applied.
    package static func apply(_ edits: [HostEdit], to text: String) -> String {
        var bytes = Array(text.utf8)
        for edit in edits.sorted(by: { $0.range.start > $1.range.start }) {
            bytes.replaceSubrange(edit.range.start..<edit.range.end, with: Array(edit.newText.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// The delimiters of a multi-line string literal as written in the host.
struct LiteralShape {
    var pounds: Int
    /// Just past the newline that follows the opening `"""`.
    var contentStart: Int
    /// The start of the closing delimiter's line (its indentation included).
    var closingDelimiterStart: Int
    var indentation: String

    init?(_ bytes: [UInt8], _ range: SourceRange) {
        var index = range.start
        var pounds = 0
        while index < range.end && bytes[index] == UInt8(ascii: "#") {
            pounds += 1
            index += 1
        }
        let quote = UInt8(ascii: "\"")
        guard index + 3 <= range.end, bytes[index] == quote, bytes[index + 1] == quote, bytes[index + 2] == quote else {
            return nil
        }
        index += 3
        while index < range.end && (bytes[index] == 0x20 || bytes[index] == 0x09) { index += 1 }
        if index < range.end && bytes[index] == 0x0D { index += 1 }
        guard index < range.end, bytes[index] == 0x0A else { return nil }
        let contentStart = index + 1
        let closing = range.end - 3 - pounds
        guard closing >= contentStart else { return nil }
        var lineStart = closing
        while lineStart > contentStart && bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
        let indentation = bytes[lineStart..<closing]
        guard indentation.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else { return nil }
        // A CRLF file keeps its line ends: refuse rather than mix them.
        guard !bytes[range.start..<range.end].contains(0x0D) else { return nil }
        self.pounds = pounds
        self.contentStart = contentStart
        self.closingDelimiterStart = lineStart
        self.indentation = String(decoding: indentation, as: UTF8.self)
    }

    /// The literal's spelling of `value`, or nil when this literal cannot hold it.
    func encode(_ value: String) -> String? {
        if pounds == 0 { return LiteralFormatting.escapedForMultiLineLiteral(value) }
        let hashes = String(repeating: "#", count: pounds)
        if value.contains("\"\"\"" + hashes) || value.contains("\\" + hashes) { return nil }
        return value
    }
}
