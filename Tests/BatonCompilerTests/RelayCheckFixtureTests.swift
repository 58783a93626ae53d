import BatonCompiler
import BatonDiagnostics
import Foundation
import Testing

/// `spec/relay-checks/<family>/<case>.graphql`, in the manner of Relay's compiler fixtures: a
/// document (and, after a line `# %extensions%`, client schema extensions) compiled against
/// `spec/schemas/relay-checks.schema.graphql` by the whole pipeline, and `<case>.expected`, every
/// finding as `<line>:<column> <Code> <message>` (sorted by position), or `OK` when there is none.
/// The expected files were written from Relay's rules, not recorded from batonc.
@Suite struct RelayCheckFixtureTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("spec")
    /// Fewer cases than this means fixtures went missing.
    static let minimumCases = 95

    struct Mismatch: CustomStringConvertible {
        var name: String
        var expected: [String]
        var actual: [String]
        var description: String {
            let removed = expected.filter { !actual.contains($0) }.map { "  - " + $0 }
            let added = actual.filter { !expected.contains($0) }.map { "  + " + $0 }
            let order = removed.isEmpty && added.isEmpty ? ["  (same lines, another order)"] : []
            return ([name + ":"] + removed + added + order).joined(separator: "\n")
        }
    }

    @Test func everyFixtureGivesItsExpectedFindings() throws {
        let folder = Self.root.appendingPathComponent("relay-checks")
        let schemaURL = Self.root.appendingPathComponent("schemas/relay-checks.schema.graphql")
        let schema = Source(name: "relay-checks.schema.graphql", text: try String(contentsOf: schemaURL, encoding: .utf8))
        let families = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path, isDirectory: &isDirectory)
                && isDirectory.boolValue
        }.sorted()
        var ran = 0
        var accepted = 0
        var mismatches: [Mismatch] = []
        for family in families {
            let directory = folder.appendingPathComponent(family)
            let cases = try FileManager.default.contentsOfDirectory(atPath: directory.path)
                .filter { $0.hasSuffix(".graphql") }.sorted()
            for file in cases {
                let name = family + "/" + file
                let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
                let expectedURL = directory.appendingPathComponent(String(file.dropLast(".graphql".count)) + ".expected")
                let expected = try String(contentsOf: expectedURL, encoding: .utf8)
                    .split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
                let actual = Self.findings(name: name, text: text, schema: schema)
                ran += 1
                if expected == ["OK"] { accepted += 1 }
                if actual != expected { mismatches.append(Mismatch(name: name, expected: expected, actual: actual)) }
            }
        }
        #expect(ran >= Self.minimumCases, "ran \(ran) cases from \(folder.path), expected at least \(Self.minimumCases)")
        #expect(accepted >= families.count, "every family needs an accepted case; \(accepted) accepted of \(ran)")
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(ran) cases differ:\n\(mismatches.map(\.description).joined(separator: "\n"))")
    }

    /// The findings of one case, rendered and sorted by position, or `["OK"]`.
    static func findings(name: String, text: String, schema: Source) -> [String] {
        let parts = text.components(separatedBy: "\n# %extensions%\n")
        let input = CompilationInput(
            schema: [schema],
            schemaExtensions: parts.count > 1 ? [Source(name: "extensions.graphql", text: parts[1])] : [],
            files: [Source(name: name, text: parts[0])])
        let diagnostics = Compilation.run(input).diagnostics
        let sorted = diagnostics.sorted {
            let a = $0.primaryLocation.map { ($0.source.name, $0.range.start) } ?? ("", -1)
            let b = $1.primaryLocation.map { ($0.source.name, $0.range.start) } ?? ("", -1)
            return a.0 != b.0 ? a.0 < b.0 : a.1 != b.1 ? a.1 < b.1 : $0.code.rawValue < $1.code.rawValue
        }
        let lines = sorted.map { diagnostic -> String in
            guard let location = diagnostic.primaryLocation else { return "- \(diagnostic.code) \(diagnostic.message)" }
            let file = location.source.name == name ? "" : location.source.name + ":"
            return "\(file)\(location.start) \(diagnostic.code) \(diagnostic.message)"
        }
        return lines.isEmpty ? ["OK"] : lines
    }
}
