import Foundation
import Testing

/// A child process run to its end: its exit status and what it printed. Its outputs go to files,
/// so a full pipe never blocks it; `input` is its whole stdin. A child still running at `timeout`
/// is killed and the run recorded as an issue: no test waits on a child forever.
struct ChildProcess {
    var status: Int32
    var stdout: String
    var stderr: String

    /// Its standard output split into lines.
    var lines: [String] { stdout.split(separator: "\n").map(String.init) }

    static func run(
        _ executable: URL, _ arguments: [String], input: Data = Data(), environment: [String: String]? = nil,
        directory: URL? = nil, timeout: Duration = .seconds(90)
    ) async throws -> ChildProcess {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("baton-child-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let inputFile = scratch.appendingPathComponent("stdin")
        let outputFile = scratch.appendingPathComponent("stdout")
        let errorFile = scratch.appendingPathComponent("stderr")
        try input.write(to: inputFile)
        for file in [outputFile, errorFile] { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = directory }
        process.standardInput = try FileHandle(forReadingFrom: inputFile)
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while process.isRunning, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        if process.isRunning {
            process.terminate()
            Issue.record("\(executable.lastPathComponent) \(arguments.first ?? "") did not end within \(timeout)")
        }
        process.waitUntilExit()
        return ChildProcess(
            status: process.terminationStatus, stdout: try String(contentsOf: outputFile, encoding: .utf8),
            stderr: try String(contentsOf: errorFile, encoding: .utf8))
    }
}
