import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The example's GraphQL server (`Examples/RickAndMorty/Server/server.py`) as a child process on
/// 127.0.0.1, for tests that speak to a real server: started on a free port, stopped by SIGTERM
/// (SIGKILL after 3 s) from `stop()` or when the value goes away. The server also stops when its
/// stdin closes, so a crashed test process leaves none behind.
public final class TestServer: @unchecked Sendable {
    public enum StartError: Error, CustomStringConvertible {
        case missing(String)
        case failed(String)

        public var description: String {
            switch self {
            case .missing(let what): what
            case .failed(let what): what
            }
        }
    }

    /// The repository, found from this file's path (tests never read outside it).
    public static let repository: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // BatonTestServer
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    public static let python = repository.appendingPathComponent(".venv/bin/python")
    public static let script = repository.appendingPathComponent("Examples/RickAndMorty/Server/server.py")

    public let port: Int
    private let process: Process
    /// The server's stdin: kept open while the server should run.
    private let stdin: Pipe
    private let output: Output
    private let lock = NSLock()
    private var stopped = false

    private init(port: Int, process: Process, stdin: Pipe, output: Output) {
        self.port = port
        self.process = process
        self.stdin = stdin
        self.output = output
    }

    deinit { stop() }

    /// `http://127.0.0.1:<port>/<route>`, `route` being a path such as `graphql` or
    /// `slow/graphql?ms=300`.
    public func httpURL(route: String = "graphql") -> URL {
        guard let url = URL(string: "http://127.0.0.1:\(port)/\(route)") else {
            preconditionFailure("not a route a URL can hold: \(route)")
        }
        return url
    }

    /// The graphql-transport-ws endpoint.
    public var webSocketURL: URL { URL(string: "ws://127.0.0.1:\(port)/graphql")! }

    /// What the server wrote to stderr so far (its last 16 KB): for a failing test's message.
    public var errorOutput: String { output.errorText }

    /// Runs the server with `arguments` added to `--port 0` and waits for its `LISTENING` line.
    public static func start(arguments: [String] = [], timeout: Duration = .seconds(30)) async throws -> TestServer {
        let files = FileManager.default
        guard files.isExecutableFile(atPath: python.path) else {
            throw StartError.missing(
                "the test server needs the project's venv, and \(python.path) is missing: run scripts/setup")
        }
        guard files.fileExists(atPath: script.path) else {
            throw StartError.missing("the test server \(script.path) is missing")
        }
        let process = Process()
        process.executableURL = python
        process.arguments = [script.path, "--port", "0", "--stop-on-stdin-eof"] + arguments
        process.currentDirectoryURL = repository
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        let output = Output()
        // Both pipes are drained for the server's whole life, so neither fills and stalls it.
        // At end of file a handler is called again and again with no data: it stops itself then.
        stdout.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty { handle.readabilityHandler = nil } else { output.readOut(data) }
        }
        stderr.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty { handle.readabilityHandler = nil } else { output.readError(data) }
        }
        process.terminationHandler = { process in output.exited(process.terminationStatus) }
        do {
            try process.run()
        } catch {
            throw StartError.failed("cannot run \(python.path) \(script.path): \(error)")
        }
        do {
            let port = try await output.port(timeout: timeout)
            return TestServer(port: port, process: process, stdin: stdin, output: output)
        } catch {
            Self.end(process, stdin: stdin)
            throw error
        }
    }

    /// Stops the server: SIGTERM, then SIGKILL if it has not exited after 3 s. Waits for it.
    public func stop() {
        let first = lock.withLock {
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        Self.end(process, stdin: stdin)
    }

    private static func end(_ process: Process, stdin: Pipe) {
        try? stdin.fileHandleForWriting.close()
        guard process.isRunning else { return }
        process.terminate()
        let deadline = ContinuousClock.now + .seconds(3)
        while process.isRunning, ContinuousClock.now < deadline { usleep(10_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}

/// The server's stdout (until `LISTENING <port>`, then drained) and the tail of its stderr. The
/// start's outcome (the port, an early exit, a timeout) is settled once; the first one wins.
private final class Output: @unchecked Sendable {
    private let lock = NSLock()
    private var out: [UInt8] = []
    private var error: [UInt8] = []
    private var outcome: Result<Int, any Error>?
    private var waiter: CheckedContinuation<Int, any Error>?

    var errorText: String { lock.withLock { String(decoding: error, as: UTF8.self) } }

    func readOut(_ data: Data) {
        let port: Int? = lock.withLock {
            guard outcome == nil else { return nil }
            out.append(contentsOf: data)
            while let end = out.firstIndex(of: 0x0A) {
                let line = String(decoding: out[..<end], as: UTF8.self)
                out.removeSubrange(...end)
                if line.hasPrefix("LISTENING "), let port = Int(line.dropFirst("LISTENING ".count)) { return port }
            }
            return nil
        }
        if let port { settle(.success(port)) }
    }

    func readError(_ data: Data) {
        lock.withLock {
            error.append(contentsOf: data)
            if error.count > 16_384 { error.removeFirst(error.count - 16_384) }
        }
    }

    func exited(_ status: Int32) {
        settle(
            .failure(
                TestServer.StartError.failed(
                    "the test server exited with status \(status) before listening:\n\(errorText)")))
    }

    /// The port, once the server prints it; fails when it exits first or `timeout` passes.
    func port(timeout: Duration) async throws -> Int {
        let timer = Task { [weak self] in
            try await Task.sleep(for: timeout)
            guard let self else { return }
            settle(
                .failure(
                    TestServer.StartError.failed(
                        "the test server did not print LISTENING within \(timeout):\n\(errorText)")))
        }
        defer { timer.cancel() }
        return try await withCheckedThrowingContinuation { continuation in
            let settled: Result<Int, any Error>? = lock.withLock {
                if outcome == nil { waiter = continuation }
                return outcome
            }
            if let settled { continuation.resume(with: settled) }
        }
    }

    private func settle(_ result: Result<Int, any Error>) {
        let waiting: CheckedContinuation<Int, any Error>? = lock.withLock {
            guard outcome == nil else { return nil }
            outcome = result
            defer { waiter = nil }
            return waiter
        }
        waiting?.resume(with: result)
    }
}
