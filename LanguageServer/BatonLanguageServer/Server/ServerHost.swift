/// What the server needs from the process around it: a way to send, to stop, to wait and to
/// work off the loop thread. `UVEventLoop` is the real one; tests can drive the server with a
/// host that runs everything by hand.
///
/// Every method is called on the loop thread, and every callback the host makes (timer
/// actions, background completions) runs on the loop thread too: the server's state needs no
/// locks.
package protocol ServerHost: AnyObject {
    /// Writes one message (framed by the host).
    func send(_ message: JSONRPCMessage)
    /// Finishes writing what was sent, then ends the process with `code`.
    func exit(code: Int32)
    /// Runs `action` on the loop thread after `milliseconds` unless cancelled first.
    func schedule(after milliseconds: Int, _ action: @escaping () -> Void) -> ScheduledAction
    /// Runs `work` on a worker thread of `lane`, then `completion` with its result on the
    /// loop thread. Lanes do not wait for each other.
    func runInBackground<T: Sendable>(lane: WorkLane, _ work: @escaping @Sendable () -> T, completion: @escaping (T) -> Void)
    /// A line for the server's own log (stderr), not a protocol message.
    func log(_ message: String)
}

/// Where background work queues. A request never waits behind a workspace scan or a full
/// revalidation: they have separate workers.
package enum WorkLane: Sendable, CaseIterable {
    /// Answers a client is waiting for (hover, completion, definition, pulled diagnostics).
    case request
    /// Work nobody waits on directly: scanning files, validating for pushed diagnostics.
    case scan
}

/// A timer's action that has not run yet.
package protocol ScheduledAction: AnyObject {
    /// Keeps the action from running; cancelling after it ran does nothing.
    func cancel()
}
