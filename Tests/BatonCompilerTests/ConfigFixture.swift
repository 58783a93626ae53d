import BatonCompiler
import BatonDiagnostics
import Foundation

/// A fixture directory of `spec/config/` (a baton.json, its schema, `q.graphql`, and
/// `expected.txt`, what `batonc validate` prints): the findings of compiling it, rendered relative
/// to it, and the expected lines.
enum ConfigFixture {
    static func run(_ name: String) throws -> (rendered: [String], expected: [String]) {
        let directory = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("spec/config/" + name)
        let base = directory.path
        let compiled = TargetCompilation.compile(
            CompilationSetup.Request(configPath: base + "/baton.json", schemaPath: nil, paths: [base + "/q.graphql"]))
        let expected = try String(contentsOf: directory.appendingPathComponent("expected.txt"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        return (compiled.diagnostics.map { $0.rendered(relativeTo: base) }, expected)
    }
}
