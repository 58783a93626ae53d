import BatonDiagnostics
import BatonSyntax

/// The schema built from SDL documents, with every finding of type-system validation.
package struct SchemaBuildResult: Sendable {
    /// Nil only when errors make the schema unusable (never so far: definitions with errors
    /// are left out or repaired, so the schema stays consistent).
    package var schema: Schema?
    package var diagnostics: [Diagnostic]

    package init(schema: Schema?, diagnostics: [Diagnostic]) {
        self.schema = schema
        self.diagnostics = diagnostics
    }
}

/// Builds a `Schema` from SDL: the server's documents, then the client schema extensions
/// (Relay's: fields on server types and client-only types), over the built-in definitions.
///
/// Validation follows graphql-core 3.3.2: the server documents are checked like one document
/// by `build_ast_schema` (the SDL rules), the client extensions like a document given to
/// `extend_schema` (so redefining a server type reads "already exists in the schema"), and the
/// result by `validate_schema`. Definitions with errors are left out, so the schema returned
/// is always consistent.
package enum SchemaBuilder {
    package static func build(_ documents: [Document], clientExtensions: [Document] = []) -> SchemaBuildResult {
        let builder = TypeSystemBuilder()
        builder.addPass([BuiltIns.document], origin: .builtIn)
        builder.addPass(documents, origin: .server)
        let serverSnapshot = clientExtensions.isEmpty ? nil : builder.snapshot()
        if !clientExtensions.isEmpty { builder.addPass(clientExtensions, origin: .client) }
        let schema = builder.finish()

        var diagnostics: [Diagnostic] = []
        var sdl = SDLValidator(schema: schema, builder: builder, existing: nil)
        sdl.validate(documents)
        diagnostics += sdl.diagnostics
        if let serverSnapshot {
            var client = SDLValidator(schema: schema, builder: builder, existing: serverSnapshot)
            client.validate(clientExtensions)
            diagnostics += client.diagnostics
        }
        var checks = SchemaChecks(schema: schema, builder: builder)
        checks.run()
        diagnostics += checks.diagnostics
        return SchemaBuildResult(schema: schema, diagnostics: diagnostics)
    }
}
