import BatonCompiler
import BatonDiagnostics
import Foundation
import Testing

/// `lookups` against the schema: spec/config/lookups holds a baton.json whose first three entries
/// hold and whose others each break one rule; expected.txt is what `batonc validate` prints.
@Suite struct LookupCheckTests {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("spec/config/lookups")

    @Test func eachBrokenEntryIsAnErrorAtItsPlace() throws {
        let (rendered, expected) = try ConfigFixture.run("lookups")
        #expect(expected.count == 10)
        #expect(rendered == expected)
    }

    @Test func theValidEntriesReachThePlans() throws {
        let base = Self.directory.path
        let source = """
            query Q($id: ID!, $base: String!) { character(id: $id) { name } node(id: "7") { id } quote(base: $base, quote: "USD") { rate } }
            """
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("baton-lookups-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // Only the three entries that hold.
        let config = """
            {"schema": "\(base)/schema.graphql", "identity": {"types": {"Quote": ["base", "quote"]}},
             "lookups": [{"field": "Query.character", "type": "Character", "argument": "id"}, {"field": "Query.node", "argument": "id"},
                         {"field": "Query.quote", "type": "Quote", "arguments": ["base", "quote"]}]}
            """
        try config.write(toFile: directory.path + "/baton.json", atomically: true, encoding: .utf8)
        try source.write(toFile: directory.path + "/Q.graphql", atomically: true, encoding: .utf8)
        let request = CompilationSetup.Request(
            configPath: directory.path + "/baton.json", schemaPath: nil, paths: [directory.path + "/Q.graphql"])
        let result = GenerateCommand.compute(.init(request: request, out: directory.path + "/out", workingDirectory: directory.path))
        #expect(!result.diagnostics.contains { $0.severity == .error }, "\(result.diagnostics.map { $0.rendered() })")
        let output = try #require(result.outputs.first { $0.key.hasSuffix("Q.graphql.baton.swift") }?.value)
        #expect(output.contains(#"lookup: .init([Types.Character], [.variable("id")])"#))
        // An untyped lookup probes every member of the interface.
        #expect(output.contains(#"lookup: .init([Types.Character, Types.Location], [.literal("\"7\"")])"#))
        #expect(output.contains(#"lookup: .init([Types.Quote], [.variable("base"), .literal("\"USD\"")])"#))
    }
}
