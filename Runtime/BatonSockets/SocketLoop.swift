import Baton
import CUV
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What other threads ask of a connection's loop thread.
enum SocketCommand: Sendable {
    case write([UInt8])
    case close(code: UInt16, reason: String)
    case abort(WebSocketError)
}

/// The thread-safe way into a loop: commands queue under a lock and `uv_async_send` wakes the
/// loop, which drains them. Once the loop is ending the inbox refuses posts, so no thread touches
/// the async handle after it is closed.
final class SocketInbox: Sendable {
    nonisolated(unsafe) let async: UnsafeMutablePointer<uv_async_t>
    private let state = Locked<(commands: [SocketCommand], closed: Bool, closing: Bool)>(([], false, false))

    init(async: UnsafeMutablePointer<uv_async_t>) {
        self.async = async
    }

    /// Queues a command and wakes the loop; false once the loop is ending, and for a write once a
    /// close was asked for (nothing may follow a close frame).
    @discardableResult
    func post(_ command: SocketCommand) -> Bool {
        state.withLock { state in
            guard !state.closed else { return false }
            switch command {
            case .write: if state.closing { return false }
            case .close: state.closing = true
            case .abort: break
            }
            state.commands.append(command)
            uv_async_send(async)
            return true
        }
    }

    func takeAll() -> [SocketCommand] {
        state.withLock { state in
            defer { state.commands.removeAll() }
            return state.commands
        }
    }

    func close() {
        state.withLock { $0.closed = true }
    }
}

/// A one-time signal any number of tasks can wait for.
final class Completion: Sendable {
    private let state = Locked<(done: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    func signal() {
        let waiters = state.withLock { state in
            state.done = true
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    var isDone: Bool { state.withLock { $0.done } }

    func wait() async {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state in
                if state.done { return true }
                state.waiters.append(continuation)
                return false
            }
            if ready { continuation.resume() }
        }
    }
}

/// Runs `body` on a new detached POSIX thread (the loop thread of one connection).
func startLoopThread(_ body: @escaping @Sendable () -> Void) -> Bool {
    final class Box: @unchecked Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    let box = Unmanaged.passRetained(Box(body)).toOpaque()
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    #if canImport(Glibc)
        var thread = pthread_t()
    #else
        var thread: pthread_t?
    #endif
    let result = pthread_create(
        &thread, &attributes,
        { raw in
            // A write to a socket the server closed raises SIGPIPE in the writing thread, which
            // would end the process. Blocked in this thread (all writes happen on it), the write
            // fails with EPIPE instead, and the app's own SIGPIPE handling is left alone.
            var pipe = sigset_t()
            sigemptyset(&pipe)
            sigaddset(&pipe, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &pipe, nil)
            Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue().body()
            return nil
        }, box)
    pthread_attr_destroy(&attributes)
    if result != 0 { Unmanaged<Box>.fromOpaque(box).release() }
    return result == 0
}

/// libuv's message for a status code.
func uvError(_ status: Int32) -> String {
    String(cString: uv_strerror(status))
}
