import Foundation

/// The waits and limits of one WebSocket connection, which a `WebSocketClient` applies when it
/// opens one (BatonSockets' `WebSocket.Options` is this type). Every wait is bounded so that a
/// server that stops answering fails the connection rather than holding it.
public struct WebSocketOptions: Sendable {
    /// Resolving the host and making the TCP connection.
    public var connectTimeout: Duration
    /// The TLS handshake (`wss://`), then from the upgrade request to the server's 101 answer:
    /// each.
    public var handshakeTimeout: Duration
    /// From sending a close frame to the server's answer (or to the end of the TCP).
    public var closeTimeout: Duration
    /// The largest message (and frame) accepted; a larger one closes with 1009.
    public var maxMessageSize: Int
    /// For `wss://`: PEM files of the only certificates to trust (a test's self-signed one);
    /// nil trusts the system's.
    public var trustedCertificates: [URL]?

    public init(
        connectTimeout: Duration = .seconds(10), handshakeTimeout: Duration = .seconds(10),
        closeTimeout: Duration = .seconds(5), maxMessageSize: Int = 16 << 20, trustedCertificates: [URL]? = nil
    ) {
        self.trustedCertificates = trustedCertificates
        self.connectTimeout = connectTimeout
        self.handshakeTimeout = handshakeTimeout
        self.closeTimeout = closeTimeout
        self.maxMessageSize = maxMessageSize
    }
}
