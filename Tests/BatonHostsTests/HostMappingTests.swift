import BatonDiagnostics
import BatonHosts
import Testing

@Suite("Literal map: GraphQL offsets to host offsets and back")
struct HostMappingTests {
    static let fixtures = ["Markers.swift", "Escapes.swift", "LiteralForms.swift", "LiteralForms.crlf.swift"]

    /// Every character of every document is spelled in the host where the map says: as the
    /// same bytes, or as an escape (or a CRLF) standing for it; and host offsets only grow.
    @Test(arguments: fixtures)
    func everyCharacterMapsToItsSpelling(name: String) throws {
        let documents = SwiftHostScanner.scan(try fixture(name)).documents
        #expect(!documents.isEmpty)
        for document in documents {
            let text = document.source.utf8
            var previousEnd = -1
            var g = 0
            while g < text.count {
                let width = utf8Width(text[g])
                let host = Location(source: document.source, range: SourceRange(g, g + width)).hostLocation
                let spelled = Array(document.host.utf8[host.range.start..<host.range.end])
                let character = Array(text[g..<(g + width)])
                if spelled != character {
                    let escaped = spelled.first == UInt8(ascii: "\\")
                    let lineBreak = character == [0x0A] && (spelled == [0x0D, 0x0A] || spelled == [0x0D])
                    #expect(
                        escaped || lineBreak,
                        "GraphQL offset \(g) of \(name) maps to \(String(decoding: spelled, as: UTF8.self).debugDescription)")
                }
                #expect(host.range.start >= previousEnd)
                previousEnd = host.range.end
                g += width
            }
        }
    }

    @Test(arguments: fixtures)
    func hostOffsetsRoundTrip(name: String) throws {
        for document in SwiftHostScanner.scan(try fixture(name)).documents {
            let map = try #require(document.source.origin?.map)
            let text = document.source.utf8
            for g in 0...text.count where g == text.count || (text[g] & 0xC0) != 0x80 {
                #expect(map.graphQLOffset(for: map.hostOffset(for: g)) == g)
            }
        }
    }

    @Test func hostOffsetsInsideEscapesAndIndentation() throws {
        let host = "@Query(\"\"\"\n    query Q { a(s: \"\\u{E9}\") }\n    \"\"\") var q: Q"
        let document = try #require(scan(host).documents.first)
        let map = try #require(document.source.origin?.map)
        let bytes = Array(host.utf8)
        let escape = try #require(firstIndex(of: "\\u{E9}", in: bytes))
        let e = try #require(offset(of: "é", in: document))
        // Anywhere inside the escape's spelling is the escaped character.
        for k in escape..<(escape + 6) { #expect(map.graphQLOffset(for: k) == e) }
        #expect(map.graphQLOffset(for: escape + 6) == e + 2)
        // The stripped indentation belongs to the line's first character.
        let lineStart = try #require(firstIndex(of: "    query", in: bytes))
        for k in lineStart...(lineStart + 4) { #expect(map.graphQLOffset(for: k) == 0) }
        // Outside the content: the marker, the delimiters, the closing line.
        #expect(map.graphQLOffset(for: 0) == nil)
        #expect(map.graphQLOffset(for: 7) == nil)
        let closing = try #require(firstIndex(of: "\"\"\")", in: bytes))
        #expect(map.graphQLOffset(for: closing) == nil)
        // The end of the last line is the end of the text.
        #expect(map.graphQLOffset(for: closing - 5) == document.source.utf8.count)
    }

    @Test func utf16PositionsConvertThroughTheMap() throws {
        // What the language server does: host (line, UTF-16 column) → host offset → GraphQL
        // offset → GraphQL (line, UTF-16 column), and back.
        let source = try fixture("Escapes.swift")
        let raw = SwiftHostScanner.scan(source).documents[2]
        let map = try #require(raw.source.origin?.map)
        // `b` after the emoji: column 48 in characters, 49 in UTF-16 units (1-based).
        let hostOffset = source.offset(line: 2, column: 48, in: .utf16)
        let g = try #require(map.graphQLOffset(for: hostOffset))
        #expect(g == offset(of: "b }", in: raw))
        let p = raw.source.position(of: g)
        #expect(p.line == 0 && p.column == 33 && p.utf16Column == 34)
        #expect(source.position(of: map.hostOffset(for: g)).utf16Column == 48)
    }

    @Test func findsTheDocumentUnderAnEditorsCursor() throws {
        let source = try fixture("Markers.swift")
        let documents = SwiftHostScanner.scan(source).documents
        // Line 11, column 11 (1-based) is `name` in the fragment.
        let cursor = source.offset(line: 10, column: 10, in: .utf16)
        let hit = try #require(documents.document(atHostOffset: cursor))
        #expect(hit.document.kind == .fragment)
        #expect(hit.graphQLOffset == offset(of: "name", in: hit.document))
        #expect(hit.document.hostOffset(forGraphQLOffset: hit.graphQLOffset) == cursor)
        // Outside every literal: the `struct` keyword.
        #expect(documents.document(atHostOffset: source.offset(line: 7, column: 0)) == nil)
        // A .graphql file maps one to one.
        let file = HostFile.documents(for: Source(name: "Q.graphql", text: "query Q { a }")).documents
        #expect(file.document(atHostOffset: 10)?.graphQLOffset == 10)
    }

    @Test func diagnosticsInAMarkerRenderAtTheSwiftCharacter() throws {
        let source = try fixture("Markers.swift")
        let fragment = SwiftHostScanner.scan(source).documents[0]
        let status = try #require(offset(of: "status", in: fragment))
        let diagnostic = Diagnostic.error(
            "Cannot query field \"status\"",
            at: [
                Location(source: fragment.source, range: SourceRange(status, status + 6))
            ], code: .fieldsOnCorrectType)
        #expect(diagnostic.rendered(relativeTo: hostFixtures.path) == "Markers.swift:12:11: error: Cannot query field \"status\"")
        #expect(diagnostic.primaryLocation?.hostLocation.source === source)
    }
}

func utf8Width(_ lead: UInt8) -> Int {
    lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
}

func firstIndex(of needle: String, in bytes: [UInt8]) -> Int? {
    let n = Array(needle.utf8)
    guard n.count <= bytes.count else { return nil }
    for i in 0...(bytes.count - n.count) where bytes[i..<(i + n.count)].elementsEqual(n) { return i }
    return nil
}
