import BatonJSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The LSP server: lifecycle, dispatch, cancellation and document sync. It runs on one
/// thread (the host's loop) and knows no GraphQL; features added with `add(_:)` answer the
/// language requests.
package final class LanguageServer {
    package static let name = "baton-lsp"
    package static let version = "0.1.0"

    package enum Lifecycle: Equatable, Sendable {
        /// Waiting for `initialize`: other requests answer ServerNotInitialized.
        case uninitialized
        case running
        /// After `shutdown`: requests answer InvalidRequest; only `exit` matters.
        case shutDown
    }

    package typealias RequestHandler = (RequestContext) -> Void
    package typealias NotificationHandler = (JSONValue?) throws(ResponseError) -> Void

    private unowned let host: ServerHost
    package private(set) var lifecycle = Lifecycle.uninitialized
    /// Negotiated in `initialize`; UTF-16 until then.
    package private(set) var positionEncoding = PositionEncoding.utf16
    package private(set) var clientParams: InitializeParams?
    package private(set) var documents = DocumentStore()
    /// The client's workspace folders, kept current by `workspace/didChangeWorkspaceFolders`.
    package private(set) var workspaceFolders: [WorkspaceFolder] = []
    /// How often the client's process (initialize's `processId`) is checked, in milliseconds.
    package var parentProcessCheckInterval = 3000

    private var framer = MessageFramer()
    private var features: [LanguageFeature] = []
    private var requestHandlers: [String: RequestHandler] = [:]
    private var notificationHandlers: [String: NotificationHandler] = [:]
    /// Requests received and not answered yet, for `$/cancelRequest`.
    private var pending: [RequestID: RequestContext] = [:]
    /// Requests this server sent to the client, waiting for the client's answer.
    private var outgoing: [RequestID: (Result<JSONValue, ResponseError>) -> Void] = [:]
    private var nextOutgoingID = 1
    /// Pending requests whose answer an edit of the document makes stale.
    private var staleOnEdit: [String: [RequestContext]] = [:]
    private var didExit = false

    package init(host: ServerHost) {
        self.host = host
    }

    // MARK: Extension points

    package func add(_ feature: LanguageFeature) {
        features.append(feature)
        feature.attach(to: self)
    }

    /// Handles `method` requests. The built-in lifecycle and sync methods cannot be replaced.
    package func onRequest(_ method: String, _ handler: @escaping RequestHandler) {
        precondition(!Self.builtInMethods.contains(method), "\(method) is handled by the server")
        requestHandlers[method] = handler
    }

    package func onNotification(_ method: String, _ handler: @escaping NotificationHandler) {
        precondition(!Self.builtInMethods.contains(method), "\(method) is handled by the server")
        notificationHandlers[method] = handler
    }

    /// Answers `context` with work done on a worker thread. The work gets the request's
    /// cancellation token to poll; when the request was cancelled meanwhile, its result is
    /// dropped (the client already has its RequestCancelled answer).
    package func respondInBackground(
        _ context: RequestContext,
        _ work: @escaping @Sendable (CancellationToken) -> Result<JSONValue, ResponseError>
    ) {
        let token = context.cancellation
        host.runInBackground(
            lane: .request,
            {
                token.isCancelled ? .failure(.requestCancelled) : work(token)
            },
            completion: { result in
                context.reply(result)
            })
    }

    /// Answers `context` with ContentModified if the document at `uri` is edited before the
    /// answer is ready (a hover or definition computed for text that no longer exists). LSP
    /// clients retry or drop such requests silently. Completion usually should not use this:
    /// clients expect completions to survive the typing that triggered them.
    package func invalidateOnEdit(_ context: RequestContext, uri: String) {
        staleOnEdit[uri, default: []].append(context)
    }

    /// Sends a notification to the client (`textDocument/publishDiagnostics`, `window/logMessage`).
    package func sendNotification(_ method: String, params: JSONValue?) {
        host.send(.notification(method: method, params: params))
    }

    /// `MessageType` of `window/showMessage` and `window/logMessage`.
    package enum MessageType: Int, Sendable {
        case error = 1
        case warning = 2
        case info = 3
        case log = 4
    }

    /// A message the editor shows to the user (a baton.json it cannot read, say).
    package func showMessage(_ type: MessageType, _ message: String) {
        sendNotification("window/showMessage", params: ["type": .number(type.rawValue), "message": .string(message)])
    }

    /// A line in the editor's log for this server.
    package func logMessage(_ type: MessageType, _ message: String) {
        sendNotification("window/logMessage", params: ["type": .number(type.rawValue), "message": .string(message)])
    }

    /// Sends a request to the client; `completion` gets its answer on the loop thread.
    package func sendRequest(_ method: String, params: JSONValue?, completion: @escaping (Result<JSONValue, ResponseError>) -> Void) {
        let id = RequestID.number(nextOutgoingID)
        nextOutgoingID += 1
        outgoing[id] = completion
        host.send(.request(id: id, method: method, params: params))
    }

    package func schedule(after milliseconds: Int, _ action: @escaping () -> Void) -> ScheduledAction {
        host.schedule(after: milliseconds, action)
    }

    package func runInBackground<T: Sendable>(lane: WorkLane, _ work: @escaping @Sendable () -> T, completion: @escaping (T) -> Void) {
        host.runInBackground(lane: lane, work, completion: completion)
    }

    package func log(_ message: String) {
        host.log(message)
    }

    // MARK: Input

    /// Bytes from the client, in any chunking.
    package func receive(_ bytes: UnsafeRawBufferPointer) {
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

    package func receive(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { receive($0) }
    }

    /// The client closed its end. Without `shutdown` first, that is an abnormal end.
    package func receiveEndOfInput() {
        guard !didExit else { return }
        if framer.bufferedByteCount > 0 {
            host.log("input ended inside a message (\(framer.bufferedByteCount) bytes unread)")
        }
        exit()
    }

    /// One message body.
    package func receive(body: [UInt8]) {
        switch JSONRPCMessage.decode(body) {
        case .failure(let failure):
            host.log(failure.error.message)
            host.send(.response(id: failure.id, result: .failure(failure.error)))
        case .success(let message):
            dispatch(message)
        }
    }

    package func dispatch(_ message: JSONRPCMessage) {
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
        "workspace/didChangeWorkspaceFolders", "workspace/didChangeWatchedFiles",
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
        if !staleOnEdit.isEmpty {
            for (uri, contexts) in staleOnEdit where contexts.contains(where: { $0 === context }) {
                let remaining = contexts.filter { $0 !== context }
                staleOnEdit[uri] = remaining.isEmpty ? nil : remaining
            }
        }
        guard !didExit else { return }
        host.send(.response(id: context.id, result: result))
    }

    private func initialize(_ context: RequestContext) {
        guard let params = context.decodeParams(InitializeParams.self) else { return }
        clientParams = params
        positionEncoding = PositionEncoding.negotiate(clientSupports: params.positionEncodings)
        workspaceFolders = params.initialFolders
        lifecycle = .running
        if let pid = params.processId { watchParentProcess(pid) }
        var capabilities: JSONObject = [
            "positionEncoding": .string(positionEncoding.rawValue),
            "textDocumentSync": [
                "openClose": true,
                "change": .number(TextDocumentSyncKind.incremental.rawValue),
                "save": ["includeText": false],
            ],
            "workspace": ["workspaceFolders": ["supported": true, "changeNotifications": true]],
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
                registerFileWatchers()
            case "workspace/didChangeWorkspaceFolders":
                let change = try DidChangeWorkspaceFoldersParams.decode(params: params)
                workspaceFolders.removeAll { folder in change.removed.contains { $0.uri == folder.uri } }
                workspaceFolders += change.added.filter { added in !workspaceFolders.contains { $0.uri == added.uri } }
                for feature in features { feature.workspaceFoldersDidChange(added: change.added, removed: change.removed, server: self) }
            case "workspace/didChangeWatchedFiles":
                let events = try DidChangeWatchedFilesParams.decode(params: params).changes
                for feature in features { feature.watchedFilesDidChange(events, server: self) }
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

    /// Asks the client to watch the files features follow (one registration for all).
    private func registerFileWatchers() {
        var patterns: [String] = []
        for pattern in features.flatMap(\.watchedFilePatterns) where !patterns.contains(pattern) { patterns.append(pattern) }
        guard !patterns.isEmpty else { return }
        guard clientParams?.supportsWatchedFilesRegistration == true else {
            host.log("the client cannot watch files for the server; changes on disk are seen when files are opened")
            return
        }
        let watchers = patterns.map { JSONValue.object(["globPattern": .string($0)]) }
        sendRequest(
            "client/registerCapability",
            params: [
                "registrations": [
                    [
                        "id": "baton-watched-files",
                        "method": "workspace/didChangeWatchedFiles",
                        "registerOptions": ["watchers": .array(watchers)],
                    ]
                ]
            ]
        ) { [weak self] result in
            if case .failure(let error) = result { self?.host.log("file watcher registration refused: \(error.message)") }
        }
    }

    /// LSP: when the process that started the server is gone, the server exits.
    private func watchParentProcess(_ pid: Int) {
        _ = host.schedule(after: parentProcessCheckInterval) { [weak self] in
            guard let self, !self.didExit else { return }
            if kill(pid_t(truncatingIfNeeded: pid), 0) == 0 || errno == EPERM {
                self.watchParentProcess(pid)
            } else {
                self.host.log("the client process \(pid) is gone: exiting")
                self.exit()
            }
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
        for context in staleOnEdit.removeValue(forKey: uri) ?? [] where !context.isAnswered {
            context.markCancelled()
            sendAnswer(context, .failure(.contentModified))
        }
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
