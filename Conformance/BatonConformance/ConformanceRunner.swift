@_spi(Generated) import Baton
import BatonInspector
import BatonJSON
import Foundation

/// Runs a conformance manifest against the lenses compiled into this module (Generated/, which
/// batonc made from spec/conformance/sources). Each case starts from an empty store: its responses
/// are committed through the operation's generated plan, the store's dump is compared with
/// `records`, every `reads` row is read through the generated lens, and an `override` is applied
/// as an optimistic layer whose leaves must then read the override's value.
package struct ConformanceRunner: Sendable {
    package var directory: URL

    package init(directory: URL) {
        self.directory = directory
    }

    /// Reads the manifest (a `ManifestError` when it is missing or malformed) and runs every case.
    @MainActor package func run() async throws(ManifestError) -> ConformanceReport {
        let manifest = try ConformanceManifest.load(from: directory)
        var outcomes: [ConformanceReport.Outcome] = []
        for testCase in manifest.cases {
            outcomes.append(.init(name: testCase.name, result: await run(testCase)))
        }
        for script in scripts(of: manifest) {
            outcomes.append(.init(name: script, result: await ScriptRun.run(script, in: directory)))
        }
        return ConformanceReport(outcomes: outcomes)
    }

    /// The manifest's scripts; when it lists none (format 1), every script file in `scripts/`
    /// (a `.json` that is not a `.store.json` dump), by name.
    package func scripts(of manifest: ConformanceManifest) -> [String] {
        guard manifest.scripts.isEmpty else { return manifest.scripts }
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("scripts").path)) ?? []
        return files.filter { $0.hasSuffix(".json") && !$0.hasSuffix(".store.json") }.sorted().map { "scripts/" + $0 }
    }

    /// One case's result.
    @MainActor package func run(_ testCase: ConformanceCase) async -> ConformanceReport.Result {
        let missing = testCase.files.filter {
            !FileManager.default.fileExists(atPath: directory.appendingPathComponent($0).path)
        }
        guard missing.isEmpty else { return .skipped(missing: missing) }
        guard let operation = GeneratedOperations.byName[testCase.operation] else {
            return .failed("no generated operation \(testCase.operation)")
        }
        guard "\(operation.kind)" == testCase.kind else {
            return .failed("\(testCase.operation) is a \(operation.kind), the case commits it as a \(testCase.kind)")
        }
        let environment = Environment()
        let responses: [[UInt8]]
        let recorded: String
        do {
            recorded = try String(contentsOf: directory.appendingPathComponent(testCase.records), encoding: .utf8)
            responses = try await commit(testCase, through: operation, into: environment)
        } catch {
            return .failed("commit threw \(error)")
        }
        // The first response, which places the rows' list indices; a malformed one has already
        // failed the commit.
        let response = try? JSONParser.parse(bytes: responses[0])
        var failures: [String] = []
        if let difference = StoreDumpComparison.difference(
            dump: StoreExport.text(of: environment.store),
            expected: recorded, caseName: testCase.name)
        {
            failures.append(difference)
        }
        for row in testCase.reads {
            guard let expected = row.value else {
                failures.append("read \(row.path): a `\(row.unboundForm ?? "")` row is not bound by this runner")
                continue
            }
            if let failure = check(row.path, expected, operation, environment, testCase.variables, response) {
                failures.append(failure)
            }
        }
        if let override = testCase.override {
            do {
                guard let response else { throw OverridingResponse.PathError(path: override.paths.first ?? "") }
                let bytes = try OverridingResponse.bytes(from: response, override)
                _ = try operation.applyOptimistic(environment, testCase.variables, Payload(bytes))
                for path in override.paths {
                    if let failure = check(path, override.value, operation, environment, testCase.variables, response) {
                        failures.append("under the override, " + failure)
                    }
                }
            } catch {
                failures.append("override: \(error)")
            }
        }
        return failures.isEmpty ? .passed : .failed(failures.joined(separator: "; "))
    }

    /// Commits the case's responses, read from the directory, through the operation's plan (as a
    /// complete response, a payload, or the parts of an incremental one); returns their bytes.
    @MainActor func commit(
        _ testCase: ConformanceCase, through operation: GeneratedOperation,
        into environment: Environment
    ) async throws -> [[UInt8]] {
        let responses = try testCase.responses.map { Array(try Data(contentsOf: directory.appendingPathComponent($0))) }
        try await operation.commit(environment, testCase.variables, responses.map(Payload.init), testCase.complete)
        return responses
    }

    /// Nil when the lens reads `expected` at `path`; else why not.
    @MainActor private func check(
        _ path: String, _ expected: JSONValue, _ operation: GeneratedOperation,
        _ environment: Environment, _ variables: Baton.Variables,
        _ response: JSONValue?
    ) -> String? {
        do {
            guard let read = try operation.read(environment, variables, path, response, nil) else {
                return "read \(path): no generated lens accessor is bound to this path"
            }
            guard ReadComparison.matches(read, expected) else {
                return "read \(path): expected \(ReadComparison.spelled(expected)), the lens read \(ReadComparison.spelled(read))"
            }
            return nil
        } catch {
            return "read \(path): \(error)"
        }
    }
}

/// What a run found: one outcome a case, in the manifest's order.
package struct ConformanceReport: Sendable {
    package enum Result: Sendable, Equatable {
        case passed
        case failed(String)
        /// The case's files are absent from the directory (the suite's copy is partial); not counted.
        case skipped(missing: [String])
    }

    package struct Outcome: Sendable {
        package var name: String
        package var result: Result
    }

    package var outcomes: [Outcome]

    package var passed: Int { outcomes.count { $0.result == .passed } }
    package var failed: Int { outcomes.count { if case .failed = $0.result { true } else { false } } }

    /// `PASS name`, `FAIL name: reason` or `SKIP name: missing files …`, one a case, then the counts.
    package var lines: [String] {
        outcomes.map { outcome in
            switch outcome.result {
            case .passed: "PASS \(outcome.name)"
            case .failed(let reason): "FAIL \(outcome.name): \(reason)"
            case .skipped(let missing): "SKIP \(outcome.name): missing files \(missing.joined(separator: ", "))"
            }
        } + ["\(passed) passed, \(failed) failed"]
    }

    /// 0 when nothing failed, else 1 (2, a usage error, is the executable's).
    package var exitCode: Int32 { failed == 0 ? 0 : 1 }
}
