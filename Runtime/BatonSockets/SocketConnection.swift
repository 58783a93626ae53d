import CUV

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One WebSocket connection's libuv side: resolve, TCP connect, handshake, frames in and out,
/// the close handshake, each step under a timer. Everything below `init` runs on the connection's
/// own loop thread; other threads reach it only through `inbox`.
///
/// One loop (and thread) a connection rather than one shared loop: a connection's loop lives
/// exactly as long as it does, so there is no process-wide loop to start, keep alive or stop, and
/// a transport holds one connection at a time, so the count of threads stays one a transport.
final class SocketConnection: @unchecked Sendable {
    enum State { case resolving, connecting, tlsHandshaking, handshaking, open, closing, finished }

    let inbox: SocketInbox
    let ended = Completion()
    private let loop: UnsafeMutablePointer<uv_loop_t>
    private let timer: UnsafeMutablePointer<uv_timer_t>
    private var tcp: UnsafeMutablePointer<uv_tcp_t>?
    private var state = State.resolving
    private var handshake: WebSocketHandshake
    private var decoder: WebSocketFrameDecoder
    private var assembler: WebSocketMessageAssembler
    private let options: WebSocket.Options
    private var opened: CheckedContinuation<Void, any Error>?
    /// The server's events, a batch for each read: one hand-off for all the messages a read held.
    private let events: AsyncThrowingStream<[WebSocketEvent], any Error>.Continuation
    private var addresses: [sockaddr_storage] = []
    private let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
    private var closeSent = false
    /// Whether the connection is `wss://`; `tls` is its session once the TCP is connected.
    private let secure: Bool
    private var tls: TLSSession?

    init(
        host: String, port: Int, path: String, secure: Bool, subprotocol: String, headers: [String: String],
        options: WebSocket.Options, events: AsyncThrowingStream<[WebSocketEvent], any Error>.Continuation
    ) {
        self.secure = secure
        handshake = WebSocketHandshake(host: host, port: port, path: path, subprotocol: subprotocol, headers: headers)
        decoder = WebSocketFrameDecoder(maxPayload: options.maxMessageSize)
        assembler = WebSocketMessageAssembler(maxMessage: options.maxMessageSize)
        self.options = options
        self.events = events
        loop = .allocate(capacity: 1)
        uv_loop_init(loop)
        let async = UnsafeMutablePointer<uv_async_t>.allocate(capacity: 1)
        inbox = SocketInbox(async: async)
        // Both handles are made here, before the loop thread exists, so `post` is safe at once.
        uv_async_init(loop, async) { handle in
            SocketConnection.owner(handle!.pointee.data).drainInbox()
        }
        timer = .allocate(capacity: 1)
        uv_timer_init(loop, timer)
        async.pointee.data = Unmanaged.passUnretained(self).toOpaque()
        timer.pointee.data = Unmanaged.passUnretained(self).toOpaque()
    }

    deinit {
        readBuffer.deallocate()
    }

    private static func owner(_ data: UnsafeMutableRawPointer?) -> SocketConnection {
        Unmanaged<SocketConnection>.fromOpaque(data!).takeUnretainedValue()
    }

    /// Starts the loop thread; `opened` is resumed once the handshake succeeds or anything fails.
    func start(opened: CheckedContinuation<Void, any Error>) {
        self.opened = opened
        // The thread holds the connection until its loop has ended.
        let started = startLoopThread { [self] in
            self.resolve()
            uv_run(self.loop, UV_RUN_DEFAULT)
            if uv_loop_close(self.loop) == 0 { self.loop.deallocate() }
        }
        if !started {
            self.opened = nil
            opened.resume(throwing: WebSocketError(.connection, "could not start the socket's thread"))
            events.finish(throwing: WebSocketError(.connection, "could not start the socket's thread"))
            ended.signal()
        }
    }

    // MARK: Connecting

    private func resolve() {
        startTimer(options.connectTimeout, "connecting to \(handshake.host):\(handshake.port)")
        let request = UnsafeMutablePointer<uv_getaddrinfo_t>.allocate(capacity: 1)
        request.pointee.data = Unmanaged.passUnretained(self).toOpaque()
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        let status = uv_getaddrinfo(
            loop, request,
            { request, status, result in
                let owner = SocketConnection.owner(request!.pointee.data)
                request!.deallocate()
                owner.resolved(status: status, result)
                uv_freeaddrinfo(result)
            }, handshake.host, String(handshake.port), &hints)
        if status != 0 {
            request.deallocate()
            fail(WebSocketError(.connection, "cannot resolve \(handshake.host): \(uvError(status))"))
        }
    }

    private func resolved(status: Int32, _ result: UnsafeMutablePointer<addrinfo>?) {
        guard state == .resolving else { return }
        guard status == 0 else {
            fail(WebSocketError(.connection, "cannot resolve \(handshake.host): \(uvError(status))"))
            return
        }
        var entry = result
        while let info = entry {
            if let address = info.pointee.ai_addr, info.pointee.ai_addrlen <= MemoryLayout<sockaddr_storage>.size {
                var storage = sockaddr_storage()
                withUnsafeMutableBytes(of: &storage) {
                    $0.copyMemory(from: UnsafeRawBufferPointer(start: address, count: Int(info.pointee.ai_addrlen)))
                }
                addresses.append(storage)
            }
            entry = info.pointee.ai_next
        }
        state = .connecting
        connectNext(lastError: "no address for \(handshake.host)")
    }

    /// Tries the next resolved address (localhost may name ::1 first and the server only 127.0.0.1).
    private func connectNext(lastError: String) {
        guard !addresses.isEmpty else {
            fail(WebSocketError(.connection, "cannot connect to \(handshake.host):\(handshake.port): \(lastError)"))
            return
        }
        var address = addresses.removeFirst()
        let tcp = UnsafeMutablePointer<uv_tcp_t>.allocate(capacity: 1)
        uv_tcp_init(loop, tcp)
        tcp.pointee.data = Unmanaged.passUnretained(self).toOpaque()
        self.tcp = tcp
        let request = UnsafeMutablePointer<uv_connect_t>.allocate(capacity: 1)
        request.pointee.data = Unmanaged.passUnretained(self).toOpaque()
        let status = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                uv_tcp_connect(request, tcp, address) { request, status in
                    let owner = SocketConnection.owner(request!.pointee.data)
                    request!.deallocate()
                    owner.connected(status: status)
                }
            }
        }
        if status != 0 {
            request.deallocate()
            closeTCP()
            connectNext(lastError: uvError(status))
        }
    }

    private func connected(status: Int32) {
        guard state == .connecting else { return }
        guard status == 0 else {
            closeTCP()
            connectNext(lastError: uvError(status))
            return
        }
        guard let tcp else { return }
        uv_tcp_nodelay(tcp, 1)
        // Reading starts first: a write that fails at once ends the connection (and its handle).
        let stream = UnsafeMutableRawPointer(tcp).assumingMemoryBound(to: uv_stream_t.self)
        uv_read_start(
            stream,
            { handle, _, buffer in
                // Reads are consumed synchronously, one at a time: one buffer serves them all.
                let owner = SocketConnection.owner(handle!.pointee.data)
                buffer!.pointee = uv_buf_init(
                    owner.readBuffer.baseAddress!.assumingMemoryBound(to: CChar.self), UInt32(owner.readBuffer.count))
            },
            { stream, count, buffer in
                let owner = SocketConnection.owner(stream!.pointee.data)
                if count > 0 {
                    owner.received(UnsafeRawBufferPointer(start: buffer!.pointee.base, count: count))
                } else if count < 0 {
                    owner.readEnded(status: Int32(count))
                }
            })
        if secure {
            do {
                tls = try TLSSession(host: handshake.host, trusted: options.trustedCertificates)
            } catch {
                fail(error)
                return
            }
            state = .tlsHandshaking
            startTimer(options.handshakeTimeout, "the TLS handshake")
            advanceTLS(fed: false)
        } else {
            beginUpgrade()
        }
    }

    private func beginUpgrade() {
        state = .handshaking
        startTimer(options.handshakeTimeout, "the WebSocket handshake")
        write(handshake.request)
    }

    /// Takes the TLS handshake as far as the bytes fed allow, then decrypts what follows.
    private func advanceTLS(fed: Bool) {
        guard let tls else { return }
        do {
            if state == .tlsHandshaking {
                let done = try tls.handshake()
                flushTLS()
                guard done else { return }
                beginUpgrade()
            }
            guard fed else { return }
            let plain = try tls.read()
            flushTLS()
            if !plain.isEmpty { plain.withUnsafeBytes { receivedPlain($0) } }
        } catch {
            fail(error)
        }
    }

    private func flushTLS() {
        guard let output = tls?.output(), !output.isEmpty else { return }
        writeTCP(output)
    }

    // MARK: Reading

    private func received(_ bytes: UnsafeRawBufferPointer) {
        if let tls {
            tls.feed(bytes)
            advanceTLS(fed: true)
        } else {
            receivedPlain(bytes)
        }
    }

    private func receivedPlain(_ bytes: UnsafeRawBufferPointer) {
        switch state {
        case .handshaking:
            do {
                guard let rest = try handshake.receive(bytes) else { return }
                state = .open
                stopTimer()
                opened?.resume()
                opened = nil
                decoder.append(rest)
            } catch {
                fail(error)
                return
            }
        case .open, .closing:
            decoder.append(bytes)
        default:
            return
        }
        readFrames()
    }

    private func readFrames() {
        var batch: [WebSocketEvent] = []
        do {
            while state == .open || state == .closing, let frame = try decoder.next() {
                guard let event = try assembler.take(frame) else { continue }
                batch.append(event)
                switch event {
                case .ping(let payload):
                    if !closeSent { write(WebSocketFrame(opcode: .pong, payload: payload).encoded()) }
                case .close(let code, _):
                    if !closeSent {
                        // Echo the peer's code, as section 5.5.1 asks; then the peer ends the TCP.
                        closeSent = true
                        let echo = code.map { WebSocketFrame.close(code: $0, reason: "") } ?? WebSocketFrame(opcode: .close, payload: [])
                        write(echo.encoded())
                    }
                    events.yield(batch)
                    finish(nil, afterWrites: true)
                    return
                default:
                    break
                }
            }
        } catch {
            // What the read held before the violation is delivered, then the failure.
            if !batch.isEmpty { events.yield(batch) }
            violated(error)
            return
        }
        if !batch.isEmpty { events.yield(batch) }
    }

    private func readEnded(status: Int32) {
        switch state {
        case .tlsHandshaking:
            fail(WebSocketError(.connection, "the server closed the connection during the TLS handshake (\(uvError(status)))"))
        case .handshaking:
            fail(WebSocketError(.handshake(status: nil), "the server closed the connection during the handshake (\(uvError(status)))"))
        case .open:
            let place = decoder.pendingByteCount > 0 ? " in the middle of a frame" : ""
            let why = status == UV_EOF.rawValue ? "closed the TCP connection" : "broke the connection (\(uvError(status)))"
            fail(WebSocketError(.connection, "the server \(why)\(place) without a close frame"))
        case .closing:
            finish(nil)
        default:
            break
        }
    }

    /// The peer broke the protocol: close with the violation's code, then fail.
    private func violated(_ error: WebSocketError) {
        if case .protocolViolation(let code) = error.kind, !closeSent {
            closeSent = true
            write(WebSocketFrame.close(code: code, reason: "").encoded())
        }
        finish(error, afterWrites: true)
    }

    // MARK: Commands

    private func drainInbox() {
        for command in inbox.takeAll() {
            switch command {
            case .write(let bytes):
                if state == .open { write(bytes) }
            case .close(let code, let reason):
                switch state {
                case .open: break
                case .resolving, .connecting, .tlsHandshaking, .handshaking:
                    fail(WebSocketError(.closed, "closed before the connection opened"))
                    continue
                case .closing, .finished: continue
                }
                state = .closing
                closeSent = true
                write(WebSocketFrame.close(code: code, reason: reason).encoded())
                startTimer(options.closeTimeout, "the close handshake")
            case .abort(let error):
                fail(error)
            }
        }
    }

    // MARK: Writing

    private final class WriteContext {
        let storage: UnsafeMutableRawBufferPointer
        let owner: SocketConnection
        init(storage: UnsafeMutableRawBufferPointer, owner: SocketConnection) {
            self.storage = storage
            self.owner = owner
        }
    }

    private var pendingWrites = 0
    private var finishAfterWrites: WebSocketError??

    /// Writes `bytes` to the peer: through TLS for `wss://`.
    private func write(_ bytes: [UInt8]) {
        guard let tls else { return writeTCP(bytes) }
        do {
            try tls.write(bytes)
        } catch {
            return fail(error)
        }
        flushTLS()
    }

    private func writeTCP(_ bytes: [UInt8]) {
        guard let tcp else { return }
        // libuv keeps the buffer until the write completes: the request owns a copy.
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, bytes.count), alignment: 1)
        bytes.withUnsafeBytes { storage.copyMemory(from: $0) }
        let request = UnsafeMutablePointer<uv_write_t>.allocate(capacity: 1)
        request.pointee.data = UnsafeMutableRawPointer(Unmanaged.passRetained(WriteContext(storage: storage, owner: self)).toOpaque())
        var buffer = uv_buf_init(storage.baseAddress!.assumingMemoryBound(to: CChar.self), UInt32(bytes.count))
        pendingWrites += 1
        let status = uv_write(request, UnsafeMutableRawPointer(tcp).assumingMemoryBound(to: uv_stream_t.self), &buffer, 1) {
            request, status in
            let context = Unmanaged<WriteContext>.fromOpaque(request!.pointee.data).takeRetainedValue()
            context.storage.deallocate()
            request!.deallocate()
            context.owner.written(status: status)
        }
        if status != 0 {
            let context = Unmanaged<WriteContext>.fromOpaque(request.pointee.data).takeRetainedValue()
            context.storage.deallocate()
            request.deallocate()
            written(status: status)
        }
    }

    private func written(status: Int32) {
        pendingWrites -= 1
        if status < 0, status != UV_ECANCELED.rawValue, state == .open || state == .handshaking || state == .tlsHandshaking {
            fail(WebSocketError(.connection, "writing to the server failed: \(uvError(status))"))
            return
        }
        if pendingWrites == 0, let error = finishAfterWrites {
            finishAfterWrites = nil
            finish(error)
        }
    }

    // MARK: Timers

    private var timeoutWhat = ""

    private func startTimer(_ duration: Duration, _ what: String) {
        timeoutWhat = what
        let milliseconds = max(1, duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
        uv_timer_start(
            timer,
            { timer in
                let owner = SocketConnection.owner(timer!.pointee.data)
                owner.timedOut()
            }, UInt64(milliseconds), 0)
    }

    private func stopTimer() { uv_timer_stop(timer) }

    private func timedOut() {
        fail(WebSocketError(.timeout, "\(timeoutWhat) did not finish in time"))
    }

    // MARK: Ending

    private func fail(_ error: WebSocketError) { finish(error) }

    /// Ends the connection: `error` nil for a clean close. With `afterWrites`, the frames already
    /// queued (a close frame) go out first; the close timer bounds that wait.
    private func finish(_ error: WebSocketError?, afterWrites: Bool = false) {
        guard state != .finished else { return }
        if afterWrites, pendingWrites > 0 {
            if finishAfterWrites == nil { finishAfterWrites = .some(error) }
            if state != .closing {
                state = .closing
                startTimer(options.closeTimeout, "sending the close frame")
            }
            return
        }
        state = .finished
        inbox.close()
        stopTimer()
        if let opened {
            self.opened = nil
            opened.resume(throwing: error ?? WebSocketError(.closed, "the connection closed during the handshake"))
        }
        if let error { events.finish(throwing: error) } else { events.finish() }
        closeTCP()
        let free: uv_close_cb = { handle in handle?.deallocate() }
        uv_close(UnsafeMutableRawPointer(timer).assumingMemoryBound(to: uv_handle_t.self), free)
        uv_close(UnsafeMutableRawPointer(inbox.async).assumingMemoryBound(to: uv_handle_t.self), free)
        ended.signal()
    }

    private func closeTCP() {
        guard let tcp else { return }
        self.tcp = nil
        uv_close(UnsafeMutableRawPointer(tcp).assumingMemoryBound(to: uv_handle_t.self)) { handle in handle?.deallocate() }
    }
}
