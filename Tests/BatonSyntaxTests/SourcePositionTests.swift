import BatonDiagnostics
import Testing

@testable import BatonSyntax

/// Columns on lines with non-ASCII text: Unicode scalars (graphql-core's column) and UTF-16
/// code units (the language server's), both derived from UTF-8 offsets.
@Suite struct SourcePositionTests {
    // Line 2 holds é (2 bytes, 1 UTF-16 unit), 中文 (3 bytes each, 1 unit) and 😀 (4 bytes, 2 units).
    let source = Source(name: "u.graphql", text: "{\n  a(s: \"é中文😀\") b\r\n  c\r}")

    func offset(of needle: String) -> Int {
        let bytes = Array(source.utf8)
        let n = Array(needle.utf8)
        for i in 0...(bytes.count - n.count) where Array(bytes[i..<(i + n.count)]) == n { return i }
        return -1
    }

    @Test func columnsCountScalarsAndUTF16Units() {
        let b = offset(of: " b") + 1
        let position = source.position(of: b)
        #expect(position.line == 1)
        // `  a(s: "` is 8 scalars, then é 中 文 😀 `"` `)` and a space: b is the 16th scalar.
        #expect(position.column == 15)
        #expect(position.utf16Column == 16)
        #expect(position.description == "2:16")
        let emoji = offset(of: "😀")
        #expect(source.position(of: emoji).column == 11)
        #expect(source.position(of: emoji + 4).utf16Column == 13)
    }

    @Test func offsetsComeBackFromEitherColumnKind() {
        let b = offset(of: " b") + 1
        #expect(source.offset(line: 1, column: 15, in: .scalars) == b)
        #expect(source.offset(line: 1, column: 16, in: .utf16) == b)
        #expect(source.offset(line: 1, column: b - source.lineStarts[1], in: .utf8) == b)
        // Past the end of the line: its end, before the `\r\n`.
        #expect(source.offset(line: 1, column: 99) == source.lineEnd(1))
        #expect(source.slice(SourceRange(source.lineStarts[1], source.lineEnd(1))) == "  a(s: \"é中文😀\") b")
    }

    @Test func lineTerminatorsAreLFCRLFAndCR() {
        #expect(source.lineCount == 4)
        #expect(source.position(of: offset(of: "c")).description == "3:3")
        #expect(source.position(of: offset(of: "}")).description == "4:1")
    }

    @Test func diagnosticsOnNonASCIILinesUseScalarColumns() throws {
        let result = Parser.parse(Source(name: "e.graphql", text: "{ a(s: \"😀中\") ? }"))
        let location = try #require(result.diagnostics.first?.primaryLocation)
        #expect(location.start.column + 1 == 14)
        #expect(location.start.utf16Column + 1 == 15)
    }

    @Test func nodeRangesAreUTF8Offsets() throws {
        let source = Source(name: "r.graphql", text: "{ a(s: \"😀\") @d { b } }")
        let operation = try #require(Parser.parse(source).document.operations.first)
        guard case .field(let field) = operation.selectionSet.selections[0] else {
            Issue.record("field")
            return
        }
        #expect(source.slice(field.range) == "a(s: \"😀\") @d { b }")
        #expect(field.range.start == 2)
        #expect(field.arguments[0].value.range == SourceRange(7, 13))
        #expect(source.slice(field.directives[0].range) == "@d")
    }
}
