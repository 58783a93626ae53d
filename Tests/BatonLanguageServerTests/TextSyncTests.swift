import BatonDiagnostics
import BatonJSON
import Testing

@testable import BatonLanguageServer

/// Records the document events the server passes to features.
final class DocumentEventRecorder: LanguageFeature {
    var events: [String] = []
    func documentDidOpen(_ document: TextDocument, server: LanguageServer) { events.append("open \(document.version)") }
    func documentDidChange(_ document: TextDocument, previous: TextDocument, server: LanguageServer) {
        events.append("change \(previous.version)->\(document.version)")
    }
    func documentDidSave(_ document: TextDocument, server: LanguageServer) { events.append("save \(document.version)") }
    func documentDidClose(_ document: TextDocument, server: LanguageServer) { events.append("close \(document.version)") }
}

@Suite struct TextSyncTests {
    let uri = "file:///work/My%20App/query.graphql"

    func text(_ h: Harness) -> String? { h.server.documents[uri]?.source.text }

    @Test func openKeepsASourceNamedByItsPath() throws {
        let h = Harness()
        h.initialize()
        h.open(uri, "query { a }", version: 3)
        let document = try #require(h.server.documents[uri])
        #expect(document.version == 3)
        #expect(document.languageID == "graphql")
        #expect(document.source.name == "/work/My App/query.graphql")
        #expect(document.source.text == "query { a }")
    }

    /// UTF-16 columns count an emoji as two units; the edit must land on the right bytes.
    @Test func incrementalEditsWithUTF16PositionsAroundEmoji() {
        let h = Harness()
        h.initialize()
        h.open(uri, "# 😀 é\nquery { 🎉a b }\nx")
        // Line 1 is "query { 🎉a b }": 🎉 is UTF-16 columns 8-9, "a" is column 10.
        h.change(uri, version: 2, [Harness.edit(1, 10, 1, 11, "name")])
        #expect(text(h) == "# 😀 é\nquery { 🎉name b }\nx")
        // Replace "é" (line 0, UTF-16 column 5) and insert after the emoji on line 0 (column 4).
        h.change(uri, version: 3, [Harness.edit(0, 5, 0, 6, "e"), Harness.edit(0, 4, 0, 4, "!")])
        #expect(text(h) == "# 😀! e\nquery { 🎉name b }\nx")
        // A multi-line edit from inside line 0 to inside line 2.
        h.change(uri, version: 4, [Harness.edit(0, 2, 2, 0, "")])
        #expect(text(h) == "# x")
        #expect(h.server.documents[uri]?.version == 4)
    }

    @Test func incrementalEditsWithUTF8Positions() {
        let h = Harness()
        h.initialize(encodings: ["utf-8"])
        h.open(uri, "a😀b\nc")
        // "b" is at UTF-8 column 5 (the emoji takes 4 bytes).
        h.change(uri, version: 2, [Harness.edit(0, 5, 0, 6, "B")])
        #expect(text(h) == "a😀B\nc")
    }

    @Test func positionsPastTheEndClampAndNewlinesAreCounted() {
        let h = Harness()
        h.initialize()
        h.open(uri, "ab\r\ncd")
        // Character past the end of line 0 means its end (before \r\n).
        h.change(uri, version: 2, [Harness.edit(0, 99, 0, 99, "!")])
        #expect(text(h) == "ab!\r\ncd")
        // A line past the end means the end of the text.
        h.change(uri, version: 3, [Harness.edit(7, 0, 9, 0, "?")])
        #expect(text(h) == "ab!\r\ncd?")
        // Reversed ranges are read as the range between the two positions.
        h.change(uri, version: 4, [Harness.edit(1, 2, 1, 0, "")])
        #expect(text(h) == "ab!\r\n?")
    }

    /// An edit between a letter and its combining mark splits the character, not the scalars.
    @Test func editsInsideAGraphemeCluster() {
        let h = Harness()
        h.initialize()
        h.open(uri, "ae\u{301}x")
        h.change(uri, version: 2, [Harness.edit(0, 2, 0, 2, "|")])
        #expect(h.server.documents[uri]?.source.text.unicodeScalars.map(\.value) == [0x61, 0x65, 0x7C, 0x301, 0x78])
    }

    @Test func fullChangeAndMixedChanges() {
        let h = Harness()
        h.initialize()
        h.open(uri, "old")
        h.change(uri, version: 2, [["text": "new text"], Harness.edit(0, 0, 0, 3, "NEW")])
        #expect(text(h) == "NEW text")
    }

    @Test func convertsOffsetsBackToPositions() {
        let source = Source(name: "x", text: "a😀b\né")
        let b = 5  // UTF-8 offset of "b"
        #expect(PositionConverter.position(of: b, in: source, encoding: .utf16) == Position(line: 0, character: 3))
        #expect(PositionConverter.position(of: b, in: source, encoding: .utf8) == Position(line: 0, character: 5))
        #expect(PositionConverter.position(of: b, in: source, encoding: .utf32) == Position(line: 0, character: 2))
        #expect(PositionConverter.position(of: source.utf8.count, in: source, encoding: .utf8) == Position(line: 1, character: 2))
        for encoding in PositionEncoding.allCases {
            let position = PositionConverter.position(of: b, in: source, encoding: encoding)
            #expect(PositionConverter.offset(of: position, in: source, encoding: encoding) == b)
        }
    }

    @Test func closeSaveAndEventsReachFeatures() {
        let h = Harness()
        let recorder = DocumentEventRecorder()
        h.server.add(recorder)
        h.initialize()
        h.open(uri, "x")
        h.change(uri, version: 2, [["text": "y"]])
        h.notify("textDocument/didSave", ["textDocument": ["uri": .string(uri)]])
        h.notify("textDocument/didClose", ["textDocument": ["uri": .string(uri)]])
        #expect(recorder.events == ["open 1", "change 1->2", "save 2", "close 2"])
        #expect(h.server.documents[uri] == nil)
        // Edits to a closed (or never opened) document are ignored, not fatal.
        h.change(uri, version: 3, [["text": "z"]])
        #expect(h.server.documents[uri] == nil)
        #expect(recorder.events.count == 4)
        #expect(h.host.take().isEmpty)
    }

    @Test func snapshotsStayUnchangedAfterEdits() throws {
        let h = Harness()
        h.initialize()
        h.open(uri, "first")
        let before = try #require(h.server.documents[uri])
        h.change(uri, version: 2, [Harness.edit(0, 0, 0, 5, "second")])
        #expect(before.source.text == "first")
        #expect(before.version == 1)
        #expect(text(h) == "second")
    }

    @Test func aLargeDocumentThroughTheWire() throws {
        let h = Harness()
        h.initialize()
        let line = "query Q { field(arg: \"é😀\") { id } }\n"
        let big = String(repeating: line, count: 100_000)  // about 4 MB
        let open: JSONValue = [
            "jsonrpc": "2.0", "method": "textDocument/didOpen",
            "params": ["textDocument": ["uri": .string(uri), "languageId": "graphql", "version": 1, "text": .string(big)]],
        ]
        h.server.receive(MessageFramer.frame(open.serializedBytes()))
        let document = try #require(h.server.documents[uri])
        #expect(document.source.utf8.count == big.utf8.count)
        #expect(document.source.lineCount == 100_001)
        h.change(uri, version: 2, [Harness.edit(99_999, 0, 99_999, 5, "mutation")])
        #expect(h.server.documents[uri]?.source.text.hasSuffix("mutation Q { field(arg: \"é😀\") { id } }\n") == true)
    }
}
