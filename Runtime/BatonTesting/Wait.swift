/// Waits on the main actor until `condition` holds, yielding between checks so the environment's
/// tasks run; false when `timeout` passes first (a test never hangs). The default is generous: a
/// whole suite on two busy cores may leave the environment's tasks waiting for seconds.
@MainActor @discardableResult
public func wait(until condition: @MainActor () -> Bool, timeout: Duration = .seconds(120)) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    var turns = 0
    while !condition() {
        if clock.now >= deadline { return false }
        turns += 1
        // Mostly yields; now and then a short sleep, so work off the main actor gets the cores.
        if turns % 64 == 0 {
            try? await Task.sleep(for: .milliseconds(1))
        } else {
            await Task.yield()
        }
    }
    return true
}
