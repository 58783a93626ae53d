/// What a handle shows: its data, that it is still loading, or why it cannot show data. Always read
/// synchronously, never awaited (named after `AsyncImagePhase`).
public enum Phase<Data> {
    case loading
    case ready(Data)
    case failed(any Error)

    /// The data when ready.
    public var data: Data? {
        if case .ready(let data) = self { data } else { nil }
    }

    /// The error when failed.
    public var error: (any Error)? {
        if case .failed(let error) = self { error } else { nil }
    }

    /// The phase as the specification's scripts name it: `loading`, `ready`, or the failure's kind.
    public var kind: PhaseKind {
        switch self {
        case .loading: .loading
        case .ready: .ready
        case .failed(let error): PhaseKind(error)
        }
    }
}

/// A phase by name (the scripts' `phase` expectation): the failures a verdict gives (`fieldErrors`,
/// `requiredField`), a store-only miss (`missingData`), the end (`gone`), and a fetch's failure kinds.
public enum PhaseKind: String, Sendable, Equatable {
    case loading, ready
    case fieldErrors, requiredField, missingData, gone
    case transport, request, malformed, environment

    init(_ error: any Error) {
        switch error {
        case is FieldErrors: self = .fieldErrors
        case is RequiredFieldError: self = .requiredField
        case is MissingDataError: self = .missingData
        case let environment as EnvironmentError where environment == .gone: self = .gone
        case let failure as Failure:
            switch failure.kind {
            case .transport: self = .transport
            case .request: self = .request
            case .malformed: self = .malformed
            case .environment: self = failure.underlying as? EnvironmentError == .gone ? .gone : .environment
            }
        default: self = .environment
        }
    }
}

/// A store-only handle found nothing to show, and sent no request: it becomes ready when a commit
/// supplies the data.
public struct MissingDataError: Error, Sendable, Equatable {
    /// The operation's name.
    public let operation: String

    public init(operation: String) { self.operation = operation }
}

/// The root lens of a `@throwOnFieldError` operation: an uncaught field error in its own selection
/// (or among the response's unplaced errors) fails the handle's phase with `FieldErrors`.
public protocol ThrowingRoot: ErrorScopedLens {}
