import Baton
import Foundation

extension GraphQLTransportWebSocket {
    /// graphql-transport-ws over this module's libuv socket (`WebSocket.Client`), with its waits
    /// and limits from `options.socket`.
    ///
    /// - Parameters:
    ///   - url: the server's `ws://` or `wss://` endpoint.
    ///   - headers: sent with each connection's upgrade request.
    ///   - connectionParams: the `connection_init` payload, asked for each time a connection
    ///     opens (so a rotated token needs no new transport).
    ///   - encoding: the request's JSON, sent as the `subscribe` payload.
    ///   - options: the protocol's waits, and the socket's (`socket`).
    public convenience init(
        url: URL, headers: [String: String] = [:], connectionParams: (@Sendable () async -> [String: String])? = nil,
        encoding: Encoding = .standard, options: Options = Options()
    ) {
        self.init(
            url: url, headers: headers, connectionParams: connectionParams, encoding: encoding, options: options, client: WebSocket.Client()
        )
    }
}
