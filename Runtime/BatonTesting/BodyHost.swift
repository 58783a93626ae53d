import Observation

/// Stands in for a view's body in tests: runs a closure under `withObservationTracking`, and when a
/// field it read changes, runs it again (once, whatever else changed in the same batch), counting the
/// runs. So a test proves a body re-ran because a field it read changed, and at no other time.
///
/// Observation calls back when the batch notifies, before the body may run again; the re-run is
/// queued for the main actor, as a view's would be for the next frame. `flush()` runs it at once.
@MainActor public final class BodyHost<Output> {
    private let body: @MainActor () -> Output
    /// How many times the body ran (the first run included).
    public private(set) var runs = 0
    /// How many times a field the body read was notified (one per tracking scope, at most).
    public private(set) var invalidations = 0
    private var latest: Output?
    private var pending = false

    /// Runs `body` once, tracked.
    public init(_ body: @escaping @MainActor () -> Output) {
        self.body = body
        runTracked()
    }

    /// What the body returned last time.
    public var output: Output { latest! }

    /// Whether a re-run is queued.
    public var isPending: Bool { pending }

    /// Runs the body now if a field it read changed since its last run; true when it ran.
    @discardableResult
    public func flush() -> Bool {
        guard pending else { return false }
        pending = false
        runTracked()
        return true
    }

    /// Lets queued re-runs happen (yields to the main actor until none is pending).
    public func settle() async {
        while pending { await Task.yield() }
    }

    private func runTracked() {
        runs += 1
        latest = withObservationTracking {
            body()
        } onChange: { [weak self] in
            MainActor.assumeIsolated { self?.invalidated() }
        }
    }

    private func invalidated() {
        invalidations += 1
        guard !pending else { return }
        pending = true
        Task { @MainActor [weak self] in self?.flush() }
    }
}
