import Baton
import Foundation

/// A transport that never answers: previews and tests that fill the store by payloads. Its streams
/// end only when their consumer cancels them.
public struct SilentTransport: Transport {
    public init() {}

    public func send(_ request: Request) -> AsyncThrowingStream<Payload, any Error> {
        // The continuation is kept until the consumer cancels, so the stream neither answers nor ends.
        AsyncThrowingStream { continuation in
            continuation.onTermination = { _ in _ = continuation }
        }
    }
}

/// A transport that answers from recordings: by operation name, or through a responder that sees the
/// whole request. It keeps every request it saw. An operation it has no answer for fails with
/// `TransportError` status 0.
public final class RecordedTransport: Transport, @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [Request] = []
    private let responder: @Sendable (Request) throws -> [UInt8]

    /// Answers each request with what `responder` gives, or throws what it throws.
    public init(responder: @escaping @Sendable (Request) throws -> [UInt8]) {
        self.responder = responder
    }

    /// Answers by operation name (`[CharacterQuery.name: bytes]`).
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

    public func send(_ request: Request) -> AsyncThrowingStream<Payload, any Error> {
        lock.withLock { seen.append(request) }
        let responder = responder
        return AsyncThrowingStream { continuation in
            do {
                continuation.yield(Payload(try responder(request)))
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
    }
}

/// A transport the test drives: it answers queries from a map, holds mutations (and any operation the
/// test names, and any query it has no answer for) until the test answers them (`held[i].respond`,
/// `refuse`), and hands each subscription's stream to the test (`driven[i].send`, `complete`, `fail`).
public final class ScriptedTransport: Transport, @unchecked Sendable {
    /// One request waiting for its answer.
    public final class Held: @unchecked Sendable {
        public let request: Request
        private let lock = NSLock()
        private var continuation: AsyncThrowingStream<Payload, any Error>.Continuation?

        init(_ request: Request, _ continuation: AsyncThrowingStream<Payload, any Error>.Continuation) {
            self.request = request
            self.continuation = continuation
        }

        /// Whether the test answered or refused it (or its consumer went away).
        public var isAnswered: Bool { lock.withLock { continuation == nil } }

        /// Answers with response bytes. A request is answered once; later answers do nothing.
        public func respond(_ bytes: [UInt8]) { respond(parts: [Payload(bytes)]) }
        public func respond(json: String) { respond(Array(json.utf8)) }
        public func respond(_ payload: Payload) { respond(parts: [payload]) }
        /// Answers with the parts of an incremental response, in order.
        public func respond(parts: [Payload]) {
            guard let continuation = take() else { return }
            for part in parts { continuation.yield(part) }
            continuation.finish()
        }

        /// Fails the request with `error`.
        public func refuse(_ error: any Error = TransportError(statusCode: 0, message: "refused")) {
            take()?.finish(throwing: error)
        }

        private func take() -> AsyncThrowingStream<Payload, any Error>.Continuation? {
            lock.withLock {
                defer { continuation = nil }
                return continuation
            }
        }

        func abandon() { _ = take() }
    }

    /// One subscription's stream, driven by the test.
    public final class Driven: @unchecked Sendable {
        public let request: Request
        private let continuation: AsyncThrowingStream<Payload, any Error>.Continuation
        private let lock = NSLock()
        private var closed = false

        init(_ request: Request, _ continuation: AsyncThrowingStream<Payload, any Error>.Continuation) {
            self.request = request
            self.continuation = continuation
            // The client closing it (parked, released) is what a server sees as the stream's end.
            continuation.onTermination = { [weak self] _ in self?.lock.withLock { self?.closed = true } }
        }

        /// Whether the stream is still open: neither ended by the test nor closed by the client.
        public var isOpen: Bool { lock.withLock { !closed } }

        /// Delivers one event.
        public func send(_ payload: Payload) { continuation.yield(payload) }
        public func send(json: String) { send(Payload(json: json)) }
        /// Ends the stream as a server's completion does.
        public func complete() { continuation.finish() }
        /// Ends the stream with a failure.
        public func fail(_ error: any Error = TransportError(statusCode: 0, message: "failed")) {
            continuation.finish(throwing: error)
        }
    }

    private let lock = NSLock()
    private var all: [Held] = []
    private var streams: [Driven] = []
    private var sent: [Request] = []
    private let responses: [String: [UInt8]]
    private let holding: Set<String>

    /// `responses` answers queries by operation name at once; `holding` names operations held even so.
    public init(responses: [String: [UInt8]] = [:], holding: Set<String> = []) {
        self.responses = responses
        self.holding = holding
    }

    /// Every request held so far, answered or not, in the order they came.
    public var held: [Held] { lock.withLock { all } }
    /// The held requests not answered yet.
    public var waiting: [Held] { held.filter { !$0.isAnswered } }
    /// Every subscription stream so far.
    public var driven: [Driven] { lock.withLock { streams } }
    /// Every request, in the order they came.
    public var requests: [Request] { lock.withLock { sent } }
    public var requestCount: Int { lock.withLock { sent.count } }

    /// The requests of one kind.
    public func requests(_ kind: OperationKind) -> [Request] { requests.filter { $0.kind == kind } }

    public func send(_ request: Request) -> AsyncThrowingStream<Payload, any Error> {
        lock.withLock { sent.append(request) }
        if request.kind == .query, !holding.contains(request.operationName),
            let bytes = responses[request.operationName]
        {
            return AsyncThrowingStream { continuation in
                continuation.yield(Payload(bytes))
                continuation.finish()
            }
        }
        let (stream, continuation) = AsyncThrowingStream<Payload, any Error>.makeStream()
        if request.kind == .subscription {
            lock.withLock { streams.append(Driven(request, continuation)) }
        } else {
            let held = Held(request, continuation)
            // A consumer that goes away (a superseded fetch) leaves the request answered.
            continuation.onTermination = { [weak held] _ in held?.abandon() }
            lock.withLock { all.append(held) }
        }
        return stream
    }

    /// Yields on the main actor until `count` requests are held; false if they are not within
    /// `yields` turns (bounded, so a test never hangs).
    @MainActor public func waitForRequests(_ count: Int, yields: Int = 100_000) async -> Bool {
        for _ in 0..<yields {
            if held.count >= count { return true }
            await Task.yield()
        }
        return held.count >= count
    }
}
