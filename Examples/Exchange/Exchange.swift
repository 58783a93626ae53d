import Baton
import Foundation

/// The design's "exchange" (§18): app-owned sample code, not a library type. A transport that wraps
/// another and decides, for each failure, whether to send the request again:
///
/// - a 401 is replayed once, after `challenged()` (the app refreshes its credentials, which stay
///   with the base transport);
/// - a 5xx, or a lost or timed-out connection (status 0), is retried a bounded number of times, after
///   a doubling backoff jittered to between half and all of its step;
/// - anything else (another 4xx, a request error, a malformed answer) fails at once;
/// - a mutation is never sent twice (the server may have run it), whatever failed;
/// - a stream that delivered a payload is never sent again: a later failure ends it;
/// - one deadline spans every attempt and every wait until the first payload; a retry whose wait
///   would pass it fails with the last error.
public struct Exchange: Transport {
    public struct Policy: Sendable {
        /// Sends at most this many times for 5xx and lost connections (the 401 replay aside).
        public var attempts: Int
        /// The first backoff step; each retry doubles it, up to `maximumBackoff`.
        public var backoff: Duration
        public var maximumBackoff: Duration
        /// From `send` to the first payload, across every attempt and wait.
        public var deadline: Duration

        public init(
            attempts: Int = 3, backoff: Duration = .milliseconds(250), maximumBackoff: Duration = .seconds(8),
            deadline: Duration = .seconds(30)
        ) {
            self.attempts = attempts
            self.backoff = backoff
            self.maximumBackoff = maximumBackoff
            self.deadline = deadline
        }
    }

    private let base: any Transport
    private let policy: Policy
    private let challenged: @Sendable () async throws -> Void
    /// A fraction in 0.5...1 for each wait (random; a test may fix it).
    private let jitter: @Sendable () -> Double

    public init(
        base: any Transport, policy: Policy = Policy(),
        challenged: @escaping @Sendable () async throws -> Void = {},
        jitter: @escaping @Sendable () -> Double = { Double.random(in: 0.5...1) }
    ) {
        self.base = base
        self.policy = policy
        self.challenged = challenged
        self.jitter = jitter
    }

    public func send(_ request: Request) -> AsyncThrowingStream<Payload, any Error> {
        let exchange = self
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    try await exchange.run(request, into: continuation)
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// What ended one attempt.
    private enum Outcome {
        case finished
        case failed(any Error, delivered: Bool)
    }

    private func run(_ request: Request, into continuation: AsyncThrowingStream<Payload, any Error>.Continuation)
        async throws
    {
        let clock = ContinuousClock()
        let deadline = clock.now + policy.deadline
        var sent = 0
        var replayed = false
        var step = policy.backoff
        while true {
            sent += 1
            switch await attempt(request, until: deadline, into: continuation) {
            case .finished:
                return
            case .failed(let error, let delivered):
                if delivered || Task.isCancelled { throw error }
                if Self.status(of: error) == 401, !replayed {
                    replayed = true
                    try await challenged()
                    if request.kind == .mutation { throw error }
                    sent -= 1  // the replay is not one of the bounded retries
                    continue
                }
                guard request.kind != .mutation, Self.isRetryable(error), sent < policy.attempts else { throw error }
                let wait = step * jitter()
                step = min(step * 2, policy.maximumBackoff)
                guard clock.now + wait < deadline else { throw error }
                try await Task.sleep(for: wait)
            }
        }
    }

    /// One send of `request`, its payloads passed on; bounded by `deadline` until the first one.
    private func attempt(
        _ request: Request, until deadline: ContinuousClock.Instant,
        into continuation: AsyncThrowingStream<Payload, any Error>.Continuation
    ) async -> Outcome {
        let delivered = Delivered()
        let base = base
        let limit = policy.deadline
        return await withTaskGroup(of: Outcome?.self) { group in
            group.addTask {
                do {
                    for try await payload in base.send(request) {
                        delivered.mark()
                        continuation.yield(payload)
                    }
                    return .finished
                } catch {
                    return .failed(error, delivered: delivered.value)
                }
            }
            group.addTask {
                // The deadline bounds the wait for the first payload only: a delivered stream runs on.
                try? await Task.sleep(until: deadline, clock: .continuous)
                if Task.isCancelled || delivered.value { return nil }
                let message = "\(request.operationName): no answer within the deadline of \(limit)"
                return .failed(TransportError(statusCode: 0, message: message), delivered: false)
            }
            var outcome: Outcome = .finished
            for await result in group {
                guard let result else { continue }
                outcome = result
                break
            }
            group.cancelAll()
            return outcome
        }
    }

    static func status(of error: any Error) -> Int? { (error as? TransportError)?.statusCode }

    /// 5xx, or no complete response (status 0: refused, lost, timed out).
    static func isRetryable(_ error: any Error) -> Bool {
        guard let status = status(of: error) else { return false }
        return status == 0 || (500...599).contains(status)
    }
}

/// Whether an attempt delivered a payload, read across its two tasks.
private final class Delivered: @unchecked Sendable {
    private let lock = NSLock()
    private var delivered = false

    var value: Bool { lock.withLock { delivered } }
    func mark() { lock.withLock { delivered = true } }
}
