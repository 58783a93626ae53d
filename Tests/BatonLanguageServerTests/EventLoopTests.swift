import BatonJSON
import Foundation
import Testing

@testable import BatonLanguageServer

/// A feature exercising the loop itself: timers (ordered by delay, one cancelled) and
/// background work whose completion must come back on the loop thread.
final class LoopProbeFeature: LanguageFeature {
    let loopThread: pthread_t

    init(loopThread: pthread_t) {
        self.loopThread = loopThread
    }

    func attach(to server: LanguageServer) {
        server.onRequest("test/timers") { context in
            var fired: [String] = []
            let finish = { context.reply(.array(fired.map { .string($0) })) }
            _ = server.schedule(after: 30) {
                fired.append("30ms")
                finish()
            }
            let cancelled = server.schedule(after: 20) { fired.append("cancelled") }
            _ = server.schedule(after: 10) {
                fired.append("10ms")
                cancelled.cancel()
            }
            _ = server.schedule(after: 0) { fired.append("0ms") }
        }
        // A scan that runs until released (or 10 s, so a broken loop fails instead of hanging).
        let release = DispatchSemaphore(value: 0)
        let scanFinished = CancellationToken()  // used as a thread-safe flag
        server.onRequest("test/blockScan") { context in
            server.runInBackground(
                lane: .scan,
                {
                    _ = release.wait(timeout: .now() + 10)
                    scanFinished.cancel()
                }, completion: { _ in })
            context.reply(.null)
        }
        server.onRequest("test/releaseScan") { context in
            release.signal()
            context.reply(.null)
        }
        let loopThread = self.loopThread
        server.onRequest("test/threads") { context in
            server.runInBackground(
                lane: .request, { pthread_equal(pthread_self(), loopThread) != 0 },
                completion: { workerIsLoop in
                    let completionIsLoop = pthread_equal(pthread_self(), loopThread) != 0
                    context.reply([
                        "workerOnLoopThread": .bool(workerIsLoop), "completionOnLoopThread": .bool(completionIsLoop),
                        "scanFinished": .bool(scanFinished.isCancelled),
                    ])
                })
        }
    }
}

/// A loop running on its own thread over two pipes, talked to like a client would: send
/// bytes, block until a given answer arrives, then end the input and collect the exit code.
final class LoopSession {
    private let writer: FileHandle
    private let reader: FileHandle
    private let done = DispatchSemaphore(value: 0)
    private final class Outcome: @unchecked Sendable { var code: Int32 = -1 }
    private let outcome = Outcome()
    private var framer = MessageFramer()
    private(set) var received: [JSONRPCMessage] = []

    init() {
        var toServer: [Int32] = [0, 0]
        var fromServer: [Int32] = [0, 0]
        // Close-on-exec: a process spawned meanwhile by another test must not hold an end
        // open, or the loop would never see the end of its input.
        precondition(pipe(&toServer) == 0 && pipe(&fromServer) == 0)
        for fd in toServer + fromServer { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        let serverInput = toServer[0]
        let serverOutput = fromServer[1]
        let outcome = self.outcome
        let done = self.done
        Thread {
            let loop = UVEventLoop(input: serverInput, output: serverOutput)
            let server = LanguageServer(host: loop)
            server.add(LoopProbeFeature(loopThread: pthread_self()))
            loop.onInput = { server.receive($0) }
            loop.onEndOfInput = { server.receiveEndOfInput() }
            // The loop owns both ends: libuv closes a pipe's descriptor (above stderr) when it
            // closes the handle, so closing them here again would close whatever another test
            // opened under the same number meanwhile.
            outcome.code = loop.run()
            done.signal()
        }.start()
        writer = FileHandle(fileDescriptor: toServer[1], closeOnDealloc: true)
        reader = FileHandle(fileDescriptor: fromServer[0], closeOnDealloc: true)
    }

    func send(_ bytes: [UInt8]) {
        writer.write(Data(bytes))
    }

    /// Reads until the answer to `id` arrives (nil if the server's output ends first).
    func answer(_ id: Int) -> Result<JSONValue, ResponseError>? {
        while true {
            for message in received {
                if case .response(.number(id)?, let result) = message { return result }
            }
            let chunk = reader.availableData
            if chunk.isEmpty { return nil }
            for event in framer.append(Array(chunk)) {
                if case .message(let body) = event, case .success(let message) = JSONRPCMessage.decode(body) {
                    received.append(message)
                }
            }
        }
    }

    /// Closes the input and waits for the loop to end; returns its exit code.
    func finish() throws -> Int32 {
        try writer.close()
        _ = reader.readDataToEndOfFile()
        done.wait()
        return outcome.code
    }
}

@Suite(.serialized) struct EventLoopTests {
    @Test func timersFireByDelayAndCancelledOnesNever() throws {
        let session = LoopSession()
        session.send(Client.initialize + Client.request(2, "test/timers"))
        #expect(try session.answer(2)?.get() == ["0ms", "10ms", "30ms"])
        session.send(Client.request(3, "shutdown") + Client.notify("exit"))
        #expect(try session.answer(3)?.get() == .null)
        #expect(try session.finish() == 0)
    }

    @Test func backgroundWorkRunsOffTheLoopAndCompletesOnIt() throws {
        let session = LoopSession()
        session.send(Client.initialize + Client.request(2, "test/threads"))
        let answer = try session.answer(2)?.get()
        #expect(answer?["workerOnLoopThread"] == false)
        #expect(answer?["completionOnLoopThread"] == true)
        #expect(try session.finish() == 1)  // input ended without shutdown
    }

    @Test func aRunningScanDoesNotDelayRequests() throws {
        let session = LoopSession()
        session.send(Client.initialize + Client.request(2, "test/blockScan") + Client.request(3, "test/threads"))
        #expect(try session.answer(3)?.get()["scanFinished"] == false)
        session.send(Client.request(4, "test/releaseScan"))
        #expect(try session.answer(4)?.get() == .null)
        #expect(try session.finish() == 1)
    }

    @Test func pendingTimersDoNotKeepAnExitedLoopAlive() throws {
        let session = LoopSession()
        session.send(Client.initialize + Client.request(2, "test/timers") + Client.request(3, "shutdown") + Client.notify("exit"))
        // shutdown cancels the request still waiting for its timers; exit then closes them.
        #expect(session.answer(2) == .failure(.requestCancelled))
        #expect(try session.finish() == 0)
    }
}
