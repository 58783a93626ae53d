/// One open WebSocket connection (RFC 6455), seen message by message: all `GraphQLTransportWebSocket`
/// needs of a socket, so the protocol's client runs over any socket that offers it (BatonSockets'
/// libuv `WebSocket`, `URLSessionWebSocketClient`'s task on Apple platforms, a test's in-memory
/// one). A `WebSocketClient` opens it; pings are the socket's own business (RFC 6455 §5.5.2: a
/// ping is answered by the endpoint), so they never reach `messages`.
public protocol WebSocketConnection: AnyObject, Sendable {
    /// The messages as they arrive. An associated type rather than one stream type, so a socket that
    /// hands over a whole read's messages at once gives them out from its own batch, without a
    /// hand-off (a task switch) for each; an iterator that also implements `next(isolation:)` lets
    /// the reader, which runs on an actor, take them without an executor hop each.
    associatedtype Messages: AsyncSequence where Messages.Element == WebSocketMessage

    /// The received messages in order. After the peer's Close frame (`.close`) the sequence ends; a
    /// connection that fails otherwise throws why (a `TransportError` is passed on to the streams
    /// as it is, any other error as a status 0 with its description). One reader at a time.
    var messages: Messages { get }

    /// Queues a text message without waiting for it to go out. Throws once the connection is closing
    /// or closed; a message queued that cannot be delivered fails the connection, so `messages`
    /// reports it.
    func send(text: String) throws

    /// Starts the closing handshake with `code` and `reason` (RFC 6455 §7.1.2, "Start the WebSocket
    /// Closing Handshake") and returns once the connection is closed, or the socket's own bound
    /// passed. Closing a closed connection does nothing.
    func close(code: UInt16, reason: String) async

    /// Closes the connection at once, without a closing handshake (§7.1.1, "Close the WebSocket
    /// Connection"): for a peer taken for dead, which would never answer a Close frame.
    func abort()
}

/// What a WebSocket connection receives: a whole data message (its fragments joined, RFC 6455
/// §6.2), or the peer's Close frame (§5.5.1), which is the last.
public enum WebSocketMessage: Sendable, Equatable {
    case text(String)
    case binary([UInt8])
    /// The peer's Close frame: its status code (nil when the frame had none) and its reason.
    case close(code: UInt16?, reason: String)
}
