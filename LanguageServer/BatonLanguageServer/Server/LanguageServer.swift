import BatonJSON

/// The LSP server: lifecycle, dispatch, cancellation and document sync. It runs on one
/// thread (the host's loop) and knows no GraphQL; features added with `add(_:)` answer the
/// language requests.
public final class LanguageServer {
    public static let name = "baton-lsp"
    public static let version = "0.1.0"

    public enum Lifecycle: Equatable, Sendable {
        /// Waiting for `initialize`: other requests answer ServerNotInitialized.
        case uninitialized
        case running
        /// After `shutdown`: requests answer InvalidRequest; only `exit` matters.
        case shutDown
    }

    public typealias RequestHandler = (RequestContext) -> Void
    public typealias NotificationHandler = (JSONValue?) throws(ResponseError) -> Void

    private unowned let host: ServerHost
    public private(set) var lifecycle = Lifecycle.uninitialized
    /// Negotiated in `initialize`; UTF-16 until then.
    public private(set) var positionEncoding = PositionEncoding.utf16
    public private(set) var clientParams: InitializeParams?
    public private(set) var documents = DocumentStore()

    private var framer = MessageFramer()
    private var features: [LanguageFeature] = []
    private var requestHandlers: [String: RequestHandler] = [:]
    private var notificationHandlers: [String: NotificationHandler] = [:]
    /// Requests received and not answered yet, for `$/cancelRequest`.
    private var pending: [RequestID: RequestContext] = [:]
    /// Requests this server sent to the client, waiting for the client's answer.
    private var outgoing: [RequestID: (Result<JSONValue, ResponseError>) -> Void] = [:]
    private var nextOutgoingID = 1
    private var didExit = false

    public init(host: ServerHost) {
        self.host = host
    }

    // MARK: Extension points

    public func add(_ feature: LanguageFeature) {
        features.append(feature)
        feature.attach(to: self)
    }

    /// Handles `method` requests. The built-in lifecycle and sync methods cannot be replaced.
    public func onRequest(_ method: String, _ handler: @escaping RequestHandler) {
        precondition(!Self.builtInMethods.contains(method), "\(method) is handled by the server")
        requestHandlers[method] = handler
    }

    public func onNotification(_ method: String, _ handler: @escaping NotificationHandler) {
        precondition(!Self.builtInMethods.contains(method), "\(method) is handled by the server")
        notificationHandlers[method] = handler
    }

    /// Answers `context` with work done on a worker thread. The work gets the request's
    /// cancellation token to poll; when the request was cancelled meanwhile, its result is
    /// dropped (the client already has its RequestCancelled answer).
    public func respondInBackground(
        _ context: RequestContext,
        _ work: @escaping @Sendable (CancellationToken) -> Result<JSONValue, ResponseError>
    ) {
        let token = context.cancellation
        host.runInBackground(lane: .request, {
            token.isCancelled ? .failure(.requestCancelled) : work(token)
        }, completion: { result in
            context.reply(result)
        })
    }

    /// Sends a notification to the client (`textDocument/publishDiagnostics`, `window/logMessage`).
    public func sendNotification(_ method: String, params: JSONValue?) {
        host.send(.notification(method: method, params: params))
    }

    /// Sends a request to the client; `completion` gets its answer on the loop thread.
    public func sendRequest(_ method: String, params: JSONValue?, completion: @escaping (Result<JSONValue, ResponseError>) -> Void) {
        let id = RequestID.number(nextOutgoingID)
        nextOutgoingID += 1
        outgoing[id] = completion
        host.send(.request(id: id, method: method, params: params))
    }

    public func schedule(after milliseconds: Int, _ action: @escaping () -> Void) -> ScheduledAction {
        host.schedule(after: milliseconds, action)
    }

    public func runInBackground<T: Sendable>(lane: WorkLane, _ work: @escaping @Sendable () -> T, completion: @escaping (T) -> Void) {
        host.runInBackground(lane: lane, work, completion: completion)
    }

    public func log(_ message: String) {
        host.log(message)
    }

    // MARK: Input

    /// Bytes from the client, in any chunking.
    public func receive(_ bytes: UnsafeRawBufferPointer) {
        for event in framer.append(bytes) {
            guard !didExit else { return }
            switch event {
            case .message(let body):
                receive(body: body)
            case .badHeader(let detail):
                // The message's id is unknowable; JSON-RPC answers such errors with id null.
                host.log("bad message header: \(detail)")
                host.send(.response(id: nil, result: .failure(.parseError("Parse error: bad message header: \(detail)"))))
            }
        }
    }

    public func receive(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { receive($0) }
    }

    /// The client closed its end. Without `shutdown` first, that is an abnormal end.
    public func receiveEndOfInput() {
        guard !didExit else { return }
        if framer.bufferedByteCount > 0 {
            host.log("input ended inside a message (\(framer.bufferedByteCount) bytes unread)")
        }
        exit()
    }

    /// One message body.
    public func receive(body: [UInt8]) {
        switch JSONRPCMessage.decode(body) {
        case .failure(let failure):
            host.log(failure.error.message)
            host.send(.response(id: failure.id, result: .failure(failure.error)))
        case .success(let message):
            dispatch(message)
        }
    }

    public func dispatch(_ message: JSONRPCMessage) {
        guard !didExit else { return }
        switch message {
        case .request(let id, let method, let params):
            handleRequest(RequestContext(id: id, method: method, params: params, server: self))
        case .notification(let method, let params):
            handleNotification(method, params)
        case .response(let id, let result):
            guard let id, let completion = outgoing.removeValue(forKey: id) else {
                host.log("answer to an unknown request \(id.map(\.description) ?? "null")")
                return
            }
            completion(result)
        }
    }

    // MARK: Requests

    private static let builtInMethods: Set<String> = [
        "initialize", "initialized", "shutdown", "exit", "$/cancelRequest",
        "textDocument/didOpen", "textDocument/didChange", "textDocument/didClose", "textDocument/didSave",
    ]

    private func handleRequest(_ context: RequestContext) {
        if pending[context.id] != nil {
            host.log("request id \(context.id) reused while the first is still pending")
        }
        pending[context.id] = context
        switch (lifecycle, context.method) {
        case (.uninitialized, "initialize"):
            initialize(context)
        case (.uninitialized, _):
            context.reply(error: .serverNotInitialized)
        case (.shutDown, _):
            context.reply(error: .invalidRequest("The server is shut down; only exit is accepted"))
        case (.running, "initialize"):
            context.reply(error: .invalidRequest("initialize may only be sent once"))
        case (.running, "shutdown"):
            lifecycle = .shutDown
            for other in pending.values where other !== context {
                other.markCancelled()
                sendAnswer(other, .failure(.requestCancelled))
            }
            context.reply(.null)
        case (.running, let method):
            guard let handler = requestHandlers[method] else {
                context.reply(error: .methodNotFound(method))
                return
            }
            handler(context)
        }
    }

    /// Called by `RequestContext.reply`.
    func finish(_ context: RequestContext, with result: Result<JSONValue, ResponseError>) {
        sendAnswer(context, result)
    }

    private func sendAnswer(_ context: RequestContext, _ result: Result<JSONValue, ResponseError>) {
        if pending[context.id] === context { pending[context.id] = nil }
        guard !didExit else { return }
        host.send(.response(id: context.id, result: result))
    }

    private func initialize(_ context: RequestContext) {
        guard let params = context.decodeParams(InitializeParams.self) else { return }
        clientParams = params
        positionEncoding = PositionEncoding.negotiate(clientSupports: params.positionEncodings)
        lifecycle = .running
        var capabilities: JSONObject = [
            "positionEncoding": .string(positionEncoding.rawValue),
            "textDocumentSync": [
                "openClose": true,
                "change": .number(TextDocumentSyncKind.incremental.rawValue),
                "save": ["includeText": false],
            ],
        ]
        for feature in features {
            for member in feature.capabilities(for: params).members {
                capabilities[member.key] = member.value
            }
        }
        context.reply([
            "capabilities": .object(capabilities),
            "serverInfo": ["name": .string(Self.name), "version": .string(Self.version)],
        ])
    }

    // MARK: Notifications

    private func handleNotification(_ method: String, _ params: JSONValue?) {
        if method == "exit" {
            exit()
            return
        }
        // Before initialize, notifications are dropped (LSP); after shutdown, only exit counts.
        guard lifecycle == .running else { return }
        do throws(ResponseError) {
            switch method {
            case "initialized":
                break
            case "$/cancelRequest":
                cancel(try CancelParams.decode(params: params).id)
            case "textDocument/didOpen":
                didOpen(try DidOpenTextDocumentParams.decode(params: params))
            case "textDocument/didChange":
                didChange(try DidChangeTextDocumentParams.decode(params: params))
            case "textDocument/didClose":
                didClose(try DidCloseTextDocumentParams.decode(params: params))
            case "textDocument/didSave":
                didSave(try DidSaveTextDocumentParams.decode(params: params))
            default:
                // Unknown notifications are ignored (`$/` ones explicitly may be, LSP says).
                try notificationHandlers[method]?(params)
            }
        } catch {
            host.log("\(method): \(error.message)")
        }
    }

    private func cancel(_ id: RequestID) {
        // Cancelling an answered or unknown request does nothing (it raced with the answer).
        guard let context = pending[id], !context.isAnswered else { return }
        context.markCancelled()
        sendAnswer(context, .failure(.requestCancelled))
    }

    private func exit() {
        guard !didExit else { return }
        didExit = true
        let code: Int32 = lifecycle == .shutDown ? 0 : 1
        for context in pending.values { context.markCancelled() }
        pending.removeAll()
        host.exit(code: code)
    }

    // MARK: Text synchronization

    private func didOpen(_ params: DidOpenTextDocumentParams) {
        let item = params.textDocument
        let document = TextDocument(uri: item.uri, languageID: item.languageId, version: item.version, text: item.text)
        if documents[item.uri] != nil { host.log("didOpen of \(item.uri), which is already open: replacing it") }
        documents.open(document)
        for feature in features { feature.documentDidOpen(document, server: self) }
    }

    private func didChange(_ params: DidChangeTextDocumentParams) {
        let uri = params.textDocument.uri
        guard let previous = documents[uri] else {
            host.log("didChange of \(uri), which is not open: ignored")
            return
        }
        if params.textDocument.version <= previous.version {
            host.log("didChange of \(uri) to version \(params.textDocument.version) after version \(previous.version)")
        }
        let document = previous.applying(params.contentChanges, version: params.textDocument.version, encoding: positionEncoding)
        documents.replace(document)
        for feature in features { feature.documentDidChange(document, previous: previous, server: self) }
    }

    private func didClose(_ params: DidCloseTextDocumentParams) {
        guard let document = documents.close(params.textDocument.uri) else {
            host.log("didClose of \(params.textDocument.uri), which is not open: ignored")
            return
        }
        for feature in features { feature.documentDidClose(document, server: self) }
    }

    private func didSave(_ params: DidSaveTextDocumentParams) {
        guard let document = documents[params.textDocument.uri] else { return }
        for feature in features { feature.documentDidSave(document, server: self) }
    }
}
