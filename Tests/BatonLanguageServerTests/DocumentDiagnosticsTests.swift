import BatonDiagnostics
import BatonJSON
import Testing

@testable import BatonLanguageServer

#if canImport(Glibc)
    import Glibc
#endif

/// A provider that reports every "bad" in the text, so results follow the text exactly.
let reportBadWords: DocumentDiagnostics.Provider = { document, _ in
    let bytes = document.source.utf8
    var diagnostics: [Diagnostic] = []
    var i = 0
    while i + 3 <= bytes.count {
        if bytes[i] == UInt8(ascii: "b") && bytes[i + 1] == UInt8(ascii: "a") && bytes[i + 2] == UInt8(ascii: "d") {
            diagnostics.append(.error("bad word", at: [Location(source: document.source, range: SourceRange(i, i + 3))], code: .syntax))
        }
        i += 1
    }
    return diagnostics
}

@Suite struct DocumentDiagnosticsTests {
    let uri = "file:///a.graphql"

    func published(_ h: Harness) -> [(version: Int?, ranges: [JSONValue])] {
        h.host.take().compactMap { message in
            guard case .notification("textDocument/publishDiagnostics", let params?) = message else { return nil }
            return (params["version"]?.intValue, (params["diagnostics"]?.arrayValue ?? []).compactMap { $0["range"]?["start"] })
        }
    }

    @Test func pushedOnOpenAndAfterEditsSettle() throws {
        let h = Harness()
        h.server.add(DocumentDiagnostics(delay: 150, provider: reportBadWords))
        let result = try #require(h.initialize())
        #expect(result["capabilities"]?["diagnosticProvider"] == nil)  // this client does not pull
        h.open(uri, "😀 bad")
        h.host.runBackgroundWork(in: .scan)
        let first = published(h)
        #expect(first.map(\.version) == [1])
        #expect(first.first?.ranges == [["line": 0, "character": 3]])

        h.change(uri, version: 2, [Harness.edit(0, 3, 0, 6, "good")])
        h.change(uri, version: 3, [Harness.edit(0, 0, 0, 0, "bad ")])
        #expect(h.host.pendingBackgroundWork == 0)  // waiting for quiet
        // The check on open took far less than 3 ms: the wait is the shortest, not 150 ms.
        #expect(h.host.timers.last?.milliseconds == 10)
        h.host.fireTimers()
        h.host.runBackgroundWork()
        let settled = published(h)
        #expect(settled.map(\.version) == [3])
        #expect(settled.first?.ranges == [["line": 0, "character": 0]])

        h.notify("textDocument/didClose", ["textDocument": ["uri": .string(uri)]])
        let cleared = published(h)
        #expect(cleared.count == 1)
        #expect(cleared.first?.version == nil && cleared.first?.ranges == [])
    }

    @Test func theWaitAfterAnEditIsThreeTimesTheLastCheckWithinItsBounds() {
        let h = Harness()
        let slow: DocumentDiagnostics.Provider = { document, token in
            if document.source.text.contains("slow") { usleep(60_000) }
            return reportBadWords(document, token)
        }
        h.server.add(DocumentDiagnostics(delay: 150, provider: slow))
        h.initialize()
        h.open(uri, "slow bad")
        // Before any check has run there is nothing to measure: the whole delay.
        h.change(uri, version: 2, [["text": "slow bad!"]])
        #expect(h.host.timers.last?.milliseconds == 150)
        h.host.fireTimers()
        h.host.runBackgroundWork()
        // A 60 ms check: three times that is past the bound.
        h.change(uri, version: 3, [["text": "fast bad"]])
        #expect(h.host.timers.last?.milliseconds == 150)
        h.host.fireTimers()
        h.host.runBackgroundWork()
        // A check of well under a millisecond: the shortest wait.
        h.change(uri, version: 4, [["text": "fast good"]])
        #expect(h.host.timers.last?.milliseconds == 10)
        h.host.fireTimers()
        h.host.runBackgroundWork()
        #expect(published(h).last?.version == 4)
    }

    @Test func anEditWhileComputingDropsTheOldResult() {
        let h = Harness()
        h.server.add(DocumentDiagnostics(delay: 100, provider: reportBadWords))
        h.initialize()
        h.open(uri, "bad")  // computing for version 1 ...
        h.change(uri, version: 2, [["text": "fine"]])
        h.host.runBackgroundWork()  // ... finishes after the edit: not published
        #expect(published(h).isEmpty)
        h.host.fireTimers()
        h.host.runBackgroundWork()
        #expect(published(h).map(\.version) == [2])
    }

    func pullingClient(refresh: Bool = true) -> (Harness, DocumentDiagnostics) {
        let h = Harness()
        let diagnostics = DocumentDiagnostics(provider: reportBadWords)
        h.server.add(diagnostics)
        h.request(
            1, "initialize",
            [
                "processId": nil, "rootUri": nil,
                "capabilities": [
                    "textDocument": ["diagnostic": ["dynamicRegistration": false]],
                    "workspace": ["diagnostics": ["refreshSupport": .bool(refresh)]],
                ],
            ])
        #expect(h.answer(1).flatMap { try? $0.get()["capabilities"]?["diagnosticProvider"]?["interFileDependencies"] } == true)
        return (h, diagnostics)
    }

    func pull(_ h: Harness, id: Int, previous: String? = nil) {
        var params: JSONObject = ["textDocument": ["uri": .string(uri)]]
        if let previous { params["previousResultId"] = .string(previous) }
        h.request(id, "textDocument/diagnostic", .object(params))
    }

    @Test func pulledWithResultIDs() throws {
        let (h, _) = pullingClient()
        h.open(uri, "bad bad")
        h.host.runBackgroundWork()
        #expect(published(h).isEmpty)  // nothing pushed to a pulling client
        pull(h, id: 2)
        h.host.runBackgroundWork(in: .request)
        let full = try #require(h.answer(2)).get()
        #expect(full["kind"] == "full")
        #expect(full["items"]?.arrayValue?.count == 2)
        let resultID = try #require(full["resultId"]?.stringValue)

        pull(h, id: 3, previous: resultID)
        #expect(try h.answer(3)?.get() == ["kind": "unchanged", "resultId": .string(resultID)])

        h.change(uri, version: 2, [["text": "ok"]])
        pull(h, id: 4, previous: resultID)
        h.host.runBackgroundWork()
        let changed = try #require(h.answer(4)).get()
        #expect(changed["kind"] == "full")
        #expect(changed["items"] == [])
        #expect(changed["resultId"] != .string(resultID))
    }

    @Test func anEditDuringAPullAsksTheClientToRetrigger() {
        let (h, _) = pullingClient()
        h.open(uri, "bad")
        pull(h, id: 2)
        h.change(uri, version: 2, [["text": "bad bad"]])
        h.host.runBackgroundWork()
        guard case .failure(let error)? = h.answer(2) else {
            Issue.record("a pull over an edited text succeeded")
            return
        }
        #expect(error.code == ResponseError.serverCancelledCode)
        #expect(error.data == ["retriggerRequest": true])
    }

    @Test func refreshAllAsksAPullingClientAndRecomputesPushedOnes() throws {
        let (h, diagnostics) = pullingClient()
        h.open(uri, "bad")
        pull(h, id: 2)
        h.host.runBackgroundWork()
        let resultID = try #require(try h.answer(2)?.get()["resultId"]?.stringValue)
        diagnostics.refreshAll()
        guard case .request(_, "workspace/diagnostic/refresh", _)? = h.host.take().last else {
            Issue.record("no refresh request")
            return
        }
        // Same text, new generation: the old result id no longer holds.
        pull(h, id: 3, previous: resultID)
        h.host.runBackgroundWork()
        #expect(try h.answer(3)?.get()["kind"] == "full")

        let pushed = Harness()
        let pushing = DocumentDiagnostics(delay: 50, provider: reportBadWords)
        pushed.server.add(pushing)
        pushed.initialize()
        pushed.open(uri, "bad")
        pushed.host.runBackgroundWork()
        _ = published(pushed)
        pushing.refreshAll()
        pushed.host.fireTimers()
        pushed.host.runBackgroundWork()
        #expect(published(pushed).map(\.version) == [1])
    }

    @Test func closedDocumentsHaveNothingToShow() throws {
        let (h, _) = pullingClient(refresh: false)
        pull(h, id: 2)
        #expect(try h.answer(2)?.get() == ["kind": "full", "items": []])
    }
}
