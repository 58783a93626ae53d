import BatonJSON
import CUV
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The libuv loop `baton-lsp` runs on: stdin reading, stdout writing, timers, and a worker
/// queue whose results come back to the loop thread through a `uv_async_t`.
///
/// stdin/stdout that are pipes or terminals are libuv streams. A regular file (or anything
/// else epoll cannot watch) is read by a blocking thread that posts chunks to the loop and
/// written with blocking writes: epoll refuses regular files and `uv_run` would abort.
package final class UVEventLoop: ServerHost {
    /// Called on the loop thread with each chunk read from stdin.
    package var onInput: ((UnsafeRawBufferPointer) -> Void)?
    /// Called once on the loop thread when stdin ends (EOF or a read error).
    package var onEndOfInput: (() -> Void)?

    /// How stdin is read: "pipe", "tty" or "thread".
    package private(set) var stdinMode = "thread"

    private let loop: UnsafeMutablePointer<uv_loop_t>
    private let inputFD: Int32
    private let outputFD: Int32
    private let inbox: LoopInbox
    private let requestWorkers: WorkerQueue
    private let scanWorkers: WorkerQueue
    private var stdinHandle: UnsafeMutableRawPointer?
    private var stdoutHandle: UnsafeMutableRawPointer?
    private var readBuffer: UnsafeMutableRawBufferPointer
    private var pendingWrites = 0
    private var exitCode: Int32?
    private var closing = false
    private var inputEnded = false
    private var loopClosed = false
    private var timers: [ObjectIdentifier: UVTimer] = [:]
    private var completions: [Int: (any Sendable) -> Void] = [:]
    private var nextJob = 0

    /// A loop reading client messages from `input` and writing to `output` (stdin and stdout
    /// for the server; pipes in tests).
    package init(input: Int32 = 0, output: Int32 = 1) {
        signal(SIGPIPE, SIG_IGN)  // a client that went away makes writes fail, not kill us
        inputFD = input
        outputFD = output
        loop = .allocate(capacity: 1)
        uv_loop_init(loop)
        readBuffer = .allocate(byteCount: 64 * 1024, alignment: 16)
        // One thread a lane: the machine this targets has two cores, and the loop thread
        // itself is mostly idle.
        requestWorkers = WorkerQueue(threads: 1)
        scanWorkers = WorkerQueue(threads: 1)

        let async = UnsafeMutablePointer<uv_async_t>.allocate(capacity: 1)
        inbox = LoopInbox(async: async)
        uv_async_init(loop, async) { handle in
            guard let handle, let data = handle.pointee.data else { return }
            Unmanaged<UVEventLoop>.fromOpaque(data).takeUnretainedValue().drainInbox()
        }
        async.pointee.data = Unmanaged.passUnretained(self).toOpaque()
        openStdout()
    }

    /// Reads stdin until the server exits; returns the exit code it asked for.
    package func run() -> Int32 {
        openStdin()
        uv_run(loop, UV_RUN_DEFAULT)
        requestWorkers.stop()
        scanWorkers.stop()
        loopClosed = uv_loop_close(loop) == 0
        return exitCode ?? 1
    }

    deinit {
        readBuffer.deallocate()
        // A loop that never ran to its end still has handles; leaking it beats freeing
        // memory libuv may point into.
        if loopClosed { loop.deallocate() }
    }

    // MARK: ServerHost

    package func send(_ message: JSONRPCMessage) {
        var body: [UInt8] = []
        body.reserveCapacity(256)
        JSONSerializer.write(message.json, into: &body)
        write(MessageFramer.frame(body))
    }

    package func exit(code: Int32) {
        guard exitCode == nil else { return }
        exitCode = code
        stopReading()
        if pendingWrites == 0 { closeEverything() }
    }

    package func schedule(after milliseconds: Int, _ action: @escaping () -> Void) -> ScheduledAction {
        let timer = UVTimer(loop: self, action: action)
        guard !closing else { return timer }
        timers[ObjectIdentifier(timer)] = timer
        timer.start(on: loop, milliseconds: UInt64(max(0, milliseconds)))
        return timer
    }

    package func runInBackground<T: Sendable>(lane: WorkLane, _ work: @escaping @Sendable () -> T, completion: @escaping (T) -> Void) {
        let id = nextJob
        nextJob += 1
        completions[id] = { [weak self] value in
            guard let value = value as? T else {
                self?.log("internal error: a background result of an unexpected type")
                return
            }
            completion(value)
        }
        let inbox = self.inbox
        (lane == .request ? requestWorkers : scanWorkers).enqueue {
            let result = work()
            inbox.post(.jobFinished(id, result))
        }
    }

    package func log(_ message: String) {
        var line = Array("baton-lsp: \(message)\n".utf8)
        Self.writeAll(fd: 2, &line)
    }

    // MARK: Timers

    func timerFinished(_ timer: UVTimer) {
        timers[ObjectIdentifier(timer)] = nil
    }

    // MARK: stdin

    private func openStdin() {
        switch uv_guess_handle(inputFD) {
        case UV_NAMED_PIPE:
            let pipe = UnsafeMutablePointer<uv_pipe_t>.allocate(capacity: 1)
            if uv_pipe_init(loop, pipe, 0) == 0, uv_pipe_open(pipe, inputFD) == 0 {
                startReading(UnsafeMutableRawPointer(pipe), mode: "pipe")
                return
            }
            uv_close(UnsafeMutableRawPointer(pipe).assumingMemoryBound(to: uv_handle_t.self)) { handle in handle?.deallocate() }
        case UV_TTY:
            let tty = UnsafeMutablePointer<uv_tty_t>.allocate(capacity: 1)
            if uv_tty_init(loop, tty, inputFD, 0) == 0 {
                startReading(UnsafeMutableRawPointer(tty), mode: "tty")
                return
            }
            tty.deallocate()
        default:
            break
        }
        readStdinOnThread()
    }

    private func startReading(_ handle: UnsafeMutableRawPointer, mode: String) {
        stdinHandle = handle
        stdinMode = mode
        let stream = handle.assumingMemoryBound(to: uv_stream_t.self)
        stream.pointee.data = Unmanaged.passUnretained(self).toOpaque()
        uv_read_start(
            stream,
            { handle, _, buf in
                // One read is in flight at a time and is consumed synchronously: reuse one buffer.
                let owner = Unmanaged<UVEventLoop>.fromOpaque(handle!.pointee.data).takeUnretainedValue()
                buf!.pointee = uv_buf_init(
                    owner.readBuffer.baseAddress!.assumingMemoryBound(to: CChar.self), UInt32(owner.readBuffer.count))
            },
            { stream, nread, buf in
                let owner = Unmanaged<UVEventLoop>.fromOpaque(stream!.pointee.data).takeUnretainedValue()
                if nread > 0 {
                    owner.onInput?(UnsafeRawBufferPointer(start: buf!.pointee.base, count: nread))
                } else if nread < 0 {
                    if Int32(nread) != UV_EOF.rawValue {
                        owner.log("stdin read failed: \(String(cString: uv_strerror(Int32(nread))))")
                    }
                    owner.endOfInput()
                }
            })
    }

    /// Blocking reads on a thread, for a stdin that is a regular file (or not watchable).
    private func readStdinOnThread() {
        stdinMode = "thread"
        let inbox = self.inbox
        let fd = inputFD
        startThread {
            let size = 64 * 1024
            let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
            defer { buffer.deallocate() }
            while true {
                let n = read(fd, buffer, size)
                if n > 0 {
                    let chunk = Array(UnsafeRawBufferPointer(start: buffer, count: n))
                    guard inbox.post(.input(chunk)) else { return }
                } else if n < 0 && errno == EINTR {
                    continue
                } else {
                    inbox.post(.endOfInput)
                    return
                }
            }
        }
    }

    private func endOfInput() {
        guard !inputEnded else { return }
        inputEnded = true
        stopReading()
        onEndOfInput?()
    }

    private func stopReading() {
        if let handle = stdinHandle {
            uv_read_stop(handle.assumingMemoryBound(to: uv_stream_t.self))
        }
    }

    // MARK: stdout

    private func openStdout() {
        let kind = uv_guess_handle(outputFD)
        if kind == UV_NAMED_PIPE {
            let pipe = UnsafeMutablePointer<uv_pipe_t>.allocate(capacity: 1)
            if uv_pipe_init(loop, pipe, 0) == 0, uv_pipe_open(pipe, outputFD) == 0 {
                stdoutHandle = UnsafeMutableRawPointer(pipe)
                return
            }
            uv_close(UnsafeMutableRawPointer(pipe).assumingMemoryBound(to: uv_handle_t.self)) { handle in handle?.deallocate() }
        } else if kind == UV_TTY {
            let tty = UnsafeMutablePointer<uv_tty_t>.allocate(capacity: 1)
            if uv_tty_init(loop, tty, outputFD, 0) == 0 {
                stdoutHandle = UnsafeMutableRawPointer(tty)
                return
            }
            tty.deallocate()
        }
        // A file or anything else: blocking writes (fast for files).
    }

    private func write(_ bytes: [UInt8]) {
        guard !closing else { return }
        guard let handle = stdoutHandle else {
            var bytes = bytes
            Self.writeAll(fd: outputFD, &bytes)
            return
        }
        // libuv keeps the buffer until the write completes; the request owns a copy.
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, bytes.count), alignment: 1)
        bytes.withUnsafeBytes { storage.copyMemory(from: $0) }
        let request = UnsafeMutablePointer<uv_write_t>.allocate(capacity: 1)
        request.pointee.data = UnsafeMutableRawPointer(Unmanaged.passRetained(WriteContext(loop: self, storage: storage)).toOpaque())
        var buffer = uv_buf_init(storage.baseAddress!.assumingMemoryBound(to: CChar.self), UInt32(bytes.count))
        pendingWrites += 1
        let result = uv_write(request, handle.assumingMemoryBound(to: uv_stream_t.self), &buffer, 1) { request, status in
            let context = Unmanaged<WriteContext>.fromOpaque(request!.pointee.data).takeRetainedValue()
            context.storage.deallocate()
            request!.deallocate()
            context.loop?.writeFinished(status: status)
        }
        if result != 0 {
            let context = Unmanaged<WriteContext>.fromOpaque(request.pointee.data).takeRetainedValue()
            context.storage.deallocate()
            request.deallocate()
            writeFinished(status: result)
        }
    }

    private final class WriteContext {
        weak var loop: UVEventLoop?
        let storage: UnsafeMutableRawBufferPointer
        init(loop: UVEventLoop, storage: UnsafeMutableRawBufferPointer) {
            self.loop = loop
            self.storage = storage
        }
    }

    private func writeFinished(status: Int32) {
        pendingWrites -= 1
        if status < 0 && status != UV_ECANCELED.rawValue {
            log("stdout write failed: \(String(cString: uv_strerror(status)))")
        }
        if exitCode != nil && pendingWrites == 0 { closeEverything() }
    }

    static func writeAll(fd: Int32, _ bytes: inout [UInt8]) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n > 0 { offset += n } else if n < 0 && errno == EINTR { continue } else { return }
            }
        }
    }

    // MARK: The inbox

    private func drainInbox() {
        for item in inbox.takeAll() {
            switch item {
            case .input(let bytes):
                guard !inputEnded, exitCode == nil else { continue }
                bytes.withUnsafeBytes { onInput?($0) }
            case .endOfInput:
                endOfInput()
            case .jobFinished(let id, let result):
                completions.removeValue(forKey: id)?(result)
            }
        }
    }

    // MARK: Ending

    /// Closes every handle so `uv_run` returns (all writes have finished by now).
    private func closeEverything() {
        guard !closing else { return }
        closing = true
        inbox.close()
        for timer in timers.values { timer.cancel() }
        timers.removeAll()
        let freeHandle: uv_close_cb = { handle in handle?.deallocate() }
        if let handle = stdinHandle { uv_close(handle.assumingMemoryBound(to: uv_handle_t.self), freeHandle) }
        if let handle = stdoutHandle { uv_close(handle.assumingMemoryBound(to: uv_handle_t.self), freeHandle) }
        stdinHandle = nil
        stdoutHandle = nil
        uv_close(UnsafeMutableRawPointer(inbox.async).assumingMemoryBound(to: uv_handle_t.self), freeHandle)
    }
}

/// Messages from other threads to the loop thread.
enum InboxItem: Sendable {
    case input([UInt8])
    case endOfInput
    case jobFinished(Int, any Sendable)
}

/// A thread-safe queue drained on the loop thread, woken with `uv_async_send`. After `close`
/// posts are dropped, so no thread touches the async handle once it is being closed.
final class LoopInbox: Sendable {
    nonisolated(unsafe) let async: UnsafeMutablePointer<uv_async_t>
    private let state = Mutex<(items: [InboxItem], closed: Bool)>(([], false))

    init(async: UnsafeMutablePointer<uv_async_t>) {
        self.async = async
    }

    /// Queues an item and wakes the loop; false once the loop is closing.
    @discardableResult
    func post(_ item: InboxItem) -> Bool {
        state.withLock { state in
            guard !state.closed else { return false }
            state.items.append(item)
            uv_async_send(async)
            return true
        }
    }

    func takeAll() -> [InboxItem] {
        state.withLock { state in
            let items = state.items
            state.items.removeAll()
            return items
        }
    }

    func close() {
        state.withLock { $0.closed = true }
    }
}

/// One `uv_timer_t` and its action.
final class UVTimer: ScheduledAction {
    private weak var loop: UVEventLoop?
    private var action: (() -> Void)?
    private var handle: UnsafeMutablePointer<uv_timer_t>?

    init(loop: UVEventLoop, action: @escaping () -> Void) {
        self.loop = loop
        self.action = action
    }

    func start(on uvLoop: UnsafeMutablePointer<uv_loop_t>, milliseconds: UInt64) {
        let handle = UnsafeMutablePointer<uv_timer_t>.allocate(capacity: 1)
        uv_timer_init(uvLoop, handle)
        handle.pointee.data = Unmanaged.passUnretained(self).toOpaque()
        self.handle = handle
        uv_timer_start(
            handle,
            { handle in
                let timer = Unmanaged<UVTimer>.fromOpaque(handle!.pointee.data).takeUnretainedValue()
                let action = timer.action
                timer.cancel()
                action?()
            }, milliseconds, 0)
    }

    func cancel() {
        action = nil
        guard let handle else { return }
        self.handle = nil
        uv_timer_stop(handle)
        uv_close(UnsafeMutableRawPointer(handle).assumingMemoryBound(to: uv_handle_t.self)) { handle in handle?.deallocate() }
        loop?.timerFinished(self)
    }
}
