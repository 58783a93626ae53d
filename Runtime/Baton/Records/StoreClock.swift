import Foundation

/// The store's time: the monotonic clock that ages data and the wall clock that dates it, both moved
/// together by `advance(by:)` so a test ages data without waiting.
@MainActor public final class StoreClock {
    private var offset: Duration = .zero
    /// Told when a test moves the clock (the environment re-reads its handles' staleness).
    var onAdvance: (() -> Void)?

    public init() {}

    public var now: ContinuousClock.Instant { ContinuousClock.now.advanced(by: offset) }

    public var date: Date {
        let (seconds, attoseconds) = offset.components
        return Date().addingTimeInterval(Double(seconds) + Double(attoseconds) / 1e18)
    }

    /// Moves both clocks forward.
    public func advance(by duration: Duration) {
        offset += duration
        onAdvance?()
    }
}
