import BatonDiagnostics
import BatonJSON
import Foundation
import Testing

/// A real editor run headless as an LSP client in tests: the binary is looked for in the
/// usual places; where it is missing the tests are skipped, except under CI (`CI` set),
/// where a missing editor fails them.
struct EditorRun {
    var exitCode: Int32
    var stdout: String
    var stderr: String
    var timedOut: Bool
    var seconds: Double

    /// The editor's path among `candidates`, if installed.
    static func installed(_ candidates: [String]) -> String? {
        candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static var underCI: Bool { ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty } ?? false }

    /// Whether tests needing the editor run: it is installed, or CI requires it (and the test fails).
    static func required(_ path: String?) -> Bool { path != nil || underCI }

    /// Runs `executable` with its outputs in files (no pipe to drain) and stdin from
    /// /dev/null, killing it after `timeout` seconds. Waited for on a thread of its own, not one of
    /// Swift's cooperative threads: an editor session takes up to a minute, and two blocked
    /// cooperative threads on two cores stall every other test of the process.
    static func run(_ executable: String, _ arguments: [String], environment extra: [String: String], timeout: Double)
        async throws -> EditorRun
    {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try runWaiting(executable, arguments, environment: extra, timeout: timeout) })
            }
        }
    }

    private static func runWaiting(_ executable: String, _ arguments: [String], environment extra: [String: String], timeout: Double)
        throws -> EditorRun
    {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("baton-editor-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("stdout").path
        let err = directory.appendingPathComponent("stderr").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments =
            ["-c", "exec \"$0\" \"$@\" > \"$BATON_EDITOR_OUT\" 2> \"$BATON_EDITOR_ERR\" < /dev/null", executable] + arguments
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in extra { environment[key] = value }
        environment["BATON_EDITOR_OUT"] = out
        environment["BATON_EDITOR_ERR"] = err
        process.environment = environment
        let start = Date()
        try process.run()
        var timedOut = false
        while process.isRunning {
            if Date().timeIntervalSince(start) > timeout {
                timedOut = true
                process.terminate()
                let grace = Date()
                while process.isRunning && Date().timeIntervalSince(grace) < 5 { Thread.sleep(forTimeInterval: 0.05) }
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
                break
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        process.waitUntilExit()
        let read = { (path: String) in (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
        return EditorRun(
            exitCode: process.terminationStatus, stdout: read(out), stderr: read(err), timedOut: timedOut,
            seconds: Date().timeIntervalSince(start))
    }

    /// The JSON object on the last line of stdout (the check scripts' report).
    func report() throws -> JSONValue {
        let line = stdout.split(separator: "\n").last.map(String.init) ?? ""
        var diagnostics: [Diagnostic] = []
        return try #require(
            JSONParser.parse(Source(name: "editor", text: line), diagnostics: &diagnostics),
            "no JSON report on stdout: \(stdout)\nstderr: \(stderr.suffix(2000))")
    }
}
