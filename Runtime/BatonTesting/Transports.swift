import Baton
import Foundation

/// A transport that answers from recordings: by operation name, or through a responder. It keeps
/// every request it saw. An operation it has no answer for fails with `TransportError` status 0.
public final class RecordedTransport: Transport, @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [Request] = []
    private let responder: @Sendable (Request) throws -> [UInt8]

    /// Answers each request with what `responder` gives, or throws what it throws.
    public init(responder: @escaping @Sendable (Request) throws -> [UInt8]) {
        self.responder = responder
    }

    /// Answers by operation name (`[RenameMutation.name: bytes]`).
    public convenience init(_ responses: [String: [UInt8]]) {
        self.init { request in
            guard let bytes = responses[request.operationName] else {
                throw TransportError(statusCode: 0, message: "no recorded response for \(request.operationName)")
            }
            return bytes
        }
    }

    public var requests: [Request] { lock.withLock { seen } }
    public var requestCount: Int { lock.withLock { seen.count } }

    public func execute(_ request: Request) async throws -> [UInt8] {
        lock.withLock { seen.append(request) }
        return try responder(request)
    }
}

/// A transport that holds every request until the test answers it (`respond`, `refuse`), so a
/// test sees what shows while a request is in flight.
public final class ScriptedTransport: Transport, @unchecked Sendable {
    /// One request waiting for its answer.
    public final class Held: @unchecked Sendable {
        public let request: Request
        private let lock = NSLock()
        private var continuation: CheckedContinuation<[UInt8], any Error>?

        init(_ request: Request, _ continuation: CheckedContinuation<[UInt8], any Error>) {
            self.request = request
            self.continuation = continuation
        }

        /// Answers with response bytes. A request is answered once; later answers do nothing.
        public func respond(_ bytes: [UInt8]) { take()?.resume(returning: bytes) }
        public func respond(json: String) { respond(Array(json.utf8)) }
        /// Fails the request with `error`.
        public func refuse(_ error: any Error = TransportError(statusCode: 0, message: "refused")) {
            take()?.resume(throwing: error)
        }

        private func take() -> CheckedContinuation<[UInt8], any Error>? {
            lock.withLock {
                defer { continuation = nil }
                return continuation
            }
        }
    }

    private let lock = NSLock()
    private var all: [Held] = []

    public init() {}

    /// Every request so far, answered or not, in the order they came.
    public var held: [Held] { lock.withLock { all } }

    public func execute(_ request: Request) async throws -> [UInt8] {
        try await withCheckedThrowingContinuation { continuation in
            lock.withLock { all.append(Held(request, continuation)) }
        }
    }

    /// Yields on the main actor until `count` requests have come; false if they do not within
    /// `yields` turns (bounded, so a test never hangs).
    @MainActor public func waitForRequests(_ count: Int, yields: Int = 100_000) async -> Bool {
        for _ in 0..<yields {
            if held.count >= count { return true }
            await Task.yield()
        }
        return held.count >= count
    }
}
