import Baton
import Foundation

extension WebSocket {
    /// Opens this module's libuv sockets for the core's `GraphQLTransportWebSocket`: its
    /// `WebSocketClient`, which `GraphQLTransportWebSocket(url:…)` picks. A failure to connect
    /// reaches the streams as a `TransportError`: a refused upgrade's HTTP status, otherwise 0.
    public struct Client: WebSocketClient {
        public init() {}

        public func connect(
            to url: URL, subprotocol: String, headers: [String: String], options: WebSocketOptions
        ) async throws -> WebSocket {
            do {
                return try await WebSocket.connect(to: url, subprotocol: subprotocol, headers: headers, options: options)
            } catch let error as WebSocketError {
                throw error.transportError
            }
        }
    }
}

/// The socket as the core sees it: `messages` reads the same batches as `events`; `send(text:)`,
/// `close(code:reason:)` and `abort()` are the socket's own.
extension WebSocket: WebSocketConnection {
    public var messages: WebSocketEvents.Messages { events.messages }
}

extension WebSocketEvents {
    /// The events as the core's `WebSocketConnection` reads them: a connection's data messages and
    /// the server's close; pings and pongs (the socket answers pings itself) are skipped, and a
    /// failure is the `TransportError` it means. Given out from the same batches as the events, so
    /// a read's messages still cost one hand-off between threads.
    public var messages: Messages { Messages(events: self) }

    public struct Messages: AsyncSequence, Sendable {
        public typealias Element = WebSocketMessage
        let events: WebSocketEvents

        public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(events: events.makeAsyncIterator()) }

        public struct AsyncIterator: AsyncIteratorProtocol {
            var events: WebSocketEvents.AsyncIterator

            public mutating func next() async throws -> WebSocketMessage? {
                do {
                    while let event = try await events.next() {
                        if let message = Self.message(event) { return message }
                    }
                    return nil
                } catch let error as WebSocketError {
                    throw error.transportError
                }
            }

            /// In the caller's isolation, as `WebSocketEvents` reads: the core's reader, on its
            /// actor, takes a batch's messages with no executor hop each.
            @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
            public mutating func next(isolation actor: isolated (any Actor)?) async throws -> WebSocketMessage? {
                do {
                    while let event = try await events.next(isolation: actor) {
                        if let message = Self.message(event) { return message }
                    }
                    return nil
                } catch let error as WebSocketError {
                    throw error.transportError
                }
            }

            /// The event as a message; nil for a ping or a pong.
            static func message(_ event: WebSocketEvent) -> WebSocketMessage? {
                switch event {
                case .text(let text): .text(text)
                case .binary(let bytes): .binary(bytes)
                case .close(let code, let reason): .close(code: code, reason: reason)
                case .ping, .pong: nil
                }
            }
        }
    }
}
