import BatonConfig
import BatonDiagnostics
import BatonHosts
import BatonIR
import BatonSchema
import BatonSyntax
import BatonTransforms
import BatonValidation

/// A compiled target: every stage up to the server texts, and every diagnostic.
package struct CompiledTarget: Sendable {
    package var config: BatonConfig?
    package var schema: Schema?
    package var documents: [Document] = []
    /// The schema's files then the client extensions, as read (what the schema digest hashes).
    package var schemaSources: [Source] = []
    /// Nil when the schema could not be built.
    package var transforms: OperationTextPipeline.Result?
    package var diagnostics: [Diagnostic] = []

    package var hasErrors: Bool { diagnostics.hasErrors }

    /// The server text of an operation (generated refetch queries included).
    package func text(of operation: String) -> String? { transforms?.text(of: operation) }

    /// The persisted id of a text under the configuration's `persistConfig`, or nil without one.
    package func documentID(of text: String) -> String? {
        guard let persist = config?.persistConfig else { return nil }
        let algorithm: PersistedDocumentID.Algorithm =
            switch persist.algorithm.value {
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
package enum TargetCompilation {
    package static func compile(_ request: CompilationSetup.Request) -> CompiledTarget {
        var target = CompiledTarget()
        let setup = CompilationSetup.prepare(request)
        target.diagnostics = setup.diagnostics
        guard let prepared = setup.prepared else { return target }
        target.config = prepared.config
        target.schemaSources = prepared.input.schema + prepared.input.schemaExtensions
        let result = Compilation.run(prepared.input, config: prepared.config)
        target.schema = result.schema
        target.documents = result.documents
        target.transforms = result.transforms
        target.diagnostics += result.diagnostics
        return target
    }
}
