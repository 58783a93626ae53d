import BatonCompiler
import BatonDiagnostics
import BatonTransforms
import Foundation
import Testing

/// `batonc print`'s core: the whole target compiled from baton.json, the named operation's text.
@Suite struct PrintCommandTests {
    static let conformance = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("spec/conformance")

    static var sources: [String] {
        let directory = conformance.appendingPathComponent("sources").path
        return ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted().map { directory + "/" + $0 }
    }

    static var config: String { conformance.appendingPathComponent("tests/baton.json").path }

    @Test func printsTheDocumentsText() throws {
        let output = PrintCommand.run(
            operation: "TestNotesPaginationQuery", CompilationSetup.Request(configPath: Self.config, schemaPath: nil, paths: Self.sources))
        let expected = try String(
            contentsOf: Self.conformance.appendingPathComponent("documents/TestNotesPaginationQuery.graphql"), encoding: .utf8)
        #expect(output.text == expected)
        #expect(!output.diagnostics.hasErrors)
    }

    @Test func persistConfigPrefixesTheDocumentID() throws {
        // The conformance configuration with persisted operations on, its paths made absolute.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("baton-print-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let tests = Self.conformance.appendingPathComponent("tests").path
        let config = """
            {"schema": "\(tests)/schema.graphql", "schemaExtensions": ["\(tests)/extensions.graphql"],
             "identity": {"types": {"Asset": ["uuid"], "Quote": ["base", "quote"]}},
             "persistConfig": {"file": "persisted.json", "algorithm": "MD5"}}
            """
        let path = directory.appendingPathComponent("baton.json").path
        try config.write(toFile: path, atomically: true, encoding: .utf8)
        let output = PrintCommand.run(
            operation: "TestHeaderQuery", CompilationSetup.Request(configPath: path, schemaPath: nil, paths: Self.sources))
        let text = try String(contentsOf: Self.conformance.appendingPathComponent("documents/TestHeaderQuery.graphql"), encoding: .utf8)
        let id = PersistedDocumentID.id(of: String(text.dropLast()), algorithm: .md5)
        #expect(output.text == "# documentId: \(id)\n" + text)
        #expect(id.count == 32)
    }

    @Test func readsSwiftHosts() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("baton-print-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let host = directory.appendingPathComponent("Screen.swift").path
        try """
        struct Screen {
            @Query(\"""
            query ScreenQuery($id: ID!) { character(id: $id) { ...Row_character } }
            \""") var query: ScreenQuery
            @Fragment("fragment Row_character on Character { name }") var row: Row_character
        }
        """.write(toFile: host, atomically: true, encoding: .utf8)
        let output = PrintCommand.run(
            operation: "ScreenQuery", CompilationSetup.Request(configPath: Self.config, schemaPath: nil, paths: [host]))
        #expect(
            output.text == "query ScreenQuery($id:ID!){character(id:$id){...Row_character,id}}fragment Row_character on Character{name}\n")
    }

    @Test func anErrorPrintsNothing() {
        let output = PrintCommand.run(
            operation: "TestHeaderQuery",
            CompilationSetup.Request(
                configPath: Self.config, schemaPath: nil,
                paths: Self.sources + [
                    Self.conformance.appendingPathComponent("tests/baton.json").path.replacingOccurrences(
                        of: "baton.json", with: "missing.graphql")
                ]))
        #expect(output.text == nil)
        #expect(output.diagnostics.contains { $0.message.hasPrefix("cannot read ") })
    }

    @Test func anUnknownOperationIsAnError() {
        let output = PrintCommand.run(
            operation: "testheaderquery", CompilationSetup.Request(configPath: Self.config, schemaPath: nil, paths: Self.sources))
        #expect(output.text == nil)
        #expect(
            output.diagnostics.map(\.message).contains(
                "no operation named 'testheaderquery' in the documents given (names are case-sensitive: did you mean 'TestHeaderQuery'?)"))
    }
}

extension PrintCommandTests {
    /// The spec validator's findings about a fragment's own arguments are Baton's to judge, but
    /// an operation variable that is really undefined is still reported.
    @Test func fragmentArgumentsAreNotOperationVariables() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("baton-print-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let schema = Self.conformance.appendingPathComponent("tests/schema.graphql").path
        let fragment =
            "fragment N on Character @argumentDefinitions(count: {type: \"Int\", defaultValue: 1}) { notes(first: $count) { totalCount } }\n"
        let good = directory.appendingPathComponent("good.graphql").path
        try ("query Q { character(id: 1) { ...N @arguments(count: 3) } }\n" + fragment).write(
            toFile: good, atomically: true, encoding: .utf8)
        let output = PrintCommand.run(operation: "Q", CompilationSetup.Request(configPath: nil, schemaPath: schema, paths: [good]))
        #expect(output.diagnostics.filter { $0.severity == .error }.map(\.message) == [])
        #expect(output.text?.hasPrefix("query Q{character(id:1){...N_") == true)

        let bad = directory.appendingPathComponent("bad.graphql").path
        try ("query Q { character(id: 1) { notes(first: $count) { totalCount } ...N } }\n" + fragment).write(
            toFile: bad, atomically: true, encoding: .utf8)
        let refused = PrintCommand.run(operation: "Q", CompilationSetup.Request(configPath: nil, schemaPath: schema, paths: [bad]))
        #expect(refused.text == nil)
        #expect(refused.diagnostics.contains { $0.message == "Variable '$count' is not defined by operation 'Q'." })
    }
}
