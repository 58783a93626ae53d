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

    @Test func validationStopsAfterAHundredFindings() throws {
        let fields = (0..<150).map { "missing\($0)" }.joined(separator: " ")
        let document = Source(name: "Many.graphql", text: "query Many { character { \(fields) } }")
        let result = Compilation.run(files: [document], schema: try Self.schema())
        let errors = result.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == Compilation.maximumValidationErrors + 1)
        #expect(errors.filter { $0.code == .fieldsOnCorrectType }.count == 100)
        #expect(errors.last?.code == .validationAborted)
        #expect(errors.last?.message == "Too many validation errors, error limit reached. Validation aborted.")
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
