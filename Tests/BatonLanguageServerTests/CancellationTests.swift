import BatonJSON
import Testing

@testable import BatonLanguageServer

/// A feature that answers `test/echo` on a worker, the way language features will.
final class EchoFeature: LanguageFeature {
    func capabilities(for client: InitializeParams) -> JSONObject { ["experimental": ["echo": true]] }

    func attach(to server: LanguageServer) {
        // Like hover: computed for one document's text, stale once it is edited.
        server.onRequest("test/lengthOf") { context in
            guard let params = context.decodeParams(TextDocumentIdentifier.self),
                let document = server.documents[params.uri]
            else {
                context.reply(error: .invalidParams("unknown document"))
                return
            }
            server.invalidateOnEdit(context, uri: params.uri)
            server.respondInBackground(context) { _ in .success(.number(document.source.utf8.count)) }
        }
        server.onRequest("test/echo") { context in
            let params = context.params ?? .null
            server.respondInBackground(context) { token in
                token.isCancelled ? .failure(.requestCancelled) : .success(params)
            }
        }
    }
}

@Suite struct CancellationTests {
    func harness() -> Harness {
        let h = Harness()
        h.server.add(EchoFeature())
        h.initialize()
        return h
    }

    @Test func featureCapabilitiesAreMerged() throws {
        let h = Harness()
        h.server.add(EchoFeature())
        let result = try #require(h.initialize())
        #expect(result["capabilities"]?["experimental"]?["echo"] == true)
        #expect(result["capabilities"]?["textDocumentSync"] != nil)
    }

    @Test func backgroundWorkAnswersOnTheLoop() {
        let h = harness()
        h.request(10, "test/echo", ["x": 1])
        #expect(h.host.take().isEmpty)
        #expect(h.host.pendingBackgroundWork == 1)
        h.host.runBackgroundWork()
        #expect(h.answer(10).flatMap { try? $0.get() } == ["x": 1])
    }

    @Test func cancelledRequestAnswersRequestCancelledOnce() {
        let h = harness()
        h.request(10, "test/echo", ["x": 1])
        h.request(11, "test/echo", ["y": 2])
        h.notify("$/cancelRequest", ["id": 10])
        #expect(h.errorCode(10) == ResponseError.requestCancelledCode)
        h.host.runBackgroundWork()
        // The cancelled one stays answered once; the other gets its result.
        let sent = h.host.take()
        #expect(sent == [.response(id: .number(11), result: .success(["y": 2]))])
    }

    @Test func cancelByStringIDAndUnknownIDs() {
        let h = harness()
        h.server.dispatch(.request(id: .string("abc"), method: "test/echo", params: [:]))
        h.notify("$/cancelRequest", ["id": 99])
        h.notify("$/cancelRequest", ["id": "zzz"])
        #expect(h.host.take().isEmpty)
        h.notify("$/cancelRequest", ["id": "abc"])
        #expect(h.host.take() == [.response(id: .string("abc"), result: .failure(.requestCancelled))])
        h.host.runBackgroundWork()
        #expect(h.host.take().isEmpty)
    }

    @Test func cancelAfterTheAnswerDoesNothing() {
        let h = harness()
        h.request(10, "test/echo", [:])
        h.host.runBackgroundWork()
        #expect(h.answer(10) != nil)
        h.notify("$/cancelRequest", ["id": 10])
        #expect(h.host.take().isEmpty)
    }

    @Test func anEditMakesPendingAnswersForThatDocumentContentModified() {
        let h = harness()
        h.open("file:///a", "abc")
        h.open("file:///b", "xy")
        h.request(20, "test/lengthOf", ["textDocument": ["uri": "file:///a"], "uri": "file:///a"])
        h.request(21, "test/lengthOf", ["uri": "file:///b"])
        h.change("file:///a", version: 2, [["text": "abcd"]])
        #expect(h.host.take() == [.response(id: .number(20), result: .failure(.contentModified))])
        h.host.runBackgroundWork()
        #expect(h.host.take() == [.response(id: .number(21), result: .success(2))])
        // Answered requests are forgotten: a later edit sends nothing.
        h.request(22, "test/lengthOf", ["uri": "file:///a"])
        h.host.runBackgroundWork()
        #expect(h.answer(22).flatMap { try? $0.get() } == 4)
        h.change("file:///a", version: 3, [["text": "abcde"]])
        #expect(h.host.take().isEmpty)
    }

    @Test func shutdownCancelsWhatIsStillRunning() {
        let h = harness()
        h.request(10, "test/echo", [:])
        h.request(11, "shutdown")
        let sent = h.host.take()
        #expect(
            sent == [
                .response(id: .number(10), result: .failure(.requestCancelled)),
                .response(id: .number(11), result: .success(.null)),
            ])
        h.host.runBackgroundWork()
        #expect(h.host.take().isEmpty)
    }
}
