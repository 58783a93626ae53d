import Baton
import BatonTesting
import Foundation
import Testing

/// `GraphQLTransportWebSocket`'s state machine over an in-memory `WebSocketConnection`, no socket:
/// each test plays the server message by message, including the misbehaviour a real server would
/// rarely show on cue. (BatonSocketsTests runs the same client over the libuv socket against real
/// servers.)
@Suite struct GraphQLTransportWebSocketTests {
    static let url = URL(string: "ws://memory.invalid/graphql")!

    static let subscription = Request(
        operationName: "Countdown", kind: .subscription, document: .text("subscription Countdown{countdown}"), variables: [:])

    /// No keep-alive: these tests are about the messages, and a ping would be one more of them.
    static func options(ackTimeout: Duration = .seconds(10)) -> GraphQLTransportWebSocket.Options {
        GraphQLTransportWebSocket.Options(ackTimeout: ackTimeout, idleTimeout: .seconds(30), keepAlive: nil)
    }

    static func next(_ id: String, _ n: Int) -> String { #"{"id":"\#(id)","type":"next","payload":{"data":{"n":\#(n)}}}"# }
    static func complete(_ id: String) -> String { #"{"id":"\#(id)","type":"complete"}"# }
    static let ack = #"{"type":"connection_ack"}"#

    /// A server that acknowledges `connection_init` and answers each `subscribe` with `answer`.
    static func acknowledging(
        _ answer: @escaping @Sendable (MemorySocket, _ connection: Int, _ id: String) -> Void
    ) -> @Sendable (MemorySocket, Int) async -> Void {
        { socket, connection in
            for await text in socket.sent {
                let message = ClientMessage(text)
                switch message.type {
                case "connection_init": socket.say(ack)
                case "subscribe": answer(socket, connection, message.id ?? "")
                default: continue
                }
            }
        }
    }

    @Test func anAckThatNeverComesFailsTheStreamWithinTheAckTimeout() async throws {
        // Reads connection_init and says nothing.
        let client = MemoryClient { socket, _ in for await _ in socket.sent {} }
        let transport = GraphQLTransportWebSocket(url: Self.url, options: Self.options(ackTimeout: .milliseconds(200)), client: client)
        let clock = ContinuousClock()
        let start = clock.now
        // The bound only guards against a hang: what ends the stream is the ack timeout.
        let outcome = try await collect(transport.send(Self.subscription), within: .seconds(60))
        let elapsed = start.duration(to: clock.now)
        #expect(outcome.payloads.isEmpty)
        #expect(outcome.transportError?.statusCode == 0)
        #expect(outcome.message.contains("did not acknowledge connection_init within"), "\(outcome.message)")
        // Not before the ack timeout. No upper bound beside the guard's: a loaded machine (the whole
        // suite in parallel on two cores) has taken 23 s to run a 200 ms timer; the message says it
        // was the ack timeout that ended the stream.
        #expect(elapsed >= .milliseconds(200))
        // The client closes the connection it gave up on, saying why, and never subscribed on it.
        let socket = try #require(client.sockets.first)
        let closed = try await Self.eventually("the client's close") { socket.closedBy }
        #expect(closed == .client(code: 1000, reason: "no connection_ack"))
        #expect(socket.sentTypes == ["connection_init"])
        #expect(await transport.isConnected == false)
    }

    /// A `next` for a stream the server already completed is ignored, as the protocol allows: the
    /// stream ended with its one payload, and the connection stays for the next subscribe.
    @Test func aNextAfterCompleteIsIgnored() async throws {
        let client = MemoryClient(
            serve: Self.acknowledging { socket, _, id in
                socket.say(Self.next(id, 1))
                socket.say(Self.complete(id))
                socket.say(Self.next(id, 2))
            })
        let transport = GraphQLTransportWebSocket(url: Self.url, options: Self.options(), client: client)
        let first = try await collect(transport.send(Self.subscription))
        #expect(first.error == nil)
        #expect(first.payloads == [#"{"data":{"n":1}}"#])
        // The second stream's messages come after the stray next on the one connection, so by its
        // end the stray one was read.
        let second = try await collect(transport.send(Self.subscription))
        #expect(second.error == nil)
        #expect(second.payloads == [#"{"data":{"n":1}}"#])
        #expect(await transport.connectionCount == 1)
        #expect(await transport.isConnected)
        // No client `complete`: the server ended both streams itself.
        #expect(client.sockets.first?.sentTypes == ["connection_init", "subscribe", "subscribe"])
        #expect(client.sockets.first?.closedBy == nil)
        await transport.close()
    }

    /// The server closes the connection mid-stream: the stream fails with a transport error
    /// (status 0, the close code and reason in its message), and the next send opens a new
    /// connection, with the same subprotocol and headers, and works.
    @Test func aSendAfterTheConnectionClosedRenewsIt() async throws {
        let client = MemoryClient(
            serve: Self.acknowledging { socket, connection, id in
                socket.say(Self.next(id, 1))
                if connection == 0 {
                    socket.closeFromServer(code: 1001, reason: "going away")
                } else {
                    socket.say(Self.complete(id))
                }
            })
        let transport = GraphQLTransportWebSocket(
            url: Self.url, headers: ["Authorization": "Bearer 1"], options: Self.options(), client: client)
        let first = try await collect(transport.send(Self.subscription))
        #expect(first.payloads == [#"{"data":{"n":1}}"#])
        #expect(first.transportError?.statusCode == 0)
        #expect(first.message.contains("closed the connection (1001 going away)"), "\(first.message)")
        #expect(await transport.isConnected == false)

        let second = try await collect(transport.send(Self.subscription))
        #expect(second.error == nil)
        #expect(second.payloads == [#"{"data":{"n":1}}"#])
        #expect(await transport.connectionCount == 2)
        #expect(client.connects.count == 2)
        for connect in client.connects {
            #expect(connect.url == Self.url)
            #expect(connect.subprotocol == "graphql-transport-ws")
            #expect(connect.headers == ["Authorization": "Bearer 1"])
        }
        await transport.close()
    }

    /// graphql-transport-ws's refusal 4401 reaches the stream as status 401, as a refused HTTP
    /// request would; a client's refused upgrade keeps its HTTP status.
    @Test func refusalsCarryTheirHTTPStatus() async throws {
        let closing = GraphQLTransportWebSocket(
            url: Self.url, options: Self.options(),
            client: MemoryClient(serve: Self.acknowledging { socket, _, _ in socket.closeFromServer(code: 4401, reason: "Unauthorized") }))
        let closed = try await collect(closing.send(Self.subscription))
        #expect(closed.transportError?.statusCode == 401)
        #expect(closed.message.contains("4401 Unauthorized"), "\(closed.message)")

        let refusing = GraphQLTransportWebSocket(
            url: Self.url, options: Self.options(),
            client: MemoryClient(refusal: TransportError(statusCode: 403, message: "the server answered 403")))
        let refused = try await collect(refusing.send(Self.subscription))
        #expect(refused.transportError == TransportError(statusCode: 403, message: "the server answered 403"))
        #expect(await refusing.connectionCount == 0)
        // Used to the end: a transport released early closes its connection (deinit), which would
        // race the server's close.
        await closing.close()
    }

    // MARK: Waiting, always bounded

    /// `probe`'s first non-nil answer, asked every few milliseconds for at most `limit`.
    static func eventually<T>(_ what: String, within limit: Duration = .seconds(60), _ probe: () -> T?) async throws -> T {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: limit)
        while clock.now < deadline {
            if let value = probe() { return value }
            try await Task.sleep(for: .milliseconds(5))
        }
        throw TimedOut(what: what)
    }
}

/// A client message's `type` and `id`, as the test's server reads them.
struct ClientMessage {
    let type: String?
    let id: String?

    init(_ text: String) {
        let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
        type = object?["type"] as? String
        id = object?["id"] as? String
    }
}

/// A `WebSocketClient` whose connections are `MemorySocket`s, each served by `serve` (given the
/// connection's number from 0) in a task of its own; with a `refusal`, every connect fails with it.
final class MemoryClient: WebSocketClient, @unchecked Sendable {
    // @unchecked: `opened` is touched only under `lock`.
    struct Connect: Sendable {
        let url: URL
        let subprotocol: String
        let headers: [String: String]
    }

    private let serve: @Sendable (MemorySocket, Int) async -> Void
    private let refusal: TransportError?
    private let lock = NSLock()
    private var opened: [(Connect, MemorySocket)] = []

    init(serve: @escaping @Sendable (MemorySocket, Int) async -> Void) {
        self.serve = serve
        refusal = nil
    }

    init(refusal: TransportError) {
        serve = { _, _ in }
        self.refusal = refusal
    }

    var connects: [Connect] { lock.withLock { opened.map(\.0) } }
    var sockets: [MemorySocket] { lock.withLock { opened.map(\.1) } }

    func connect(to url: URL, subprotocol: String, headers: [String: String], options: WebSocketOptions) async throws -> MemorySocket {
        if let refusal { throw refusal }
        let socket = MemorySocket()
        let number = lock.withLock {
            opened.append((Connect(url: url, subprotocol: subprotocol, headers: headers), socket))
            return opened.count - 1
        }
        let serve = self.serve
        Task { await serve(socket, number) }
        return socket
    }
}

/// Both ends of one in-memory WebSocket: the client's sends come out of `sent` for the test's
/// server, and what the server says (`say`, `closeFromServer`) comes out of `messages`.
final class MemorySocket: WebSocketConnection, @unchecked Sendable {
    // @unchecked: `types` and `closing` are touched only under `lock`.
    enum Closer: Equatable {
        case client(code: UInt16, reason: String)
        case clientAbort
        case server
    }

    let messages: AsyncThrowingStream<WebSocketMessage, any Error>
    let sent: AsyncStream<String>
    private let toClient: AsyncThrowingStream<WebSocketMessage, any Error>.Continuation
    private let toServer: AsyncStream<String>.Continuation
    private let lock = NSLock()
    private var types: [String] = []
    private var closing: Closer?

    init() {
        (messages, toClient) = AsyncThrowingStream.makeStream()
        (sent, toServer) = AsyncStream.makeStream()
    }

    /// The `type` of each message the client sent, in order.
    var sentTypes: [String] { lock.withLock { types } }
    /// Who closed the connection, and how; nil while it is open.
    var closedBy: Closer? { lock.withLock { closing } }

    /// Marks the socket closed by `closer`; false if it already was.
    private func end(_ closer: Closer) -> Bool {
        lock.withLock {
            guard closing == nil else { return false }
            closing = closer
            return true
        }
    }

    func send(text: String) throws {
        try lock.withLock {
            guard closing == nil else { throw TransportError(statusCode: 0, message: "the memory socket is closed") }
            types.append(ClientMessage(text).type ?? "?")
        }
        toServer.yield(text)
    }

    func close(code: UInt16, reason: String) async {
        guard end(.client(code: code, reason: reason)) else { return }
        toClient.finish()
        toServer.finish()
    }

    func abort() {
        guard end(.clientAbort) else { return }
        toClient.finish(throwing: TransportError(statusCode: 0, message: "the memory socket was aborted"))
        toServer.finish()
    }

    // MARK: The server's side

    func say(_ text: String) {
        toClient.yield(.text(text))
    }

    func closeFromServer(code: UInt16, reason: String) {
        guard end(.server) else { return }
        toClient.yield(.close(code: code, reason: reason))
        toClient.finish()
        toServer.finish()
    }
}
