import Foundation

/// Where the conformance data and the committed generated code are, found from this file (nothing
/// reads /work/shared at test time).
enum Fixtures {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let root = repository.appendingPathComponent("spec/conformance")
    static let generated = repository.appendingPathComponent("Conformance/BatonConformance/Generated")

    static func bytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: root.appendingPathComponent(path)))
    }
}
