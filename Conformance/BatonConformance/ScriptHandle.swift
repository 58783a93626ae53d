@_spi(Generated) import Baton

/// A query's handle as a script drives it by name, whatever its operation: its phase, its fetch,
/// and its calls.
@MainActor final class ScriptHandle {
    let operationName: String
    let variables: Baton.Variables
    let phaseKind: () -> PhaseKind
    let isRefreshing: () -> Bool
    let isStale: () -> Bool
    let fetch: () -> Fetch
    let refetch: () async throws -> Void
    let retry: () -> Void
    let retain: () -> Retention
    /// The handle's own root lens (`O.Data`), whose reads heal the handle's root.
    let data: () -> Any
    /// The retention the script's `attach` made, ended by `release`.
    var retention: Retention?

    init<O: Baton.Query>(_ handle: OperationHandle<O>) {
        operationName = O.name
        variables = handle.operation.variables
        phaseKind = { handle.phase.kind }
        isRefreshing = { handle.isRefreshing }
        isStale = { handle.isStale }
        fetch = { handle.fetch }
        refetch = { try await handle.refetch() }
        retry = { handle.retry() }
        retain = { handle.retain() }
        data = { handle.data }
    }
}
