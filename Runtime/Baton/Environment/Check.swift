/// Where the availability check found an operation's data: all in memory, filled
/// from the image, or missing. There is no image yet, so the check answers `memory` or `miss`.
public enum CheckAnswer: String, Sendable, Equatable {
    case memory, image, miss
}

extension Environment {
    /// Runs the availability check for an operation value, as making its handle does, without
    /// making one or fetching (the scripts' `check` step). Deferred parts are not waited for.
    public func check<O: Operation>(_ operation: O) -> CheckAnswer {
        guard !hasEnded else { return .miss }
        let availability = Availability.check(O.plan, operation.variables, in: store)
        store.bind(availability)
        return availability.holds ? .memory : .miss
    }
}
