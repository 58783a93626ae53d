import BatonDiagnostics
import BatonSchema
import BatonSyntax
import BatonValidation

/// What one compilation reads: the schema (SDL files, then client extensions) and the
/// documents of a target, all compiled together.
public struct CompilationInput: Sendable {
    public var schema: [Source]
    public var schemaExtensions: [Source]
    public var documents: [Source]

    public init(schema: [Source], schemaExtensions: [Source] = [], documents: [Source]) {
        self.schema = schema
        self.schemaExtensions = schemaExtensions
        self.documents = documents
    }
}

/// The outcome: the schema (when it could be built), the parsed documents, and every
/// diagnostic, schema's first.
public struct CompilationResult: Sendable {
    public var schema: Schema?
    public var documents: [Document]
    public var diagnostics: [Diagnostic]

    public var hasErrors: Bool { diagnostics.hasErrors }
}

/// The one pipeline `batonc` and the language server share: parse, build the schema,
/// validate. Later stages (IR, transforms, plans, emitters) extend it.
public enum Compilation {
    public static func run(_ input: CompilationInput) -> CompilationResult {
        var diagnostics: [Diagnostic] = []
        let schemaResult = buildSchema(input.schema, extensions: input.schemaExtensions, into: &diagnostics)

        var documents: [Document] = []
        documents.reserveCapacity(input.documents.count)
        var syntaxFailed = false
        for source in input.documents {
            let parsed = Parser.parse(source)
            diagnostics.append(contentsOf: parsed.diagnostics)
            if parsed.diagnostics.hasErrors { syntaxFailed = true }
            documents.append(parsed.document)
        }

        if let schema = schemaResult {
            // A document that failed to parse is validated no further, as graphql-core does;
            // the others still are, so one typo does not hide every other finding.
            let parsedCleanly = syntaxFailed
                ? zip(documents, input.documents).filter { doc, _ in
                    !diagnostics.contains { $0.code == "Syntax" && $0.primaryLocation?.source === doc.source }
                }.map(\.0)
                : documents
            diagnostics.append(contentsOf: Validator.validate(parsedCleanly, schema: schema))
        }
        return CompilationResult(schema: schemaResult, documents: documents, diagnostics: diagnostics)
    }

    /// Parses and builds the schema; nil when it cannot be built.
    public static func buildSchema(_ sources: [Source], extensions: [Source], into diagnostics: inout [Diagnostic]) -> Schema? {
        var schemaDocuments: [Document] = []
        var extensionDocuments: [Document] = []
        var failed = false
        for source in sources {
            let parsed = Parser.parse(source)
            diagnostics.append(contentsOf: parsed.diagnostics)
            failed = failed || parsed.diagnostics.hasErrors
            schemaDocuments.append(parsed.document)
        }
        for source in extensions {
            let parsed = Parser.parse(source)
            diagnostics.append(contentsOf: parsed.diagnostics)
            failed = failed || parsed.diagnostics.hasErrors
            extensionDocuments.append(parsed.document)
        }
        if failed { return nil }
        let built = SchemaBuilder.build(schemaDocuments, clientExtensions: extensionDocuments)
        diagnostics.append(contentsOf: built.diagnostics)
        return built.schema
    }
}
