import Baton

/// Why a WebSocket connection failed or ended other than by a clean close. Each case says what
/// happened in its message; `GraphQLTransportWebSocket` hands them on as transport errors.
public struct WebSocketError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// The URL is not one this client can open (scheme, host, port).
        case badURL
        /// The TCP connection could not be made, or broke (reset, end of stream mid-frame).
        case connection
        /// The server's HTTP answer was not a valid upgrade; `status` is its HTTP status when it had
        /// one.
        case handshake(status: Int?)
        /// The peer broke RFC 6455; the client closes with `closeCode` (1002, 1007, 1009).
        case protocolViolation(closeCode: UInt16)
        /// A wait ran out (connect, handshake, close, or a protocol-level wait above this one).
        case timeout
        /// The socket is closed (by either side); nothing more can be sent.
        case closed
    }

    public let kind: Kind
    public let message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// A protocol violation that closes with `code`.
    static func violation(_ code: UInt16, _ message: String) -> WebSocketError {
        WebSocketError(.protocolViolation(closeCode: code), message)
    }

    public var description: String { "WebSocket: \(message)" }
}

extension WebSocketError {
    /// This failure as the core's transport error, which `GraphQLTransportWebSocket` fails its
    /// streams with: a refused upgrade's HTTP status, otherwise status 0; the message as it is.
    var transportError: TransportError {
        if case .handshake(let status?) = kind, status != 101 { return TransportError(statusCode: status, message: message) }
        return TransportError(statusCode: 0, message: message)
    }
}
