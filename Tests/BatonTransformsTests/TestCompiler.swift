import BatonDiagnostics
import BatonIR
import BatonSchema
import BatonSyntax
import BatonTransforms
import Foundation

/// Compiles documents for the tests: schema (with Baton's directives) → parse → IR → the
/// operation-text transforms. Validation is not run here; the IR builder skips what it cannot
/// resolve, and each test asserts on the diagnostics it cares about.
struct TestCompiler {
    var schema: Schema
    var schemaDiagnostics: [Diagnostic]

    init(schemaText: String, extensions: String? = nil) {
        let schemaDocument = Parser.parse(Source(name: "schema.graphql", text: schemaText)).document
        let directives = Parser.parse(BatonDirectives.definitions(missingFrom: [schemaDocument])).document
        let extensionDocuments = extensions.map { [Parser.parse(Source(name: "extensions.graphql", text: $0)).document] } ?? []
        let built = SchemaBuilder.build([schemaDocument, directives], clientExtensions: extensionDocuments)
        guard let schema = built.schema else {
            fatalError("test schema does not build: \(built.diagnostics.map { $0.rendered() })")
        }
        self.schema = schema
        self.schemaDiagnostics = built.diagnostics
    }

    struct Output {
        var ir: IRProgram
        var result: OperationTextPipeline.Result
        var diagnostics: [Diagnostic]

        func text(_ operation: String) -> String? { result.text(of: operation) }
        var messages: [String] { diagnostics.map(\.message) }
        var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }

        /// The first error whose message contains `text`, as "line:column: message" (1-based).
        func error(containing text: String) -> String? {
            errors.first { $0.message.contains(text) }.map { Self.describe($0) }
        }

        static func describe(_ diagnostic: Diagnostic) -> String {
            (diagnostic.primaryLocation.map { "\($0.start): " } ?? "") + diagnostic.message
        }
    }

    func compile(_ sources: [Source], identity: IdentityConfiguration = IdentityConfiguration()) -> Output {
        var documents: [Document] = []
        var diagnostics: [Diagnostic] = []
        for source in sources {
            let parsed = Parser.parse(source)
            diagnostics += parsed.diagnostics
            documents.append(parsed.document)
        }
        diagnostics += ValidateDirectivePlacement.validate(documents)
        let built = IRBuilder.build(documents, schema: schema)
        diagnostics += built.diagnostics
        let result = OperationTextPipeline.run(built.program, options: .init(identity: identity))
        diagnostics += result.diagnostics
        return Output(ir: built.program, result: result, diagnostics: diagnostics)
    }

    func compile(_ text: String, identity: IdentityConfiguration = IdentityConfiguration()) -> Output {
        compile([Source(name: "document.graphql", text: text)], identity: identity)
    }
}

enum Fixtures {
    static let conformance = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("spec/conformance")

    static func read(_ path: String) -> String {
        (try? String(contentsOf: conformance.appendingPathComponent(path), encoding: .utf8)) ?? ""
    }

    static func files(in directory: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: conformance.appendingPathComponent(directory).path)) ?? []
        return names.filter { $0.hasSuffix(".graphql") }.sorted()
    }

    /// The conformance target: tests/schema.graphql, tests/extensions.graphql and tests/baton.json's identity.
    static let compiler = TestCompiler(schemaText: read("tests/schema.graphql"), extensions: read("tests/extensions.graphql"))
    static let identity = IdentityConfiguration(types: ["Asset": ["uuid"], "Quote": ["base", "quote"]])

}
