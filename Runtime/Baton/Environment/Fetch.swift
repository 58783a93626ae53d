/// A handle's last fetch as a value: none running, one in flight, or the last one failed (with its
/// failure and when). A failure behind data leaves the phase as it was and sits here until the next
/// response.
public enum Fetch: Sendable {
    case idle
    case inFlight
    case failed(Failure, at: ContinuousClock.Instant)

    /// The failure's kind when failed.
    public var failureKind: Failure.Kind? {
        if case .failed(let failure, _) = self { failure.kind } else { nil }
    }

    public var isInFlight: Bool {
        if case .inFlight = self { true } else { false }
    }

    /// Whether two fetch states are the same (a failure: same kind, same instant), so setting an
    /// equal state tells no observer.
    func same(as other: Fetch) -> Bool {
        switch (self, other) {
        case (.idle, .idle), (.inFlight, .inFlight): true
        case (.failed(let a, let at), .failed(let b, let bt)): a.kind == b.kind && at == bt
        default: false
        }
    }
}

/// Why a fetch failed: a closed set of four kinds.
public struct Failure: Error, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable, Equatable {
        /// The transport threw; `underlying` is what it threw, unchanged.
        case transport
        /// The server answered errors and no data; `underlying` is `GraphQLErrors`.
        case request
        /// The plan could not read the response; `underlying` is the `IngestError`.
        case malformed
        /// Nothing could send the request; `underlying` is the `EnvironmentError`.
        case environment
    }

    public let kind: Kind
    public let underlying: any Error

    public init(_ kind: Kind, _ underlying: any Error) {
        self.kind = kind
        self.underlying = underlying
    }

    /// The server's errors, for a request failure.
    public var errors: [ResponseError] { (underlying as? GraphQLErrors)?.errors ?? [] }

    public var description: String { "\(kind) failure: \(underlying)" }

    /// Classifies what a fetch met: the ingest's request and malformed errors, the environment's, and
    /// anything else as the transport's.
    static func classify(_ error: any Error) -> Failure {
        switch error {
        case let failure as Failure: failure
        // A transport that read the server's errors itself (a socket's `error` message, an error
        // response by its media type) throws them as they are.
        case let errors as GraphQLErrors: Failure(.request, errors)
        case let ingest as IngestError where ingest.kind == .request: Failure(.request, GraphQLErrors(ingest.errors))
        case let ingest as IngestError: Failure(.malformed, ingest)
        case let environment as EnvironmentError: Failure(.environment, environment)
        default: Failure(.transport, error)
        }
    }
}

/// A server's errors without data: each error's message, path and `extensions`, as sent.
public struct GraphQLErrors: Error, Sendable, Equatable {
    public let errors: [ResponseError]

    public init(_ errors: [ResponseError]) { self.errors = errors }
}
