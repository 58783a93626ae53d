import Foundation

/// What opens WebSocket connections for a `GraphQLTransportWebSocket`, which asks for one each time
/// it connects (its first send, and the first after a drop or an idle close). BatonSockets' libuv
/// socket is one (`WebSocket.Client`), `URLSessionWebSocketClient` another on Apple platforms.
public protocol WebSocketClient: Sendable {
    associatedtype Connection: WebSocketConnection

    /// Opens `url` (`ws://` or `wss://`) with the opening handshake (RFC 6455 §4.1), asking for
    /// `subprotocol` and sending `headers` with the upgrade request, within `options`' bounds;
    /// returns once the server has accepted the upgrade and chosen the subprotocol. A server that
    /// refused the upgrade fails it with a `TransportError` carrying the HTTP status (so a 401 or
    /// 403 reaches an exchange as over HTTP); any other error says why the connection could not be
    /// opened.
    func connect(to url: URL, subprotocol: String, headers: [String: String], options: WebSocketOptions) async throws -> Connection
}
