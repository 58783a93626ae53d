import BatonDiagnostics
import BatonHosts
import BatonSchema
import BatonSyntax
import BatonValidation

/// What one compilation reads: the schema (SDL files, then client extensions) and the host
/// files of a target (`.swift` sources with markers, `.graphql`/`.gql` documents), all
/// compiled together.
public struct CompilationInput: Sendable {
    public var schema: [Source]
    public var schemaExtensions: [Source]
    public var files: [Source]

    public init(schema: [Source], schemaExtensions: [Source] = [], files: [Source]) {
        self.schema = schema
        self.schemaExtensions = schemaExtensions
        self.files = files
    }
}

/// The outcome: the schema (when it could be built), every document found in the files with
/// its parse, and every diagnostic.
public struct CompilationResult: Sendable {
    public var schema: Schema?
    public var hostDocuments: [HostDocument]
    public var documents: [Document]
    public var diagnostics: [Diagnostic]

    public var hasErrors: Bool { diagnostics.hasErrors }
}

/// The one pipeline `batonc` and the language server share: find documents in hosts, parse,
/// build the schema, validate. Later stages (IR, transforms, plans, emitters) extend it.
public enum Compilation {
    public static func run(_ input: CompilationInput) -> CompilationResult {
        var diagnostics: [Diagnostic] = []
        let schema = buildSchema(input.schema, extensions: input.schemaExtensions, into: &diagnostics)
        var result = run(files: input.files, schema: schema)
        result.diagnostics.insert(contentsOf: diagnostics, at: 0)
        return result
    }

    /// The same pipeline over a schema built earlier (the language server builds a project's
    /// schema once and checks every edit against it).
    public static func run(files: [Source], schema: Schema?) -> CompilationResult {
        var diagnostics: [Diagnostic] = []
        var hostDocuments: [HostDocument] = []
        var documents: [Document] = []
        var validatable: [Document] = []
        for file in files {
            let found = Compilation.documents(in: file)
            diagnostics.append(contentsOf: found.diagnostics)
            for hostDocument in found.documents {
                let parsed = MarkerCheck.parse(hostDocument)
                diagnostics.append(contentsOf: parsed.diagnostics)
                hostDocuments.append(hostDocument)
                documents.append(parsed.result.document)
                // A document that failed to parse is validated no further, as graphql-core
                // does; the others still are, so one typo does not hide every other finding.
                if !parsed.result.diagnostics.hasErrors { validatable.append(parsed.result.document) }
            }
        }
        if let schema {
            diagnostics.append(contentsOf: Validator.validate(validatable, schema: schema))
        }
        return CompilationResult(schema: schema, hostDocuments: hostDocuments, documents: documents, diagnostics: diagnostics)
    }

    /// The documents a file holds, or an error at the file when Baton does not read its kind.
    static func documents(in file: Source) -> (documents: [HostDocument], diagnostics: [Diagnostic]) {
        let at = [Location(source: file, range: SourceRange(0, 0))]
        switch HostFile.language(ofPath: file.name) {
        case .swift, .graphQL:
            return HostFile.documents(for: file)
        case .kotlin:
            return ([], [.error("\(file.name) is a Kotlin host; this run compiles Swift (run batonc once per language)", at: at, code: "Host")])
        case nil:
            return ([], [.error("\(file.name) is not a .swift, .graphql or .gql file", at: at, code: "Host")])
        }
    }

    /// Parses and builds the schema; nil when it cannot be built.
    public static func buildSchema(_ sources: [Source], extensions: [Source], into diagnostics: inout [Diagnostic]) -> Schema? {
        func parseAll(_ sources: [Source]) -> [Document]? {
            var failed = false
            let parsed = sources.map { source in
                let result = Parser.parse(source)
                diagnostics.append(contentsOf: result.diagnostics)
                failed = failed || result.diagnostics.hasErrors
                return result.document
            }
            return failed ? nil : parsed
        }
        let schemaDocuments = parseAll(sources)
        let extensionDocuments = parseAll(extensions)
        guard let schemaDocuments, let extensionDocuments else { return nil }
        let built = SchemaBuilder.build(schemaDocuments, clientExtensions: extensionDocuments)
        diagnostics.append(contentsOf: built.diagnostics)
        return built.schema
    }
}
