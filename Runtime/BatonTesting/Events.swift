import Baton

/// Collects an environment's log events, for assertions on names and counts.
@MainActor public final class Events {
    public private(set) var all: [LogEvent] = []

    public init() {}

    /// Starts collecting the environment's events.
    public func attach(to environment: Environment) {
        environment.log = { [weak self] event in
            MainActor.assumeIsolated { self?.all.append(event) }
        }
    }

    public func removeAll() { all.removeAll() }
}
