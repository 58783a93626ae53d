import Baton
import Foundation

/// A WebSocket client (RFC 6455) over a TCP socket driven by libuv on the connection's own
/// thread. `connect` returns once the handshake is done; `events` then yields the server's
/// messages (pings are answered by the socket itself and reported too) and ends with the
/// server's close frame, or throws the `WebSocketError` that ended it. `send` may be called from
/// any task. Every wait is bounded by `Options`. It is the core's `WebSocketConnection` and
/// `WebSocket.Client` opens it for `GraphQLTransportWebSocket`; on Apple platforms without libuv
/// and OpenSSL, the core's `URLSessionWebSocketClient` takes its place.
public final class WebSocket: Sendable {
    /// The socket's waits and limits: the core's, which every `WebSocketClient` reads.
    public typealias Options = WebSocketOptions

    /// The server's messages in order, then the end. The socket's thread hands over everything
    /// one read held at once (a subscription's events arrive many a read), and this sequence gives
    /// them out one by one without a hand-off each. One reader at a time; a loop that stops leaves
    /// the rest to the next.
    public let events: WebSocketEvents
    private let connection: SocketConnection

    private init(connection: SocketConnection, batches: AsyncThrowingStream<[WebSocketEvent], any Error>) {
        self.connection = connection
        self.events = WebSocketEvents(batches)
    }

    /// Opens `url` (`ws://` or `wss://host[:port]/path`) asking for `subprotocol`, with `headers`
    /// added to the upgrade request. Throws a `WebSocketError`: a bad URL, a header the request
    /// cannot carry, no connection, a failed handshake, or a timeout.
    public static func connect(
        to url: URL, subprotocol: String, headers: [String: String] = [:], options: Options = Options()
    ) async throws -> WebSocket {
        let target = try Target(url)
        try WebSocketHandshake.check(headers: headers)
        let (batches, continuation) = AsyncThrowingStream<[WebSocketEvent], any Error>.makeStream()
        let connection = SocketConnection(
            host: target.host, port: target.port, path: target.path, secure: target.secure, subprotocol: subprotocol,
            headers: headers, options: options, events: continuation)
        let socket = WebSocket(connection: connection, batches: batches)
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { opened in connection.start(opened: opened) }
        } onCancel: {
            connection.inbox.post(.abort(WebSocketError(.closed, "connecting was cancelled")))
        }
        return socket
    }

    /// Sends a text message. Throws `.closed` once the socket is closing or closed.
    public func send(text: String) throws(WebSocketError) {
        try post(WebSocketFrame(opcode: .text, payload: Array(text.utf8)))
    }

    public func send(binary: [UInt8]) throws(WebSocketError) {
        try post(WebSocketFrame(opcode: .binary, payload: binary))
    }

    /// Sends a ping; its pong arrives in `events`. At most 125 bytes.
    public func ping(_ payload: [UInt8] = []) throws(WebSocketError) {
        guard payload.count <= 125 else { throw WebSocketError(.protocolViolation(closeCode: 1002), "a ping of more than 125 bytes") }
        try post(WebSocketFrame(opcode: .ping, payload: payload))
    }

    private func post(_ frame: WebSocketFrame) throws(WebSocketError) {
        guard connection.inbox.post(.write(frame.encoded())) else { throw WebSocketError(.closed, "the socket is closed") }
    }

    /// Starts the close handshake and waits until the connection has ended (the server's close
    /// answer, or the close timeout). Later sends throw `.closed`.
    public func close(code: UInt16 = 1000, reason: String = "") async {
        connection.inbox.post(.close(code: code, reason: reason))
        await connection.ended.wait()
    }

    /// Ends the connection at once, without a close handshake (the server sees the TCP end).
    public func abort() {
        connection.inbox.post(.abort(WebSocketError(.closed, "the socket was aborted")))
    }

    /// Whether the connection has ended.
    public var isClosed: Bool { connection.ended.isDone }

    deinit {
        connection.inbox.post(.abort(WebSocketError(.closed, "the socket was released")))
    }

    /// Host, port, path and security of a `ws://` or `wss://` URL.
    struct Target {
        let host: String
        let port: Int
        let path: String
        let secure: Bool

        init(_ url: URL) throws(WebSocketError) {
            guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
                throw WebSocketError(.badURL, "\(url) is not a URL")
            }
            switch components.scheme?.lowercased() {
            case "ws": (port, secure) = (components.port ?? 80, false)
            case "wss": (port, secure) = (components.port ?? 443, true)
            default: throw WebSocketError(.badURL, "\(url): the scheme must be ws:// or wss://")
            }
            guard let host = components.host, !host.isEmpty else { throw WebSocketError(.badURL, "\(url) has no host") }
            guard (1...65535).contains(port) else { throw WebSocketError(.badURL, "\(url) has the port \(port)") }
            self.host = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
            var path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
            if let query = components.percentEncodedQuery { path += "?" + query }
            guard !path.contains(where: { $0 == "\r" || $0 == "\n" || $0 == " " }) else {
                throw WebSocketError(.badURL, "\(url) has a path a request line cannot carry")
            }
            self.path = path
        }
    }
}

/// A WebSocket's events, one at a time, from the batches its thread hands over. The batch being
/// given out lives with the socket, not with an iterator, so a loop that breaks and a later one
/// see every event once, in order.
public struct WebSocketEvents: AsyncSequence, Sendable {
    public typealias Element = WebSocketEvent

    private let reader: Reader

    init(_ batches: AsyncThrowingStream<[WebSocketEvent], any Error>) {
        reader = Reader(batches.makeAsyncIterator())
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        fileprivate let reader: Reader

        public mutating func next() async throws -> WebSocketEvent? { try await reader.next() }

        /// In the caller's isolation, so a reader on an actor (the core's graphql-transport-ws
        /// client) takes each event of the batch at hand with no executor hop; the plain `next()`
        /// would leave the actor and come back for every one.
        @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
        public mutating func next(isolation actor: isolated (any Actor)?) async throws -> WebSocketEvent? {
            try await reader.next(isolation: actor)
        }
    }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(reader: reader) }

    /// Read by one task at a time (an `AsyncThrowingStream` allows no more), so unlocked.
    fileprivate final class Reader: @unchecked Sendable {
        private var batches: AsyncThrowingStream<[WebSocketEvent], any Error>.AsyncIterator
        private var batch: [WebSocketEvent] = []
        private var position = 0

        init(_ batches: AsyncThrowingStream<[WebSocketEvent], any Error>.AsyncIterator) {
            self.batches = batches
        }

        func next() async throws -> WebSocketEvent? {
            while position == batch.count {
                guard let next = try await batches.next() else { return nil }
                batch = next
                position = 0
            }
            defer { position += 1 }
            return batch[position]
        }

        @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
        func next(isolation actor: isolated (any Actor)?) async throws -> WebSocketEvent? {
            while position == batch.count {
                guard let next = try await batches.next(isolation: actor) else { return nil }
                batch = next
                position = 0
            }
            defer { position += 1 }
            return batch[position]
        }
    }
}
