#if canImport(Darwin)
    import Foundation

    // Apple platforms only: Linux CI does not build this file (URLSession's WebSocket task fails
    // there, its libcurl having no WebSocket; BatonSockets' libuv socket serves instead). It is
    // written against Apple's documented URLSessionWebSocketTask API and type-checked, outside
    // the package, against swift-corelibs-foundation's copy of that API only.

    /// A `WebSocketClient` over `URLSessionWebSocketTask`, so an Apple app gets graphql-transport-ws
    /// without libuv and OpenSSL: `GraphQLTransportWebSocket(url: url, client: URLSessionWebSocketClient())`.
    /// The session's delegate, if any, decides TLS trust; `WebSocketOptions.trustedCertificates`
    /// is refused rather than ignored.
    public struct URLSessionWebSocketClient: WebSocketClient {
        public let session: URLSession

        public init(session: URLSession = .shared) {
            self.session = session
        }

        public func connect(
            to url: URL, subprotocol: String, headers: [String: String], options: WebSocketOptions
        ) async throws -> URLSessionWebSocketConnection {
            guard options.trustedCertificates == nil else {
                throw TransportError(
                    statusCode: 0,
                    message: "URLSessionWebSocketClient does not read trusted certificates: the session's delegate decides trust")
            }
            var request = URLRequest(url: url)
            for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
            request.setValue(subprotocol, forHTTPHeaderField: "Sec-WebSocket-Protocol")
            let task = session.webSocketTask(with: request)
            task.maximumMessageSize = options.maxMessageSize
            task.resume()
            let connection = URLSessionWebSocketConnection(task: task)
            try await connection.opened(subprotocol: subprotocol, within: options.connectTimeout + options.handshakeTimeout)
            return connection
        }
    }

    /// One `URLSessionWebSocketTask` as a `WebSocketConnection`. The task answers the server's pings
    /// itself; its messages come one `receive()` at a time.
    public final class URLSessionWebSocketConnection: WebSocketConnection, @unchecked Sendable {
        // @unchecked: the task is the only state, and URLSession's tasks may be used from any thread.
        let task: URLSessionWebSocketTask

        init(task: URLSessionWebSocketTask) {
            self.task = task
        }

        /// Waits for the opening handshake: the task says no more than that it was resumed, but the
        /// pong to a ping comes only over an open connection. Then checks the server chose
        /// `subprotocol` (a server that speaks another answers 101 without it).
        func opened(subprotocol: String, within limit: Duration) async throws {
            let answer = FirstAnswer()
            let timer = Task {
                try await Task.sleep(for: limit)
                answer.resume(.failure(TransportError(statusCode: 0, message: "the WebSocket handshake did not finish within \(limit)")))
            }
            defer { timer.cancel() }
            do {
                try await withTaskCancellationHandler {
                    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                        answer.set(continuation)
                        task.sendPing { error in answer.resume(error.map { .failure($0) } ?? .success(())) }
                    }
                } onCancel: {
                    answer.resume(.failure(CancellationError()))
                }
            } catch {
                task.cancel()
                throw refusal() ?? error
            }
            let chosen = (task.response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Sec-WebSocket-Protocol")
            guard chosen == subprotocol else {
                task.cancel()
                throw TransportError(
                    statusCode: 0, message: "the server did not accept the subprotocol \(subprotocol) (it answered \(chosen ?? "none"))")
            }
        }

        /// A refused upgrade as the HTTP status it answered, so a 401 or 403 reaches an exchange.
        private func refusal() -> TransportError? {
            guard let response = task.response as? HTTPURLResponse, response.statusCode != 101 else { return nil }
            return TransportError(
                statusCode: response.statusCode, message: "the server answered \(response.statusCode) instead of 101 Switching Protocols")
        }

        public var messages: Messages { Messages(task: task) }

        public func send(text: String) throws {
            guard task.state == .running else { throw TransportError(statusCode: 0, message: "the WebSocket is closed") }
            // A message that cannot be sent fails the connection, so the reader learns of it.
            task.send(.string(text)) { [task] error in
                if error != nil { task.cancel() }
            }
        }

        /// Sends the Close frame and returns: the task finishes the closing handshake on its own.
        public func close(code: UInt16, reason: String) async {
            // Imported from an Objective-C enum, CloseCode takes any raw value, 4400 as well as 1000.
            let closeCode = URLSessionWebSocketTask.CloseCode(rawValue: Int(code)) ?? .normalClosure
            task.cancel(with: closeCode, reason: Self.closeReason(reason))
        }

        public func abort() {
            task.cancel()
        }

        /// A close reason within a Close frame's 123 bytes, cut between characters.
        static func closeReason(_ reason: String) -> Data? {
            guard !reason.isEmpty else { return nil }
            var cut = ""
            for character in reason {
                guard cut.utf8.count + character.utf8.count <= 123 else { break }
                cut.append(character)
            }
            return Data(cut.utf8)
        }

        /// The task's messages; after the server's Close frame (which fails `receive()` and sets the
        /// task's `closeCode`) a last `.close`, then the end.
        public struct Messages: AsyncSequence, Sendable {
            public typealias Element = WebSocketMessage
            let task: URLSessionWebSocketTask

            public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(task: task) }

            public struct AsyncIterator: AsyncIteratorProtocol {
                let task: URLSessionWebSocketTask
                var ended = false

                public mutating func next() async throws -> WebSocketMessage? {
                    guard !ended else { return nil }
                    do {
                        switch try await task.receive() {
                        case .string(let text): return .text(text)
                        case .data(let data): return .binary(Array(data))
                        @unknown default:
                            ended = true
                            throw TransportError(statusCode: 0, message: "a WebSocket message of a kind this client does not know")
                        }
                    } catch let error as TransportError {
                        throw error
                    } catch {
                        ended = true
                        let code = task.closeCode
                        guard code != .invalid else { throw TransportError(statusCode: 0, message: error.localizedDescription) }
                        let reason = task.closeReason.map { String(decoding: $0, as: UTF8.self) } ?? ""
                        // 1005 is what a Close frame without a code reads as (RFC 6455 §7.1.5).
                        return .close(code: code == .noStatusReceived ? nil : UInt16(truncatingIfNeeded: code.rawValue), reason: reason)
                    }
                }
            }
        }
    }

    /// A continuation resumed once, by the pong or the timer, whichever comes first.
    private final class FirstAnswer: @unchecked Sendable {
        // @unchecked: both fields are touched only under the lock.
        private let lock = NSLock()
        private var continuation: CheckedContinuation<Void, any Error>?
        private var early: Result<Void, any Error>?

        func set(_ continuation: CheckedContinuation<Void, any Error>) {
            lock.lock()
            if let early {
                lock.unlock()
                continuation.resume(with: early)
                return
            }
            self.continuation = continuation
            lock.unlock()
        }

        func resume(_ result: Result<Void, any Error>) {
            lock.lock()
            guard let continuation else {
                if early == nil { early = result }
                lock.unlock()
                return
            }
            self.continuation = nil
            early = result
            lock.unlock()
            continuation.resume(with: result)
        }
    }
#endif
