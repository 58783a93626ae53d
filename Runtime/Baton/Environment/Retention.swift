/// Holds a handle's root while it lives: its records stay, and its holder's fetch policy says whether
/// runtime-initiated fetches may use the network. Keep it in a property, never a local: when the
/// last retention ends, the root waits in the release buffer.
@MainActor public final class Retention {
    private var release: (() -> Void)?
    /// The policy of the attach this retention holds for.
    public let fetchPolicy: FetchPolicy

    init(fetchPolicy: FetchPolicy, release: @escaping () -> Void) {
        self.fetchPolicy = fetchPolicy
        self.release = release
    }

    /// Whether `end()` ran (or the retention went away).
    public var isEnded: Bool { release == nil }

    /// Releases the root now; later calls do nothing.
    public func end() {
        let release = self.release
        self.release = nil
        release?()
    }

    isolated deinit { end() }
}
