import BatonConformance
import Foundation
import Testing

/// The runner over spec/conformance, over altered copies of it, and as the `baton-spec` executable.
@MainActor @Suite struct ConformanceRunnerTests {
    /// The cases that fail today, each for a gap STATUS.md names. A gap closed makes its case pass
    /// and this test fail, so the counts here (and STATUS.md) move with it.
    /// Every case whose files are here and every script pass (STATUS.md).
    static let knownFailures: [String: String] = [:]

    /// The scripts that pass: exactly these, so a regression (or a script newly passing) fails this.
    @Test func scriptsThatPass() async throws {
        let report = try await ConformanceRunner(directory: Fixtures.root).run()
        let scripts = report.outcomes.filter { $0.name.hasPrefix("scripts/") }
        #expect(scripts.count == 12)
        #expect(
            scripts.filter { $0.result == .passed }.map(\.name) == [
                "scripts/ages.json", "scripts/check.json", "scripts/connections.json", "scripts/end.json", "scripts/events.json",
                "scripts/heal.json",
                "scripts/lifetime.json", "scripts/notifications.json", "scripts/optimistic.json", "scripts/phase.json",
                "scripts/subscriptions.json", "scripts/transport.json",
            ],
            "\(scripts.filter { $0.result != .passed }.map { "\($0.name): \($0.result)" })")
    }

    /// Every case whose files were recovered runs; each passes but the known failures.
    @Test func specConformance() async throws {
        let report = try await ConformanceRunner(directory: Fixtures.root).run()
        #expect(report.outcomes.count == 67)
        #expect(report.passed == 62)
        #expect(report.failed == Self.knownFailures.count)
        for outcome in report.outcomes {
            switch outcome.result {
            case .passed:
                #expect(Self.knownFailures[outcome.name] == nil, "\(outcome.name) passes now")
            case .failed(let reason):
                let known = try #require(Self.knownFailures[outcome.name], "\(outcome.name): \(reason)")
                #expect(reason.hasPrefix(known), "\(outcome.name): \(reason)")
            case .skipped(let missing):
                #expect(!missing.isEmpty)
            }
        }
        #expect(report.lines.last == "62 passed, 0 failed")
        #expect(report.exitCode == 0)
    }

    /// One record value changed in one dump fails exactly that case, naming the record.
    @Test func changedRecordFailsItsCase() async throws {
        let copy = try Self.copyOfSpec()
        defer { try? FileManager.default.removeItem(at: copy) }
        let dump = copy.appendingPathComponent("tests/two-spreads-1.store.json")
        let text = try String(contentsOf: dump, encoding: .utf8)
        #expect(text.contains(#""image": "rick.png""#))
        try text.replacingOccurrences(of: #""image": "rick.png""#, with: #""image": "morty.png""#)
            .write(to: dump, atomically: true, encoding: .utf8)

        let original = try await ConformanceRunner(directory: Fixtures.root).run()
        let changed = try await ConformanceRunner(directory: copy).run()
        let newlyFailing = changed.outcomes.filter { outcome in
            outcome.result != .passed && original.outcomes.first { $0.name == outcome.name }?.result == .passed
        }
        #expect(newlyFailing.map(\.name) == ["tests/two-spreads-1"])
        guard case .failed(let reason) = newlyFailing.first?.result else { return }
        #expect(reason.hasPrefix("record Character:1 differs: expected "), "\(reason)")
        #expect(reason.contains("morty.png") && reason.contains("rick.png"))
        #expect(changed.passed == original.passed - 1)
        #expect(changed.exitCode == 1)
    }

    /// A row whose value the lens does not read, and an override naming a leaf the response does not
    /// have, each fail their case with the path.
    @Test func wrongRowsFailTheirCases() async throws {
        let copy = try Self.copyOfSpec()
        defer { try? FileManager.default.removeItem(at: copy) }
        let manifest = copy.appendingPathComponent("manifest.json")
        var text = try String(contentsOf: manifest, encoding: .utf8)
        let row = "\"path\": \"character.image\",\n          \"value\": \"rick.png\""
        let override = "\"paths\": [\n          \"asset.owner.name\"\n        ]"
        #expect(text.contains(row) && text.contains(override))
        text = text.replacingOccurrences(of: row, with: row.replacingOccurrences(of: "rick.png", with: "morty.png"))
        text = text.replacingOccurrences(of: override, with: override.replacingOccurrences(of: "owner.name", with: "owner.nickname"))
        try text.write(to: manifest, atomically: true, encoding: .utf8)

        let report = try await ConformanceRunner(directory: copy).run()
        let reasons = Dictionary(
            uniqueKeysWithValues: report.outcomes.compactMap { outcome -> (String, String)? in
                if case .failed(let reason) = outcome.result { (outcome.name, reason) } else { nil }
            })
        #expect(reasons["tests/two-spreads-1"] == #"read character.image: expected "morty.png", the lens read "rick.png""#)
        #expect(reasons["tests/asset-by-uuid"] == "override: override path asset.owner.nickname is not a leaf of the first response's data")
        #expect(report.failed == Self.knownFailures.count + 2)
    }

    /// A manifest that is not JSON is a usage error at its position, not a failed run.
    @Test func malformedManifestIsAnError() async throws {
        let copy = try Self.copyOfSpec()
        defer { try? FileManager.default.removeItem(at: copy) }
        try Data(#"{"format": 1, "cases": [{"name": }]}"#.utf8).write(to: copy.appendingPathComponent("manifest.json"))
        await #expect(throws: ManifestError.self) { try await ConformanceRunner(directory: copy).run() }
        do {
            _ = try await ConformanceRunner(directory: copy).run()
        } catch {
            #expect(error.description.hasPrefix(copy.appendingPathComponent("manifest.json").path + ":1:"), "\(error)")
        }
    }

    /// The built `baton-spec` over spec/conformance: a line a case and a script, the summary last,
    /// exit 1 as scripts fail (0 only when nothing fails); a missing directory is a usage error (exit 2).
    @Test func executableRunsTheSuite() async throws {
        let run = try await Self.runExecutable([Fixtures.root.path])
        #expect(run.lines.last == "62 passed, 0 failed")
        #expect(run.lines.contains("PASS tests/two-spreads-1"))
        #expect(run.lines.contains("PASS scripts/lifetime.json"))
        #expect(run.lines.contains("PASS scripts/check.json"))
        #expect(run.lines.contains("PASS tests/note-added-1"))
        #expect(run.lines.contains("PASS scripts/subscriptions.json"))
        #expect(run.status == 0)

        let missing = try await Self.runExecutable([Fixtures.root.appendingPathComponent("no-such-dir").path])
        #expect(missing.status == 2)
        #expect(missing.lines.isEmpty)
        #expect(missing.errors.contains("is not a directory"))
        #expect(try await Self.runExecutable([]).status == 2)
    }

    // MARK: Helpers

    static func copyOfSpec() throws -> URL {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("baton-spec-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Fixtures.root, to: copy)
        return copy
    }

    /// The executable, built (this target depends on it) in the products directory that holds
    /// the test bundle's executable.
    static let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("baton-spec")

    static func runExecutable(_ arguments: [String]) async throws -> (lines: [String], errors: String, status: Int32) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        // Output goes to files, not pipes, so a full pipe never blocks the child.
        let directory = FileManager.default.temporaryDirectory
        let out = directory.appendingPathComponent("baton-spec-out-\(UUID().uuidString)")
        let err = directory.appendingPathComponent("baton-spec-err-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
        }
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        // Waited for on a thread of its own, not one of Swift's cooperative threads: the run takes
        // minutes under load, and two such waits at once on two cores stall every other test.
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                process.waitUntilExit()
                continuation.resume()
            }
        }
        let lines = try String(contentsOf: out, encoding: .utf8).split(separator: "\n").map(String.init)
        return (lines, try String(contentsOf: err, encoding: .utf8), process.terminationStatus)
    }
}
