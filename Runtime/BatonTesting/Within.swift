import Baton

/// A bounded wait that ran out.
public struct TimedOut: Error, CustomStringConvertible {
    public let what: String
    public init(what: String) { self.what = what }
    public var description: String { "timed out: \(what)" }
}

/// `body`'s result, or `TimedOut` once `limit` passes (the body is then cancelled): every wait a
/// test makes on a stream or a socket is bounded.
public func within<T: Sendable>(_ limit: Duration, _ what: String, _ body: @escaping @Sendable () async throws -> T)
    async throws -> T
{
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: limit)
            throw TimedOut(what: what)
        }
        defer { group.cancelAll() }
        return try await group.next()!
    }
}

/// What a transport stream delivered: its payloads as text, and the error that ended it.
public struct Outcome: Sendable {
    public var payloads: [String] = []
    public var error: (any Error)?

    public init() {}

    public var transportError: TransportError? { error as? TransportError }
    /// The transport error's body as text ("" when it ended otherwise).
    public var message: String { transportError.map { String(decoding: $0.body, as: UTF8.self) } ?? "" }
}

/// Reads `stream` to its end, within `limit`: a guard against a hang only (each step of a transport
/// has its own timeout, and on two busy cores their sum can pass ten seconds).
public func collect(_ stream: AsyncThrowingStream<Payload, any Error>, within limit: Duration = .seconds(60)) async throws
    -> Outcome
{
    try await within(limit, "the stream's end") {
        var outcome = Outcome()
        do {
            for try await payload in stream { outcome.payloads.append(String(decoding: payload.bytes, as: UTF8.self)) }
        } catch {
            outcome.error = error
        }
        return outcome
    }
}
