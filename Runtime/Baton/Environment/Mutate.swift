import Observation

extension Environment {
    /// Sends a mutation and commits its response, returning the payload's lens (it reads
    /// `client:root:mutation`), or throwing `RequiredFieldError` when a `@required` null bubbled to
    /// that root. An optimistic payload is laid as a layer in the turn of the call,
    /// before the request leaves; the server's response replaces it in one batch, and a failure
    /// (the transport's error, or a response that cannot be committed) reverts it and is rethrown.
    /// The request runs in a task the caller's cancellation does not reach, so a sent mutation
    /// always commits.
    @discardableResult
    public func mutate<M: Mutation>(_ mutation: M, optimistic: Payload? = nil) async throws -> M.Data {
        guard !hasEnded else { throw EnvironmentError.gone }
        guard let transport else { throw EnvironmentError.noTransport }
        let layer = try optimistic.map { try applyOptimistic(mutation, $0) }
        let request = Request(mutation)
        log?(.fetchStarted(operation: M.name))
        let started = ContinuousClock.now
        do {
            let payload = try await Task { try await transport.payload(request) }.value
            if let layer {
                try await resolve(layer, mutation, payload)
            } else {
                try await commitResponse(mutation, payload)
            }
        } catch {
            if let layer { revert(layer) }
            if !hasEnded {
                let kind = Failure.classify(error).kind
                log?(.fetchFailed(operation: M.name, kind: LogEvent.FetchFailureKind(kind)))
            }
            throw error
        }
        log?(.fetchCompleted(operation: M.name, duration: started.duration(to: .now)))
        // A required null that bubbled to the payload's root fails the call; the response stays
        // committed.
        let data: M.Data = rootLens(for: mutation)
        if let failure = requiredFailure(data) { throw failure }
        return data
    }
}

/// A mutation's typed optimistic response (or a part of it). Its `variable` is what the generated
/// builder renders: the `data` of a response, with what the author left unset absent.
public protocol OptimisticValue: VariableRepresentable, Sendable {}

/// What a generated `X.Action` runs on: one environment, and how many of its calls are in flight,
/// observed like a field so a view shows progress.
@MainActor public final class MutationRunner<M: Mutation>: Observable {
    public let environment: Environment
    private var inFlight = 0
    private let registrar = ObservationRegistrar()

    public init(_ environment: Environment) {
        self.environment = environment
    }

    /// Whether a call has not finished (sent, or waiting to commit).
    public var isInFlight: Bool {
        registrar.access(self, keyPath: \.inFlight)
        return inFlight > 0
    }

    /// Sends `mutation` with its optimistic response, if any; see `Environment.mutate`.
    public func run(_ mutation: M, optimistic: (any OptimisticValue)?) async throws -> M.Data {
        change(by: 1)
        defer { change(by: -1) }
        return try await environment.mutate(mutation, optimistic: optimistic.map { Payload(data: $0.variable) })
    }

    private func change(by delta: Int) {
        registrar.withMutation(of: self, keyPath: \.inFlight) { inFlight += delta }
    }
}
