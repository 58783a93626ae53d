import BatonJSON
import Testing

@testable import BatonLanguageServer

@Suite struct LifecycleTests {
    @Test func requestsBeforeInitializeAreRefusedAndNotificationsDropped() {
        let h = Harness()
        h.request(5, "textDocument/hover", [:])
        #expect(h.errorCode(5) == ResponseError.serverNotInitializedCode)
        h.notify(
            "textDocument/didOpen", ["textDocument": ["uri": "file:///a.graphql", "languageId": "graphql", "version": 1, "text": "x"]])
        #expect(h.server.documents.count == 0)
        #expect(h.host.take().isEmpty)
        #expect(h.server.lifecycle == .uninitialized)
    }

    @Test func initializeAdvertisesSyncAndDefaultsToUTF16() throws {
        let h = Harness()
        let result = try #require(h.initialize())
        let capabilities = try #require(result["capabilities"])
        #expect(capabilities["positionEncoding"] == "utf-16")
        #expect(capabilities["textDocumentSync"]?["change"]?.intValue == 2)
        #expect(capabilities["textDocumentSync"]?["openClose"] == true)
        #expect(result["serverInfo"]?["name"] == "baton-lsp")
        // Nothing is advertised that no feature answers.
        #expect(capabilities["hoverProvider"] == nil)
        #expect(capabilities["completionProvider"] == nil)
        #expect(h.server.positionEncoding == .utf16)
    }

    @Test(arguments: [
        (["utf-8", "utf-16"], "utf-8"),
        (["utf-16", "utf-8"], "utf-8"),
        (["utf-32", "utf-16"], "utf-16"),
        ([], "utf-16"),
    ])
    func positionEncodingNegotiation(offered: [String], chosen: String) throws {
        let h = Harness()
        let result = try #require(h.initialize(encodings: offered))
        #expect(result["capabilities"]?["positionEncoding"]?.stringValue == chosen)
        #expect(h.server.positionEncoding.rawValue == chosen)
    }

    @Test func initializeTwiceIsInvalid() {
        let h = Harness()
        h.initialize()
        h.request(2, "initialize", ["processId": nil, "rootUri": nil, "capabilities": [:]])
        #expect(h.errorCode(2) == ResponseError.invalidRequestCode)
    }

    @Test func initializeWithBadParamsIsInvalidParamsAndLeavesTheServerWaiting() {
        let h = Harness()
        h.request(1, "initialize", ["capabilities": ["general": ["positionEncodings": "utf-8"]]])
        guard case .failure(let error)? = h.answer(1) else {
            Issue.record("initialize with bad params succeeded")
            return
        }
        #expect(error.code == ResponseError.invalidParamsCode)
        #expect(error.message.contains("params.capabilities.general.positionEncodings"))
        #expect(h.server.lifecycle == .uninitialized)
    }

    @Test func shutdownThenExitIsCodeZero() {
        let h = Harness()
        h.initialize()
        h.request(2, "shutdown")
        #expect(h.answer(2).flatMap { try? $0.get() } == .null)
        h.request(3, "textDocument/hover", [:])
        #expect(h.errorCode(3) == ResponseError.invalidRequestCode)
        h.request(4, "shutdown")
        #expect(h.errorCode(4) == ResponseError.invalidRequestCode)
        #expect(h.host.exitCode == nil)
        h.notify("exit")
        #expect(h.host.exitCode == 0)
        // Nothing is answered after exit.
        h.request(5, "shutdown")
        #expect(h.host.take().isEmpty)
    }

    @Test func exitWithoutShutdownIsCodeOne() {
        let h = Harness()
        h.initialize()
        h.notify("exit")
        #expect(h.host.exitCode == 1)
    }

    @Test func exitBeforeInitializeIsCodeOne() {
        let h = Harness()
        h.notify("exit")
        #expect(h.host.exitCode == 1)
    }

    @Test func endOfInputEndsTheServer() {
        let h = Harness()
        h.initialize()
        h.request(2, "shutdown")
        h.server.receiveEndOfInput()
        #expect(h.host.exitCode == 0)
        let h2 = Harness()
        h2.initialize()
        h2.server.receiveEndOfInput()
        #expect(h2.host.exitCode == 1)
    }

    @Test func unknownMethodsAndNotifications() {
        let h = Harness()
        h.initialize()
        h.request(7, "baton/nothing", [:])
        guard case .failure(let error)? = h.answer(7) else {
            Issue.record("an unknown method was answered with a result")
            return
        }
        #expect(error.code == ResponseError.methodNotFoundCode)
        #expect(error.message.contains("baton/nothing"))
        h.request(8, "$/unknownRequest")
        #expect(h.errorCode(8) == ResponseError.methodNotFoundCode)
        h.notify("baton/unknownNotification", [:])
        h.notify("$/setTrace", ["value": "off"])
        #expect(h.host.take().isEmpty)
    }

    @Test func malformedMessagesAreAnsweredNotFatal() throws {
        let h = Harness()
        h.initialize()
        h.server.receive(Array("Content-Length: 9\r\n\r\n{\"id\":1,,".utf8))
        h.server.receive(MessageFramer.frame(Array(#"{"id":12,"method":"x"}"#.utf8)))
        h.server.receive(MessageFramer.frame(Array(#"[1,2]"#.utf8)))
        h.server.receive(MessageFramer.frame(Array(#"{"jsonrpc":"2.0","id":13,"method":7}"#.utf8)))
        h.server.receive(MessageFramer.frame(Array(#"{"jsonrpc":"2.0","id":{},"method":"x"}"#.utf8)))
        h.server.receive(Array("Content-Length: x\r\n\r\n".utf8))
        h.server.receive(MessageFramer.frame(Array(#"{"jsonrpc":"2.0","id":14,"method":"shutdown"}"#.utf8)))
        let sent = h.host.take()
        let errors = sent.compactMap { message -> (RequestID?, ResponseError)? in
            if case .response(let id, .failure(let error)) = message { return (id, error) }
            return nil
        }
        #expect(errors.map(\.1.code) == [-32700, -32600, -32600, -32600, -32600, -32700])
        #expect(errors.map(\.0) == [nil, .number(12), nil, .number(13), nil, nil])
        #expect(errors[0].1.message.contains("at byte 8"))
        #expect(errors[1].1.message.contains("jsonrpc"))
        #expect(errors[2].1.message.contains("batches"))
        #expect(errors[5].1.message.contains("Content-Length"))
        // The server still works afterwards.
        #expect(sent.last == .response(id: .number(14), result: .success(.null)))
    }

    @Test func badParamsOfANotificationAreLoggedNotAnswered() {
        let h = Harness()
        h.initialize()
        h.notify("textDocument/didOpen", ["textDocument": ["uri": 5]])
        #expect(h.host.take().isEmpty)
        #expect(h.host.logs.contains { $0.contains("params.textDocument.uri: expected a string, found a number") })
    }

    @Test func clientCapabilitiesByPath() throws {
        let h = Harness()
        h.request(
            1, "initialize",
            [
                "processId": nil, "rootUri": nil,
                "capabilities": ["textDocument": ["completion": ["completionItem": ["snippetSupport": true]]]],
            ])
        _ = h.answer(1)
        let params = try #require(h.server.clientParams)
        #expect(params.clientCapability("textDocument.completion.completionItem.snippetSupport") == true)
        #expect(params.clientCapability("textDocument.hover") == nil)
        #expect(params.clientCapability("textDocument.completion.completionItem.snippetSupport.deeper") == nil)
        h.server.showMessage(.error, "baton.json: bad")
        h.server.logMessage(.info, "loaded")
        #expect(
            h.host.take() == [
                .notification(method: "window/showMessage", params: ["type": 1, "message": "baton.json: bad"]),
                .notification(method: "window/logMessage", params: ["type": 3, "message": "loaded"]),
            ])
    }

    @Test func answersFromTheClientReachTheServersRequest() {
        let h = Harness()
        h.initialize()
        var received: Result<JSONValue, ResponseError>?
        h.server.sendRequest("workspace/configuration", params: ["items": []]) { received = $0 }
        guard case .request(let id, let method, _)? = h.host.take().last else {
            Issue.record("no request sent")
            return
        }
        #expect(method == "workspace/configuration")
        h.server.dispatch(.response(id: id, result: .success([1])))
        #expect(received.flatMap { try? $0.get() } == [1])
    }
}
