import Foundation

/// State other threads share, behind a lock: the transports' (the WebSocket protocol client's, and
/// `BatonSockets`' loop). An `NSLock` rather than Synchronization's `Mutex`: on Linux `Mutex` waits
/// on a futex inside the uninstrumented standard library, so ThreadSanitizer cannot see it order
/// the accesses and reports races that are not there (seen in CI on `SocketInbox`); the pthread
/// mutex under `NSLock` it does see.
package final class Locked<State>: @unchecked Sendable {
    private let lock = NSLock()
    private var state: State

    package init(_ state: State) { self.state = state }

    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
