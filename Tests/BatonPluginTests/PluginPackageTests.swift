import Foundation
import Testing

/// Builds Tests/PluginPackage — a package that depends on Baton by path and applies BatonPlugin to
/// a target whose views hold GraphQL in markers — and runs its test, which commits a payload and
/// reads it through the generated lenses. Then misspells a field in a marker and expects the
/// incremental build to fail with batonc's diagnostic at the Swift file's line and column.
///
/// The package is mirrored into `.build/PluginPackage/` (so its `../..` is still this repository,
/// and its own `.build/` survives between runs: reruns are incremental). Files are written only
/// when they differ, so an unchanged package is not rebuilt. The nested builds compile batonc and
/// the runtime once, in their own scratch directory, away from the lock of the build running this.
@Suite(.serialized) struct PluginPackageTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let original = root.appendingPathComponent("Tests/PluginPackage")
    static let mirror = root.appendingPathComponent(".build/PluginPackage")

    @Test func buildsTestsAndReportsMarkerErrorsAtTheirSwiftPosition() throws {
        try Self.mirrorPackage()

        let tested = try Self.swift(["test"])
        #expect(tested.status == 0, "swift test on the plugin package failed:\n\(tested.output)")
        #expect(tested.output.contains("readsCommittedPayloadThroughGeneratedLenses() passed"), "\(tested.output)")

        // One misspelled field in the card's @Fragment.
        let card = Self.mirror.appendingPathComponent("Sources/Cast/CharacterCard.swift")
        let text = try String(contentsOf: card, encoding: .utf8)
        defer { try? text.write(to: card, atomically: true, encoding: .utf8) }
        let broken = text.replacingOccurrences(of: "  status\n", with: "  statsu\n")
        try #require(broken != text)
        try broken.write(to: card, atomically: true, encoding: .utf8)
        let lines = broken.components(separatedBy: "\n")
        let lineIndex = try #require(lines.firstIndex { $0.hasSuffix("statsu") })
        let column =
            lines[lineIndex].distance(
                from: lines[lineIndex].startIndex,
                to: lines[lineIndex].firstIndex(of: "s")!) + 1

        let built = try Self.swift(["build"])
        #expect(built.status != 0, "the build with a misspelled field succeeded:\n\(built.output)")
        let expected = "\(card.path):\(lineIndex + 1):\(column): error: Cannot query field 'statsu' on type 'Character'"
        #expect(built.output.contains(expected), "expected `\(expected)` in:\n\(built.output)")
    }

    /// Copies Tests/PluginPackage into the mirror, writing only the files that differ.
    static func mirrorPackage() throws {
        let manager = FileManager.default
        let files = manager.enumerator(atPath: original.path)?.compactMap { $0 as? String } ?? []
        for relative in files where !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
            let source = original.appendingPathComponent(relative)
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: source.path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            let target = mirror.appendingPathComponent(relative)
            let data = try Data(contentsOf: source)
            if manager.contents(atPath: target.path) == data { continue }
            try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: target)
        }
    }

    /// Runs `swift <arguments> --package-path <mirror>`; stdout and stderr together, through a file
    /// so a long build log cannot fill a pipe and stall it.
    static func swift(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let log = mirror.appendingPathComponent("swift-\(arguments[0]).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        defer { try? handle.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift"] + arguments + ["--package-path", mirror.path]
        process.currentDirectoryURL = mirror
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }
}
