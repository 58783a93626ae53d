import BatonDiagnostics

/// One open editor buffer: an immutable `Source` snapshot and the version the client gave
/// it. Edits make a new snapshot, so work started on an older one (on a worker thread) keeps
/// a consistent text and can tell by the version that it is stale.
package struct TextDocument: Sendable {
    package let uri: String
    package let languageID: String
    package let version: Int
    package let source: Source

    package init(uri: String, languageID: String, version: Int, text: String) {
        self.uri = uri
        self.languageID = languageID
        self.version = version
        self.source = Source(name: DocumentURI.displayName(of: uri), text: text)
    }

    init(uri: String, languageID: String, version: Int, source: Source) {
        self.uri = uri
        self.languageID = languageID
        self.version = version
        self.source = source
    }

    /// The document after a `didChange`'s edits, applied in order (each edit's positions refer
    /// to the text left by the previous one). An edit without a range replaces the whole text.
    package func applying(_ changes: [TextDocumentContentChangeEvent], version: Int, encoding: PositionEncoding) -> TextDocument {
        var source = self.source
        for change in changes {
            guard let range = change.range else {
                source = Source(name: source.name, text: change.text)
                continue
            }
            let a = PositionConverter.offset(of: range.start, in: source, encoding: encoding)
            let b = PositionConverter.offset(of: range.end, in: source, encoding: encoding)
            let start = min(a, b)
            let end = max(a, b)
            // Offsets from `Source.offset` fall on character boundaries, so the spliced pieces
            // are valid text: appending substrings copies them without validating 10 MB again.
            let text = source.text
            let utf8 = text.utf8
            let lower = utf8.index(utf8.startIndex, offsetBy: start)
            let upper = utf8.index(utf8.startIndex, offsetBy: end)
            var spliced = ""
            spliced.reserveCapacity(utf8.count - (end - start) + change.text.utf8.count)
            spliced.append(contentsOf: text[..<lower])
            spliced.append(contentsOf: change.text)
            spliced.append(contentsOf: text[upper...])
            source = Source(name: source.name, text: spliced)
        }
        return TextDocument(uri: uri, languageID: languageID, version: version, source: source)
    }
}

/// Conversions between LSP positions and the UTF-8 offsets the compiler core uses.
package enum PositionConverter {
    /// The UTF-8 offset of an LSP position. Per LSP, a character past the end of its line
    /// means the line's end; a line past the end means the end of the text. A UTF-16 position
    /// inside a surrogate pair lands after the character.
    package static func offset(of position: Position, in source: Source, encoding: PositionEncoding) -> Int {
        source.offset(line: position.line, column: position.character, in: encoding.columnUnit)
    }

    /// The LSP position of a UTF-8 offset.
    package static func position(of offset: Int, in source: Source, encoding: PositionEncoding) -> Position {
        let p = source.position(of: offset)
        switch encoding {
        case .utf16: return Position(line: p.line, character: p.utf16Column)
        case .utf32: return Position(line: p.line, character: p.column)
        case .utf8:
            let clamped = max(0, min(offset, source.utf8.count))
            return Position(line: p.line, character: clamped - source.lineStarts[p.line])
        }
    }

    package static func range(of range: SourceRange, in source: Source, encoding: PositionEncoding) -> Range {
        Range(
            start: position(of: range.start, in: source, encoding: encoding),
            end: position(of: range.end, in: source, encoding: encoding))
    }
}
