import BatonDiagnostics
import BatonJSON
import Testing

@testable import BatonLanguageServer

/// Maps a GraphQL text to the host text where it starts at a fixed offset.
struct ShiftedMapping: SourceMapping {
    let shift: Int
    func hostOffset(for offset: Int) -> Int { offset + shift }
    func graphQLOffset(for hostOffset: Int) -> Int? { hostOffset >= shift ? hostOffset - shift : nil }
}

@Suite struct DiagnosticsPublishingTests {
    @Test func convertsRangesInTheNegotiatedEncoding() {
        let source = Source(name: "/p/a.graphql", text: "# 😀\n{ 😀 bad }")
        let bad = SourceRange(start: 14, end: 17)  // "bad": 7 bytes of line 0, then "{ 😀 " (7 bytes)
        #expect(source.slice(bad) == "bad")
        let diagnostic = Diagnostic.error(
            "Cannot query field \"bad\"", at: [Location(source: source, range: bad)], code: .fieldsOnCorrectType)
        let utf16 = LSPDiagnostic.json(diagnostic, encoding: .utf16)
        #expect(utf16["range"] == ["start": ["line": 1, "character": 5], "end": ["line": 1, "character": 8]])
        #expect(utf16["severity"] == 1)
        #expect(utf16["code"] == "FieldsOnCorrectType")
        #expect(utf16["source"] == "baton")
        #expect(utf16["message"] == "Cannot query field \"bad\"")
        #expect(utf16["relatedInformation"] == nil)
        let utf8 = LSPDiagnostic.json(diagnostic, encoding: .utf8)
        #expect(utf8["range"]?["start"]?["character"] == 7)
        let warning = Diagnostic.warning("w", at: [], code: .unusedFragment)
        #expect(LSPDiagnostic.json(warning, encoding: .utf16)["severity"] == 2)
        #expect(LSPDiagnostic.json(warning, encoding: .utf16)["range"]?["end"] == ["line": 0, "character": 0])
    }

    @Test func marksLiteralsPointIntoTheSwiftFileAndRelatedNodesAreListed() {
        let host = Source(name: "/p/My View.swift", text: "@Fragment(\"\"\"\nfragment F on User { x }\n\"\"\")")
        let graphQL = Source(
            name: "/p/My View.swift#F", text: "fragment F on User { x }",
            origin: SourceOrigin(host: host, map: ShiftedMapping(shift: 14)))
        let other = Source(name: "/p/b.graphql", text: "fragment F on User { y }")
        let diagnostic = Diagnostic.error(
            "There can be only one fragment named \"F\".",
            at: [Location(source: graphQL, range: SourceRange(9, 10)), Location(source: other, range: SourceRange(9, 10))],
            code: .uniqueFragmentNames)
        let json = LSPDiagnostic.json(diagnostic, encoding: .utf16)
        #expect(json["range"]?["start"] == ["line": 1, "character": 9])
        let related = json["relatedInformation"]?[0]
        #expect(related?["location"]?["uri"] == "file:///p/b.graphql")
        #expect(related?["location"]?["range"]?["start"] == ["line": 0, "character": 9])
        #expect(LSPDiagnostic.uri(ofSourceNamed: "/p/My View.swift") == "file:///p/My%20View.swift")
        #expect(LSPDiagnostic.uri(ofSourceNamed: "untitled:Untitled-1") == "untitled:Untitled-1")
    }

    @Test func neverPublishesForAnOutdatedSnapshot() throws {
        let h = Harness()
        h.initialize()
        let uri = "file:///p/a.graphql"
        h.open(uri, "{ a }")
        let first = try #require(h.server.documents[uri])
        #expect(h.server.publishDiagnostics([], for: first))
        guard case .notification("textDocument/publishDiagnostics", let params)? = h.host.take().last else {
            Issue.record("nothing published")
            return
        }
        #expect(params?["uri"]?.stringValue == uri)
        #expect(params?["version"] == 1)
        h.change(uri, version: 2, [["text": "{ b }"]])
        #expect(!h.server.publishDiagnostics([], for: first))
        // Closed and reopened at the same version number: still another text.
        let second = try #require(h.server.documents[uri])
        h.notify("textDocument/didClose", ["textDocument": ["uri": .string(uri)]])
        h.open(uri, "{ b }", version: 2)
        #expect(!h.server.publishDiagnostics([], for: second))
        #expect(!h.server.publishDiagnostics([], forClosedFile: uri))
        #expect(h.server.publishDiagnostics([], forClosedFile: "file:///p/other.graphql"))
        #expect(h.host.take().count == 1)
    }
}

@Suite struct DebouncedDocumentWorkTests {
    /// A server whose feature counts characters of each document after edits settle.
    final class Counting {
        let h = Harness()
        var delivered: [(version: Int, count: Int)] = []
        var work: DebouncedDocumentWork<Int>!

        init() {
            h.initialize()
            work = DebouncedDocumentWork(
                server: h.server, delay: 200,
                work: { document, _ in
                    document.source.utf8.count
                },
                deliver: { [unowned self] document, count in
                    self.delivered.append((document.version, count))
                })
        }

        func edit(_ text: String, version: Int) {
            h.change("file:///a", version: version, [["text": .string(text)]])
            work.documentChanged(h.server.documents["file:///a"]!)
        }
    }

    @Test func onlyTheLastOfABurstOfEditsRuns() {
        let c = Counting()
        c.h.open("file:///a", "")
        for (i, text) in ["a", "ab", "abc"].enumerated() { c.edit(text, version: i + 2) }
        #expect(c.h.host.activeTimers == 1)
        #expect(c.h.host.timers.last?.milliseconds == 200)
        c.h.host.fireTimers()
        #expect(c.h.host.pendingBackgroundWork(in: .scan) == 1)
        c.h.host.runBackgroundWork()
        #expect(c.delivered.map(\.version) == [4])
        #expect(c.delivered.map(\.count) == [3])
        #expect(!c.work.isPending(uri: "file:///a"))
    }

    @Test func anEditCancelsRunningWorkAndItsResultIsDropped() {
        let c = Counting()
        c.h.open("file:///a", "")
        c.edit("first", version: 2)
        c.h.host.fireTimers()
        #expect(c.h.host.pendingBackgroundWork == 1)  // running on a worker
        c.edit("second!", version: 3)  // the next edit arrives meanwhile
        c.h.host.runBackgroundWork()  // the old work finishes: dropped
        #expect(c.delivered.isEmpty)
        c.h.host.fireTimers()
        c.h.host.runBackgroundWork()
        #expect(c.delivered.map(\.version) == [3])
        #expect(c.delivered.map(\.count) == [7])
    }

    @Test func closingDropsEverything() {
        let c = Counting()
        c.h.open("file:///a", "")
        c.edit("x", version: 2)
        c.work.cancel(uri: "file:///a")
        c.h.notify("textDocument/didClose", ["textDocument": ["uri": "file:///a"]])
        c.h.host.fireTimers()
        c.h.host.runBackgroundWork()
        #expect(c.delivered.isEmpty)
        // Work finishing after a close is dropped even without an explicit cancel.
        c.h.open("file:///a", "abc", version: 5)
        c.work.runNow(c.h.server.documents["file:///a"]!)
        c.h.notify("textDocument/didClose", ["textDocument": ["uri": "file:///a"]])
        c.h.host.runBackgroundWork()
        #expect(c.delivered.isEmpty)
    }
}
