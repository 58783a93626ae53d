import BatonCompiler
import BatonDiagnostics
import Foundation
import Testing

/// `identity.types` against the schema: spec/config/identity holds a baton.json whose first three
/// entries hold and whose others each break a rule; expected.txt is what `batonc validate` prints.
@Suite struct IdentityCheckTests {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("spec/config/identity")

    @Test func eachBrokenEntryIsAnErrorAtItsPlace() throws {
        let base = Self.directory.path
        let compiled = TargetCompilation.compile(
            CompilationSetup.Request(configPath: base + "/baton.json", schemaPath: nil, paths: [base + "/q.graphql"]))
        let rendered = compiled.diagnostics.map { $0.rendered(relativeTo: base) }
        let expected = try String(contentsOf: Self.directory.appendingPathComponent("expected.txt"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        #expect(expected.count == 7)
        // batonc prints findings at one place by message; the compilation keeps the entry's order.
        #expect(rendered.sorted() == expected.sorted())
    }
}
