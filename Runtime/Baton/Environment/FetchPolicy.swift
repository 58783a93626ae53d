/// When a holder's attach fetches (Relay's four policies). Chosen at attach; it stays with that
/// holder's retention, which says whether runtime-initiated fetches (invalidate, revalidate) may
/// use the network for it.
public enum FetchPolicy: String, Sendable, Equatable {
    /// Fetch when the store misses, deferred parts are not all held, the data is stale, or the last
    /// response carried unplaced errors.
    case storeOrNetwork
    /// Show what the store holds and fetch.
    case storeAndNetwork
    /// Skip the store: loading until its own response, unless another holder already shows the data.
    case networkOnly
    /// Never fetch: with nothing in the store the phase fails with `MissingDataError`.
    case storeOnly

    var allowsNetwork: Bool { self != .storeOnly }
}
