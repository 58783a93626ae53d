import BatonConfig
import BatonDiagnostics
import BatonHosts
import BatonIR
import BatonSchema
import BatonSyntax
import BatonTransforms
import BatonValidation

/// What one compilation reads: the schema (SDL files, then client extensions) and the host
/// files of a target (`.swift` sources with markers, `.graphql`/`.gql` documents), all
/// compiled together.
package struct CompilationInput: Sendable {
    package var schema: [Source]
    package var schemaExtensions: [Source]
    package var files: [Source]

    package init(schema: [Source], schemaExtensions: [Source] = [], files: [Source]) {
        self.schema = schema
        self.schemaExtensions = schemaExtensions
        self.files = files
    }
}

/// The outcome: the schema (when it could be built), every document found in the files with
/// its parse, the transformed program (when the documents got that far), and every diagnostic.
package struct CompilationResult: Sendable {
    package var schema: Schema?
    package var hostDocuments: [HostDocument] = []
    package var documents: [Document] = []
    /// Nil when the schema could not be built or the documents were too broken to transform.
    package var transforms: OperationTextPipeline.Result?
    package var diagnostics: [Diagnostic] = []

    package var hasErrors: Bool { diagnostics.hasErrors }
}

/// One host file's GraphQL documents and their parses, with the file's diagnostics so far
/// (the host scan's, then each document's syntax and marker findings, in that order).
package struct ParsedHostFile: Sendable {
    package var source: Source
    package var documents: [HostDocument] = []
    /// One per document, in the same order.
    package var parses: [ParseResult] = []
    package var diagnostics: [Diagnostic]

    /// The same file with only the documents at `indexes` (its diagnostics kept).
    package func keeping(documents indexes: [Int]) -> ParsedHostFile {
        var kept = self
        kept.documents = indexes.map { documents[$0] }
        kept.parses = indexes.map { parses[$0] }
        return kept
    }
}

/// The one pipeline `batonc` (validate, print, generate) and the language server share:
/// find documents in hosts, parse, build the schema with Baton's directives, validate by the
/// specification and by Relay's and Baton's rules, build the IR and run the transforms.
package enum Compilation {
    /// `batonc` reports at most this many errors, then graphql-core's "Too many validation
    /// errors" (its default too): past a hundred, more help nobody. The language server checks
    /// a file at a time and shows all of that file's.
    package static let maximumReportedErrors = 100
    /// Spec validation itself stops after this many findings, counted before Relay's model
    /// turns some off, so a hostile or generated input cannot make millions.
    package static let maximumValidationFindings = 10_000

    /// The findings up to the `maximumReportedErrors`-th error, then the finding that says so.
    package static func reported(_ findings: [Diagnostic]) -> [Diagnostic] {
        var errors = 0
        for (index, finding) in findings.enumerated() where finding.severity == .error {
            errors += 1
            if errors > maximumReportedErrors {
                return Array(findings[..<index]) + [
                    .error("Too many validation errors, error limit reached. Validation aborted.", at: [], code: .validationAborted)
                ]
            }
        }
        return findings
    }

    package static func run(_ input: CompilationInput, config: BatonConfig? = nil) -> CompilationResult {
        var diagnostics: [Diagnostic] = []
        let schema = buildSchema(input.schema, extensions: input.schemaExtensions, into: &diagnostics)
        var result = run(files: input.files, schema: schema, config: config)
        result.diagnostics.insert(contentsOf: diagnostics, at: 0)
        return result
    }

    /// The same pipeline over a schema built earlier (the language server builds a project's
    /// schema once and checks every edit against it).
    package static func run(files: [Source], schema: Schema?, config: BatonConfig? = nil) -> CompilationResult {
        run(parsed: files.map(parse), schema: schema, config: config)
    }

    /// The documents of one host file, parsed: the first half of the pipeline, which depends
    /// on the file's text alone (the language server keeps it per text and reparses only
    /// edited files).
    package static func parse(_ file: Source) -> ParsedHostFile {
        let found = Compilation.documents(in: file)
        var parsed = ParsedHostFile(source: file, diagnostics: found.diagnostics)
        for hostDocument in found.documents {
            let document = MarkerCheck.parse(hostDocument)
            parsed.diagnostics += document.diagnostics
            parsed.documents.append(hostDocument)
            parsed.parses.append(document.result)
        }
        return parsed
    }

    /// The rest of the pipeline over files parsed earlier, all checked together.
    package static func run(parsed files: [ParsedHostFile], schema: Schema?, config: BatonConfig? = nil) -> CompilationResult {
        var result = CompilationResult(schema: schema)
        var valid: [Document] = []
        for file in files {
            result.diagnostics += file.diagnostics
            result.hostDocuments += file.documents
            for parse in file.parses {
                result.documents.append(parse.document)
                // A document that failed to parse is checked no further, as graphql-core does;
                // the others still are, so one typo does not hide every other finding.
                if !parse.diagnostics.hasErrors { valid.append(parse.document) }
            }
        }
        guard let schema else { return result }
        if let config {
            result.diagnostics += IdentityCheck.check(config, schema: schema)
            result.diagnostics += LookupCheck.check(config, schema: schema, identity: identity(of: config))
        }

        result.diagnostics += ValidateSemanticNonNull.validate(schema) + ValidateClientSchema.validate(schema)
        let spec = Validator.validate(valid, schema: schema, options: ValidationOptions(maxErrors: Self.maximumValidationFindings))
        result.diagnostics += RelayValidationFilter.keep(spec, documents: valid)
        result.diagnostics += ValidateDirectivePlacement.validate(valid)
        // Input too deep for the validator is not transformed either.
        if spec.contains(where: { $0.code == .validationAborted }) { return result }

        let built = IRBuilder.build(valid, schema: schema)
        result.diagnostics += built.diagnostics
        let transforms = OperationTextPipeline.run(built.program, options: .init(identity: identity(of: config)))
        result.diagnostics += transforms.diagnostics
        result.transforms = transforms
        return result
    }

    /// The key fields baton.json names (`id` for every type when it names none).
    static func identity(of config: BatonConfig?) -> IdentityConfiguration {
        var identity = IdentityConfiguration()
        guard let config else { return identity }
        identity.defaultKey = config.identity.defaultFields
        for entry in config.identity.types { identity.types[entry.type.value] = entry.fields.value }
        for lookup in config.lookups where lookup.field.type == "Query" {
            identity.lookups[lookup.field.field] = (lookup.type?.value, lookup.arguments.value)
        }
        return identity
    }

    /// The documents a file holds, or an error at the file when Baton does not read its kind.
    package static func documents(in file: Source) -> (documents: [HostDocument], diagnostics: [Diagnostic]) {
        let at = [Location(source: file, range: SourceRange(0, 0))]
        switch HostFile.language(ofPath: file.name) {
        case .swift, .graphQL:
            return HostFile.documents(for: file)
        case .kotlin:
            return (
                [], [.error("\(file.name) is a Kotlin host; this run compiles Swift (run batonc once per language)", at: at, code: .host)]
            )
        case nil:
            return ([], [.error("\(file.name) is not a .swift, .graphql or .gql file", at: at, code: .host)])
        }
    }

    /// Parses and builds the schema with Baton's directive definitions (those the schema does
    /// not declare itself), then the client extensions; nil when it cannot be built.
    package static func buildSchema(_ sources: [Source], extensions: [Source], into diagnostics: inout [Diagnostic]) -> Schema? {
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
