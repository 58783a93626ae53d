/// How long a failed subscription waits before it reopens: a step doubling from `initial` to
/// `maximum`, each wait jittered to between half and the whole of the step (so many clients that lost
/// one server do not all come back at the same instant), reset by an event.
public struct Backoff: Sendable, Equatable {
    public let initial: Duration
    public let maximum: Duration
    private var step: Duration

    /// The design's rule: one second doubling to thirty.
    public static let standard = Backoff(initial: .seconds(1), maximum: .seconds(30))

    public init(initial: Duration, maximum: Duration) {
        precondition(initial > .zero && maximum >= initial, "a backoff needs 0 < initial <= maximum")
        self.initial = initial
        self.maximum = maximum
        step = initial
    }

    /// The next wait, drawn from `[step / 2, step]` by `random` (a fraction in 0...1), and the step
    /// doubled for the one after.
    public mutating func next(random: Double = Double.random(in: 0...1)) -> Duration {
        let fraction = 0.5 + 0.5 * min(max(random, 0), 1)
        let wait = step * fraction
        step = min(step * 2, maximum)
        return wait
    }

    /// An event came: the next failure waits the initial step again.
    public mutating func reset() { step = initial }
}
