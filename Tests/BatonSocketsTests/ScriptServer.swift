import Foundation

/// A Python server script of this folder run as a child process: started on an ephemeral port of
/// 127.0.0.1 (it prints `LISTENING <port>`), stopped by closing its stdin and, failing that, by
/// its pid.
final class ScriptServer: Sendable {
    let port: Int
    private let process: Process
    private let input: Pipe

    /// The package's venv Python when there is one (the scripts need only the standard library).
    static var python: String {
        let venv = packageRoot.appendingPathComponent(".venv/bin/python3").path
        return FileManager.default.isExecutableFile(atPath: venv) ? venv : "/usr/bin/python3"
    }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    init(script: String, arguments: [String] = [], timeout: Duration = .seconds(20)) async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.python)
        process.arguments = [URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(script).path] + arguments
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        self.process = process
        self.input = input
        let reader = output.fileHandleForReading
        // The read blocks; the timeout kills the process, which ends the read.
        let watchdog = Task {
            try await Task.sleep(for: timeout)
            process.terminate()
        }
        defer { watchdog.cancel() }
        let port = await Task.detached { () -> Int? in
            var text = ""
            while true {
                let chunk = reader.availableData
                if chunk.isEmpty { return nil }
                text += String(decoding: chunk, as: UTF8.self)
                if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("LISTENING ") }) {
                    return Int(line.dropFirst("LISTENING ".count))
                }
            }
        }.value
        guard let port else {
            process.terminate()
            throw ScriptServerError(message: "\(script) did not print LISTENING within \(timeout)")
        }
        self.port = port
    }

    func url(_ path: String, scheme: String = "ws") -> URL { URL(string: "\(scheme)://127.0.0.1:\(port)\(path)")! }

    func stop() {
        try? input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}

struct ScriptServerError: Error {
    let message: String
}
