import BatonCompiler
import BatonDiagnostics
import BatonEmit
import BatonPlans
import BatonSchema
import BatonSyntax
import BatonTransforms
import BatonValidation

/// What the compiler must do with any generated document: finish (a crash or a hang is the
/// failure libFuzzer looks for), and, when the document compiles without an error, build its
/// plans and emit its Swift as `batonc generate` does, and print every operation (generated
/// refetch queries too) as text that parses and that the specification's rules accept against
/// the same schema: the server would be sent nothing it rejects.
package enum GeneratedDocumentCheck {
    package enum Outcome: Equatable {
        /// The compiler found an error in the document (the generator slips on purpose).
        case rejected
        /// Compiled without error, with this many operation texts, each valid.
        case compiled(operations: Int)
        /// Compiled without error, yet an operation's text is not valid GraphQL: a compiler bug.
        case invalidText(operation: String, text: String, findings: [String])
    }

    package static func run(_ document: String, schema: Schema) -> Outcome {
        let source = Source(name: "Generated.graphql", bytes: Array(document.utf8))
        let result = Compilation.run(files: [source], schema: schema)
        for diagnostic in result.diagnostics { _ = diagnostic.renderedWithNotes() }
        guard !result.hasErrors, let transforms = result.transforms else { return .rejected }
        let texts = transforms.texts
        // What generate would write, from the default identity (`id`) and no configuration.
        let plans = PlanBuilder.plans(transforms.normalizationProgram, identity: IdentityConfiguration())
        _ = SwiftEmitter.emit(
            SwiftEmitter.Input(
                schema: schema, lensProgram: transforms.program, plans: plans, texts: texts, persistedIDs: nil,
                customScalars: [:], transientTypes: [], schemaDigest: "generated"))
        for (name, text) in texts.sorted(by: { $0.key < $1.key }) {
            let parsed = Parser.parse(Source(name: name + ".graphql", bytes: Array(text.utf8)))
            var findings = parsed.diagnostics.filter { $0.severity == .error }
            if findings.isEmpty {
                findings = Validator.validate([parsed.document], schema: schema).filter { $0.severity == .error }
            }
            if !findings.isEmpty {
                return .invalidText(operation: name, text: text, findings: findings.map { $0.rendered() })
            }
        }
        return .compiled(operations: texts.count)
    }
}
