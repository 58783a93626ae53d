import BatonCompiler
import Foundation
import Testing

/// Generated/ is what batonc generates from spec/generated-code today. To refresh it:
/// `cd spec/generated-code && batonc generate --config baton.json --out ../../Tests/BatonGeneratedCodeTests/Generated sources`.
@Suite struct GeneratedCodeIsCurrentTests {
    @Test func committedOutputsAreCurrent() throws {
        let result = Cases.generate()
        #expect(result.diagnostics.allSatisfy { $0.severity != .error })
        #expect(!result.outputs.isEmpty)
        for (path, text) in result.outputs {
            #expect((try? String(contentsOfFile: path, encoding: .utf8)) == text, "stale: \(path)")
        }
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: Cases.generated.path)
        #expect(Set(onDisk) == Set(result.outputs.keys.map { ($0 as NSString).lastPathComponent }))
    }
}
