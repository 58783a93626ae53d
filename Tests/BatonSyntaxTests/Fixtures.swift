import BatonDiagnostics
import Foundation

@testable import BatonSyntax

/// Fixture files under `spec/`, found from this file's path.
enum Fixtures {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("spec")

    static func url(_ path: String) -> URL { root.appendingPathComponent(path) }

    static func text(_ path: String) throws -> String {
        try String(contentsOf: url(path), encoding: .utf8)
    }

    static func source(_ path: String) throws -> Source {
        Source(name: path, text: try text(path))
    }

    static func files(in directory: String, withExtension ext: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url(directory).path)) ?? []
        return names.filter { $0.hasSuffix("." + ext) }.sorted().map { directory + "/" + $0 }
    }
}

extension ParseResult {
    /// `line:column message` of the single diagnostic, for compact assertions.
    var firstError: String? {
        diagnostics.first.map { "\($0.primaryLocation!.start) \($0.message)" }
    }
}
