/// Where the availability check found an operation's data: all in memory, filled from the image
/// (the walk re-ran with the image at hand), or missing.
public enum CheckAnswer: String, Sendable, Equatable {
    case memory, image, miss
}

extension Environment {
    /// Runs the availability check for an operation value, as making its handle does, without
    /// making one or fetching (the scripts' `check` step). Deferred parts are not waited for.
    public func check<O: Operation>(_ operation: O) -> CheckAnswer {
        guard !hasEnded else { return .miss }
        let variables = operation.variables
        let availability = Availability.check(O.plan, variables, in: store)
        store.bind(availability)
        if availability.holds { return .memory }
        let filled = Hydration.run(O.plan, variables, root: RootKey(name: O.name, variables: variables), in: store)
        guard filled else { return .miss }
        settleHandles()
        let again = Availability.check(O.plan, variables, in: store)
        store.bind(again)
        return again.holds ? .image : .miss
    }
}
