import Foundation

/// A `Transport` speaking graphql-transport-ws over one WebSocket: `connection_init` (with the
/// connection params, asked for per connection) and `connection_ack`, then each `send` is a
/// `subscribe` with a fresh id, answered by `next` payloads and ended by `complete` or `error`.
/// Many streams share the connection. It opens on the first send, closes after `idleTimeout`
/// with no stream, and is opened again by the next send after it dropped; streams open at a drop
/// fail with a `TransportError` (status 0), so a subscription's backoff can resume them; a server's
/// close with 4401 (Unauthorized) or 4403 (Forbidden) fails them with status 401 or 403, so an
/// exchange can renew credentials and replay. A connection the server has been silent on for
/// `keepAlive` is pinged; no answer within `pongTimeout` and it is dead: its streams fail (status 0).
///
/// A query or mutation works too (one `next`, then `complete`). Persisted documents are not sent
/// over the socket (graphql-transport-ws carries `query` text): such a request fails at once.
///
/// Released, it closes its connection (streams still open on it fail).
///
/// The socket is its `client`'s (a `WebSocketClient`): BatonSockets' libuv socket (whose
/// `GraphQLTransportWebSocket(url:…)` picks it), `URLSessionWebSocketClient` on Apple platforms,
/// or a test's in-memory one. Everything above the socket (the protocol's messages, ids, the
/// acknowledgement, keep-alive, renewal) is here, the same over each.
public final class GraphQLTransportWebSocket: Transport {
    public struct Options: Sendable {
        /// From `connection_init` to the server's `connection_ack`; also how long the connection
        /// params may take to come.
        public var ackTimeout: Duration
        /// How long a connection without streams stays open.
        public var idleTimeout: Duration
        /// The socket's waits and limits, handed to the client at each connect.
        public var socket: WebSocketOptions
        /// After this long without a message from the server, the client sends a graphql-transport-ws
        /// `ping` (silence is checked once each interval); nil sends none.
        public var keepAlive: Duration?
        /// From a keep-alive ping to any message from the server (its `pong`); past it the
        /// connection is taken for dead and its streams fail with a transport error.
        public var pongTimeout: Duration

        public init(
            ackTimeout: Duration = .seconds(10), idleTimeout: Duration = .seconds(30), socket: WebSocketOptions = .init(),
            keepAlive: Duration? = .seconds(20), pongTimeout: Duration = .seconds(10)
        ) {
            self.ackTimeout = ackTimeout
            self.idleTimeout = idleTimeout
            self.socket = socket
            self.keepAlive = keepAlive
            self.pongTimeout = pongTimeout
        }
    }

    public let url: URL
    private let connections: Connections
    private let nextID = Locked(0)

    /// - Parameters:
    ///   - url: the server's `ws://` or `wss://` endpoint.
    ///   - headers: sent with each connection's upgrade request (graphql-transport-ws's own
    ///     credentials go in `connectionParams`).
    ///   - connectionParams: the `connection_init` payload, asked for each time a connection
    ///     opens (so a rotated token needs no new transport).
    ///   - encoding: the request's JSON, sent as the `subscribe` payload.
    ///   - options: the protocol's waits, and the socket's (`socket`) handed to the client.
    ///   - client: what opens each connection.
    public init(
        url: URL, headers: [String: String] = [:], connectionParams: (@Sendable () async -> [String: String])? = nil,
        encoding: Encoding = .standard, options: Options = Options(), client: any WebSocketClient
    ) {
        self.url = url
        connections = Connections(
            url: url, headers: headers, connectionParams: connectionParams, encoding: encoding, options: options, client: client)
    }

    public func send(_ request: Request) -> AsyncThrowingStream<Payload, any Error> {
        let (stream, continuation) = AsyncThrowingStream<Payload, any Error>.makeStream()
        if case .persisted(let documentID) = request.document {
            continuation.finish(
                throwing: TransportError(
                    statusCode: 0,
                    message:
                        "\(request.operationName): a persisted document (\(documentID)) cannot be sent over graphql-transport-ws, which carries query text"
                ))
            return stream
        }
        let id = nextID.withLock { next in
            next += 1
            return String(next)
        }
        let connections = self.connections
        let task = Task { await connections.subscribe(id: id, request: request, continuation: continuation) }
        continuation.onTermination = { termination in
            guard case .cancelled = termination else { return }
            task.cancel()
            Task { await connections.cancel(id: id) }
        }
        return stream
    }

    deinit {
        // The reader task keeps the connection's actor alive; without this the socket would stay
        // open until its idle timeout.
        let connections = self.connections
        Task { await connections.closeNow() }
    }

    /// Closes the connection, if one is open; streams on it fail. The next send opens another.
    public func close() async {
        await connections.closeNow()
    }

    /// Whether a connection is open now (for tests and diagnostics).
    public var isConnected: Bool {
        get async { await connections.isConnected }
    }

    /// How many connections this transport has opened.
    public var connectionCount: Int {
        get async { await connections.opened }
    }
}

/// The connection behind a `GraphQLTransportWebSocket` and its streams, on one actor.
private actor Connections {
    /// One open connection. Its state is touched only on the actor.
    final class Link: @unchecked Sendable {
        let socket: any WebSocketConnection
        var acked = false
        var ackWaiter: CheckedContinuation<Void, any Error>?
        var streams: [String: AsyncThrowingStream<Payload, any Error>.Continuation] = [:]
        var idle: Task<Void, Never>?
        var keepAlive: Task<Void, Never>?
        /// Messages read from the server: the keep-alive's sign of life.
        var received = 0
        var ended = false
        /// Why it ended, for a stream that comes to it after.
        var failure: TransportError?

        init(socket: any WebSocketConnection) { self.socket = socket }
    }

    let url: URL
    let headers: [String: String]
    let connectionParams: (@Sendable () async -> [String: String])?
    let encoding: Encoding
    let options: GraphQLTransportWebSocket.Options
    let client: any WebSocketClient
    private var current: Link?
    private var connecting: Task<Link, any Error>?
    private(set) var opened = 0

    init(
        url: URL, headers: [String: String], connectionParams: (@Sendable () async -> [String: String])?, encoding: Encoding,
        options: GraphQLTransportWebSocket.Options, client: any WebSocketClient
    ) {
        self.url = url
        self.headers = headers
        self.connectionParams = connectionParams
        self.encoding = encoding
        self.options = options
        self.client = client
    }

    var isConnected: Bool { current.map { !$0.ended } ?? false }

    // MARK: Streams

    func subscribe(id: String, request: Request, continuation: AsyncThrowingStream<Payload, any Error>.Continuation) async {
        let link: Link
        do {
            link = try await self.link()
        } catch {
            continuation.finish(throwing: Self.transportError(error))
            return
        }
        // Cancelled while the connection was opening: nothing to subscribe.
        guard !Task.isCancelled else {
            becameIdleIfEmpty(link)
            return
        }
        guard !link.ended else {
            continuation.finish(
                throwing: link.failure ?? TransportError(statusCode: 0, message: "the connection to \(url) ended before the subscribe"))
            return
        }
        link.idle?.cancel()
        link.idle = nil
        link.streams[id] = continuation
        // A send fails only once the socket has ended; the stream, registered, then fails with the
        // reason the reader reports.
        try? link.socket.send(text: GraphQLTransportMessage.subscribe(id: id, body: encoding.encode(request)))
    }

    /// The Swift stream was cancelled: tell the server, unless it already ended the stream.
    func cancel(id: String) {
        guard let link = current, link.streams.removeValue(forKey: id) != nil else { return }
        try? link.socket.send(text: GraphQLTransportMessage.complete(id: id))
        becameIdleIfEmpty(link)
    }

    // MARK: The connection

    private func link() async throws -> Link {
        if let current, !current.ended { return current }
        if let connecting { return try await connecting.value }
        let task = Task { try await self.open() }
        connecting = task
        defer { connecting = nil }
        let link = try await task.value
        current = link
        return link
    }

    private func open() async throws -> Link {
        let socket = try await client.connect(to: url, subprotocol: "graphql-transport-ws", headers: headers, options: options.socket)
        opened += 1
        let link = Link(socket: socket)
        Task { await self.read(link, socket) }
        // Asking for the params is bounded too (by the ack timeout): a closure that never returns
        // fails the connection rather than holding every stream waiting for it.
        let params: [String: String]?
        do {
            params = try await Self.first(
                within: options.ackTimeout,
                or: TransportError(statusCode: 0, message: "the connection params for \(url) did not come within \(options.ackTimeout)")
            ) { [connectionParams] in await connectionParams?() }
            try socket.send(text: GraphQLTransportMessage.connectionInit(params))
        } catch {
            dropped(link, Self.transportError(error))
            throw link.failure ?? Self.transportError(error)
        }
        let timeout = Task {
            try await Task.sleep(for: options.ackTimeout)
            ackTimedOut(link)
        }
        defer { timeout.cancel() }
        try await withCheckedThrowingContinuation { (waiter: CheckedContinuation<Void, any Error>) in
            // The link may have ended while the params were asked for.
            if link.ended {
                waiter.resume(
                    throwing: link.failure ?? TransportError(statusCode: 0, message: "the connection to \(url) ended before connection_ack")
                )
            } else if link.acked {
                waiter.resume()
            } else {
                link.ackWaiter = waiter
            }
        }
        return link
    }

    private func ackTimedOut(_ link: Link) {
        guard !link.acked, !link.ended else { return }
        dropped(
            link, TransportError(statusCode: 0, message: "\(url) did not acknowledge connection_init within \(options.ackTimeout)"),
            closing: (1000, "no connection_ack"))
    }

    /// Reads the connection's messages until it ends. Generic over the connection (the caller's
    /// existential opened), so the loop runs on the socket's own sequence type.
    private func read<Connection: WebSocketConnection>(_ link: Link, _ socket: Connection) async {
        do {
            for try await message in socket.messages {
                switch message {
                case .text(let text): received(text, on: link)
                case .binary: invalid("a binary message", on: link)
                case .close(let code, let reason):
                    let what = code.map { "\($0)" + (reason.isEmpty ? "" : " \(reason)") } ?? "no code"
                    dropped(
                        link, TransportError(statusCode: Self.status(closeCode: code), message: "\(url) closed the connection (\(what))"))
                }
                if link.ended { break }
            }
            dropped(link, TransportError(statusCode: 0, message: "the connection to \(url) ended"))
        } catch {
            dropped(link, Self.transportError(error))
        }
    }

    private func received(_ text: String, on link: Link) {
        link.received &+= 1
        let message: GraphQLTransportMessage
        do {
            message = try GraphQLTransportMessage.parse(text)
        } catch {
            invalid(error.message, on: link)
            return
        }
        switch message {
        case .connectionAck:
            guard !link.acked else { return }
            link.acked = true
            link.ackWaiter?.resume()
            link.ackWaiter = nil
            startKeepAlive(link)
        case .ping:
            try? link.socket.send(text: GraphQLTransportMessage.pongText)
        case .pong:
            break
        case .next(let id, let payload):
            // Unknown ids are streams this client already completed: ignored, as the protocol allows.
            _ = link.streams[id]?.yield(Payload(payload))
        case .error(let id, let errors):
            link.streams.removeValue(forKey: id)?.finish(throwing: Failure(.request, GraphQLErrors(errors)))
            becameIdleIfEmpty(link)
        case .complete(let id):
            link.streams.removeValue(forKey: id)?.finish()
            becameIdleIfEmpty(link)
        }
    }

    /// Pings the server after each `keepAlive` it was silent for; a ping unanswered within
    /// `pongTimeout` drops the connection: a dead one (a vanished peer, a broken route) sends no
    /// TCP end, and its streams would otherwise wait for ever.
    private func startKeepAlive(_ link: Link) {
        guard let interval = options.keepAlive else { return }
        let pongTimeout = options.pongTimeout
        link.keepAlive = Task {
            var seen = link.received
            while true {
                try? await Task.sleep(for: interval)
                guard !Task.isCancelled, !link.ended else { return }
                guard link.received == seen else {
                    seen = link.received
                    continue
                }
                try? link.socket.send(text: GraphQLTransportMessage.pingText)
                try? await Task.sleep(for: pongTimeout)
                guard !Task.isCancelled, !link.ended else { return }
                guard link.received != seen else {
                    dropped(link, TransportError(statusCode: 0, message: "\(url) did not answer a ping within \(pongTimeout)"))
                    return
                }
                seen = link.received
            }
        }
    }

    /// A message the protocol does not allow: close with 4400 and fail the streams.
    private func invalid(_ what: String, on link: Link) {
        dropped(link, TransportError(statusCode: 0, message: "\(url) sent an invalid message: \(what)"), closing: (4400, what))
    }

    /// The connection is gone: every stream on it fails with `error`, and the next send opens a
    /// new one. The socket is closed with `closing`'s code and reason, or aborted.
    private func dropped(_ link: Link, _ error: TransportError, closing: (code: UInt16, reason: String)? = nil) {
        guard !link.ended else { return }
        link.ended = true
        link.failure = error
        if current === link { current = nil }
        link.idle?.cancel()
        link.keepAlive?.cancel()
        link.ackWaiter?.resume(throwing: error)
        link.ackWaiter = nil
        let streams = link.streams
        link.streams.removeAll()
        for stream in streams.values { stream.finish(throwing: error) }
        // Closing or aborting a connection that already ended does nothing.
        if let closing {
            let socket = link.socket
            Task { await socket.close(code: closing.code, reason: closing.reason) }
        } else {
            link.socket.abort()
        }
    }

    private func becameIdleIfEmpty(_ link: Link) {
        guard link.streams.isEmpty, !link.ended, link.idle == nil else { return }
        let delay = options.idleTimeout
        link.idle = Task {
            try? await Task.sleep(for: delay)
            guard !Task.isCancelled else { return }
            self.closeIfIdle(link)
        }
    }

    private func closeIfIdle(_ link: Link) {
        guard link.streams.isEmpty, !link.ended else { return }
        link.ended = true
        link.keepAlive?.cancel()
        if current === link { current = nil }
        Task { await link.socket.close(code: 1000, reason: "") }
    }

    func closeNow() async {
        guard let link = current else { return }
        dropped(link, TransportError(statusCode: 0, message: "the transport closed its connection to \(url)"), closing: (1000, ""))
    }

    /// `body`'s value, or `failure` once `limit` passes, whichever comes first (a body that never
    /// returns is left behind, not waited for).
    static func first<T: Sendable>(
        within limit: Duration, or failure: TransportError, _ body: @escaping @Sendable () async -> T
    ) async throws -> T {
        let waiter = OneShot<T>()
        return try await withCheckedThrowingContinuation { continuation in
            waiter.set(continuation)
            Task { waiter.resume(with: .success(await body())) }
            Task {
                try? await Task.sleep(for: limit)
                waiter.resume(with: .failure(failure))
            }
        }
    }

    /// graphql-transport-ws's refusals as the HTTP statuses they stand for (4401 Unauthorized, 4403
    /// Forbidden), so an exchange treats them as it treats a refused HTTP request; 0 otherwise.
    static func status(closeCode: UInt16?) -> Int {
        switch closeCode {
        case 4401: 401
        case 4403: 403
        default: 0
        }
    }

    /// A failure of the socket as the core's transport error: a client's `TransportError` (a
    /// refused upgrade's HTTP status) as it is, anything else as status 0 with what happened.
    static func transportError(_ error: any Error) -> TransportError {
        (error as? TransportError) ?? TransportError(statusCode: 0, message: "\(error)")
    }
}

/// A continuation resumed once, by whichever of several tasks comes first.
private final class OneShot<T: Sendable>: Sendable {
    private let state = Locked<CheckedContinuation<T, any Error>?>(nil)

    func set(_ continuation: CheckedContinuation<T, any Error>) {
        state.withLock { $0 = continuation }
    }

    func resume(with result: Result<T, any Error>) {
        state.withLock { $0.take() }?.resume(with: result)
    }
}
