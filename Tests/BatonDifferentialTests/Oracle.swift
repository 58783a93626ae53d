import Foundation

/// Where the repository's pieces are, found from this file's path (tests never read outside
/// the repository).
enum Repository {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // BatonDifferentialTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    static let corpus = root.appendingPathComponent("spec/frontend")
    static let python = root.appendingPathComponent(".venv/bin/python")
    static let oracleScript = root.appendingPathComponent("Tests/oracle/validate.py")
}

struct OracleFailure: Error, CustomStringConvertible {
    var description: String
}

/// Runs graphql-core once for the whole test run and keeps its report.
enum Oracle {
    /// Made on `queue`, never on Swift's cooperative threads: the run takes minutes on a loaded
    /// machine, and every test asking for it at once blocked on its one-time initialization, which
    /// on two cores was every cooperative thread: the whole test process stalled (118 s seen in CI,
    /// failing an unrelated test's wait).
    private static let report: Result<OracleReport, OracleFailure> = run()
    private static let queue = DispatchQueue(label: "baton.tests.oracle")

    static func load() async throws -> OracleReport {
        let report = await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: Self.report) }
        }
        return try report.get()
    }

    private static func run() -> Result<OracleReport, OracleFailure> {
        let fileManager = FileManager.default
        guard fileManager.isExecutableFile(atPath: Repository.python.path) else {
            return .failure(
                OracleFailure(
                    description: """
                        The differential test needs graphql-core in the project's venv, and \
                        \(Repository.python.path) is missing. Run the README's test command, \
                        `scripts/test`, which creates .venv/ (or `. scripts/setup` to create it only).
                        """))
        }
        let scratch = fileManager.temporaryDirectory
            .appendingPathComponent("baton-oracle-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        do {
            try fileManager.createDirectory(at: scratch, withIntermediateDirectories: true)
        } catch {
            return .failure(OracleFailure(description: "cannot create \(scratch.path): \(error)"))
        }
        defer { try? fileManager.removeItem(at: scratch) }
        // Output goes to files, not pipes, so neither stream can fill up and stall the oracle.
        let stdoutURL = scratch.appendingPathComponent("stdout.json")
        let stderrURL = scratch.appendingPathComponent("stderr.txt")
        _ = fileManager.createFile(atPath: stdoutURL.path, contents: nil)
        _ = fileManager.createFile(atPath: stderrURL.path, contents: nil)

        let process = Process()
        process.executableURL = Repository.python
        process.arguments = [Repository.oracleScript.path, Repository.corpus.path]
        process.currentDirectoryURL = Repository.root
        do {
            let stdout = try FileHandle(forWritingTo: stdoutURL)
            let stderr = try FileHandle(forWritingTo: stderrURL)
            defer {
                try? stdout.close()
                try? stderr.close()
            }
            process.standardOutput = stdout
            process.standardError = stderr
            process.standardInput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
        } catch {
            return .failure(OracleFailure(description: "cannot run \(Repository.python.path): \(error)"))
        }
        let errorText = (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? ""
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            return .failure(
                OracleFailure(
                    description: """
                        Tests/oracle/validate.py failed (status \(process.terminationStatus)):
                        \(errorText)
                        """))
        }
        do {
            let data = try Data(contentsOf: stdoutURL)
            return .success(try JSONDecoder().decode(OracleReport.self, from: data))
        } catch {
            return .failure(OracleFailure(description: "cannot read the oracle's report: \(error)\n\(errorText)"))
        }
    }
}
