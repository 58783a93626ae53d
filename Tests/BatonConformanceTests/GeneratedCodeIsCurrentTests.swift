import BatonCompiler
import Foundation
import Testing

/// The committed Generated/ folder is exactly what batonc generates today from
/// spec/conformance/sources with spec/conformance/tests/baton.json, so it cannot drift. To refresh it:
/// `cd spec/conformance && batonc generate --config tests/baton.json --out ../../Conformance/BatonConformance/Generated sources`.
@Suite struct GeneratedCodeIsCurrentTests {
    @Test func committedOutputsAreCurrent() throws {
        let root = Fixtures.root.path
        let out = Fixtures.generated.path
        let request = CompilationSetup.Request(
            configPath: root + "/tests/baton.json", schemaPath: nil,
            paths: [root + "/sources"])
        let result = GenerateCommand.compute(.init(request: request, out: out, workingDirectory: root))
        #expect(!result.diagnostics.contains { $0.severity == .error })
        #expect(result.outputs.count > 100)
        for (path, text) in result.outputs.sorted(by: { $0.key < $1.key }) {
            let committed = try? String(contentsOfFile: path, encoding: .utf8)
            #expect(committed == text, "stale: \(path)")
        }
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".baton.swift") }
        let computed = Set(result.outputs.keys.map { ($0 as NSString).lastPathComponent })
        #expect(Set(onDisk) == computed)
    }

    /// The size fence of generated code: accessor lines average at most 120 bytes of source.
    @Test func accessorLinesStayWithinTheSizeFence() throws {
        var bytes = 0
        var lines = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: Fixtures.generated.path) {
            let text = try String(contentsOf: Fixtures.generated.appendingPathComponent(name), encoding: .utf8)
            for line in text.split(separator: "\n") where line.contains("@MainActor var ") {
                bytes += line.utf8.count + 1
                lines += 1
            }
        }
        #expect(lines > 1000)
        #expect(bytes / lines <= 120)
    }
}
