import BatonDiagnostics
import BatonSyntax

/// Executable documents hold only operations and fragments.
final class ExecutableDefinitionsRule: ValidationRule {
    static let code: DiagnosticCode = .executableDefinitions
    override var events: RuleEvents { [.document] }

    override func enterDocument(_ document: Document, _ context: ValidationContext) {
        for definition in document.definitions where !definition.isExecutable {
            let name: String
            switch definition {
            case .schema: name = "schema"
            case .type(let type): name = "'\(type.name.value)'"
            case .directive(let directive): name = "'\(directive.name.value)'"
            case .operation, .fragment: continue
            }
            context.report(Self.code, "The \(name) definition is not executable.", [context.location(definition.range)])
        }
    }
}
