/// What carries a request to a server and brings its answers back: one verb, `send`. A query or a
/// mutation yields one payload, an incremental response its parts in order, a subscription its
/// events. The environment holds one; a test gives an in-process one (`BatonTesting`).
public protocol Transport: Sendable {
    func send(_ request: Request) -> AsyncThrowingStream<Payload, any Error>
}

extension Transport {
    /// The single payload of a request that answers once (a query or a mutation). A stream that ends
    /// without one fails as a transport error (status 0): nothing came back.
    public func payload(_ request: Request) async throws -> Payload {
        for try await payload in send(request) { return payload }
        throw TransportError(statusCode: 0, message: "the transport answered nothing for \(request.operationName)")
    }
}

extension AsyncThrowingStream where Element == Payload, Failure == any Error {
    /// A stream of one payload: what a transport that answers once returns.
    public static func single(_ answer: @escaping @Sendable () async throws -> Payload) -> Self {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    continuation.yield(try await answer())
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}

/// A transport's failure with the server's status and body; status 0 when there was no response
/// (the body then says what happened).
public struct TransportError: Error, Sendable, Equatable, CustomStringConvertible {
    public let statusCode: Int
    public let body: [UInt8]

    public init(statusCode: Int, body: [UInt8]) {
        self.statusCode = statusCode
        self.body = body
    }

    public init(statusCode: Int, message: String) {
        self.init(statusCode: statusCode, body: Array(message.utf8))
    }

    /// The status and the body as text (its first 500 bytes), for a log or a message.
    public var description: String {
        let text = String(decoding: body.prefix(500), as: UTF8.self) + (body.count > 500 ? "…" : "")
        return statusCode == 0 ? "no response: \(text)" : "HTTP \(statusCode): \(text)"
    }
}
