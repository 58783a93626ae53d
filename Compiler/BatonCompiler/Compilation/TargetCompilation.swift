import BatonConfig
import BatonDiagnostics
import BatonHosts
import BatonIR
import BatonSchema
import BatonSyntax
import BatonTransforms
import BatonValidation

/// A compiled target: every stage up to the server texts, and every diagnostic.
public struct CompiledTarget: Sendable {
    public var config: BatonConfig?
    public var schema: Schema?
    public var documents: [Document] = []
    /// The schema's files then the client extensions, as read (what the schema digest hashes).
    public var schemaSources: [Source] = []
    /// Nil when the schema could not be built.
    public var transforms: OperationTextPipeline.Result?
    public var diagnostics: [Diagnostic] = []

    public var hasErrors: Bool { diagnostics.hasErrors }

    /// The server text of an operation (generated refetch queries included).
    public func text(of operation: String) -> String? { transforms?.text(of: operation) }

    /// The persisted id of a text under the configuration's `persistConfig`, or nil without one.
    public func documentID(of text: String) -> String? {
        guard let persist = config?.persistConfig else { return nil }
        let algorithm: PersistedDocumentID.Algorithm = switch persist.algorithm.value {
        case .md5: .md5
        case .sha1: .sha1
        case .sha256: .sha256
        }
        return PersistedDocumentID.id(of: text, algorithm: algorithm)
    }
}

/// The Baton pipeline over a whole target: the inputs `CompilationSetup` gathers, the schema
/// with Baton's directives and the client extensions, host documents, spec validation (less
/// what Relay's fragment arguments make moot), Baton's directive placement, the IR and the
/// transforms with Relay's and Baton's checks.
public enum TargetCompilation {
    public static func compile(_ request: CompilationSetup.Request) -> CompiledTarget {
        var target = CompiledTarget()
        let setup = CompilationSetup.prepare(request)
        target.diagnostics = setup.diagnostics
        guard let prepared = setup.prepared else { return target }
        target.config = prepared.config
        target.schemaSources = prepared.input.schema + prepared.input.schemaExtensions
        target.schema = buildSchema(prepared.input.schema, extensions: prepared.input.schemaExtensions, into: &target.diagnostics)

        // Documents: whole `.graphql` files and Swift marker literals.
        var syntaxFailed = Set<ObjectIdentifier>()
        for file in prepared.input.files {
            let found = Compilation.documents(in: file)
            target.diagnostics += found.diagnostics
            for document in found.documents {
                let parsed = MarkerCheck.parse(document)
                target.diagnostics += parsed.diagnostics
                if parsed.result.diagnostics.hasErrors { syntaxFailed.insert(ObjectIdentifier(document.source)) }
                target.documents.append(parsed.result.document)
            }
        }
        guard let schema = target.schema else { return target }
        target.diagnostics += ValidateSemanticNonNull.validate(schema) + ValidateClientSchema.validate(schema)
        let valid = target.documents.filter { !syntaxFailed.contains(ObjectIdentifier($0.source)) }
        let spec = Validator.validate(valid, schema: schema)
        target.diagnostics += RelayValidationFilter.keep(spec, documents: valid)
        target.diagnostics += ValidateDirectivePlacement.validate(valid)
        // Input too deep for the validator is not transformed either.
        if spec.contains(where: { $0.code == "ValidationAborted" }) { return target }

        let built = IRBuilder.build(valid, schema: schema)
        target.diagnostics += built.diagnostics
        var identity = IdentityConfiguration()
        if let config = target.config {
            identity.defaultKey = config.identity.defaultFields
            for entry in config.identity.types { identity.types[entry.type.value] = entry.fields.value }
        }
        let transforms = OperationTextPipeline.run(built.program, options: .init(identity: identity))
        target.diagnostics += transforms.diagnostics
        target.transforms = transforms
        return target
    }

    /// The schema's documents plus Baton's directive definitions, then the client extensions.
    static func buildSchema(_ sources: [Source], extensions: [Source], into diagnostics: inout [Diagnostic]) -> Schema? {
        var failed = false
        func parse(_ source: Source) -> Document {
            let parsed = Parser.parse(source)
            diagnostics += parsed.diagnostics
            failed = failed || parsed.diagnostics.hasErrors
            return parsed.document
        }
        let documents = sources.map(parse)
        let extensionDocuments = extensions.map(parse)
        if failed { return nil }
        let directives = Parser.parse(BatonDirectives.definitions(missingFrom: documents + extensionDocuments)).document
        let built = SchemaBuilder.build(documents + [directives], clientExtensions: extensionDocuments)
        diagnostics += built.diagnostics
        return built.schema
    }
}
