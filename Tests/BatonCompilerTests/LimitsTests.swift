import BatonCompiler
import BatonDiagnostics
import BatonSchema
import Testing

/// The compiler's stated limits (ARCHITECTURE.md, "Limits"): each reached gives one clear
/// finding at a position, and never a crash or millions of findings.
@Suite struct LimitsTests {
    static func schema() throws -> Schema {
        var diagnostics: [Diagnostic] = []
        let schema = Compilation.buildSchema(
            [Source(name: "schema.graphql", text: "type Query { character: Character } type Character { id: ID name: String }")],
            extensions: [], into: &diagnostics)
        return try #require(schema)
    }

    @Test func batoncReportsAHundredErrorsThenSaysSo() throws {
        let fields = (0..<150).map { "missing\($0)" }.joined(separator: " ")
        let document = Source(name: "Many.graphql", text: "query Many { character { \(fields) } }")
        let result = Compilation.run(files: [document], schema: try Self.schema())
        // The compilation keeps every finding (a language server's check shows a file's all) ...
        #expect(result.diagnostics.filter { $0.code == .fieldsOnCorrectType }.count == 150)
        // ... and batonc reports the first hundred errors, then the one that says so.
        let reported = Compilation.reported(result.diagnostics).filter { $0.severity == .error }
        #expect(reported.count == Compilation.maximumReportedErrors + 1)
        #expect(reported.filter { $0.code == .fieldsOnCorrectType }.count == 100)
        #expect(reported.last?.code == .validationAborted)
        #expect(reported.last?.message == "Too many validation errors, error limit reached. Validation aborted.")
    }

    @Test func theValidatorItselfStopsAtTenThousandFindings() throws {
        let fields = (0..<10_050).map { "m\($0)" }.joined(separator: " ")
        let result = Compilation.run(
            files: [Source(name: "Huge.graphql", text: "query Huge { character { \(fields) } }")], schema: try Self.schema())
        #expect(result.diagnostics.filter { $0.code == .fieldsOnCorrectType }.count == Compilation.maximumValidationFindings)
        #expect(result.diagnostics.last?.code == .validationAborted)
    }

    @Test func nestingPastTwoHundredIsOneSyntaxErrorAtTheLevelTooDeep() throws {
        let depth = 10_000
        let text = "query Deep { " + String(repeating: "character { ", count: depth) + "id" + String(repeating: " }", count: depth + 1)
        let result = Compilation.run(files: [Source(name: "Deep.graphql", text: text)], schema: try Self.schema())
        #expect(result.diagnostics.count == 1)
        let error = try #require(result.diagnostics.first)
        #expect(error.message == "Syntax Error: Document is nested too deeply. Parsing aborted.")
        // The 201st selection set: `query Deep { ` and 200 `character { ` before it.
        #expect(error.primaryLocation?.range.start == 13 + 200 * 12 - 2)
    }
}
