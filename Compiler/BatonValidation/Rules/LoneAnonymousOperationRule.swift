import BatonDiagnostics
import BatonSyntax

/// An anonymous operation is the only operation of its document. Counted per document: each
/// file of a target stands alone here, as graphql-core sees one document at a time.
final class LoneAnonymousOperationRule: ValidationRule {
    static let code: DiagnosticCode = .loneAnonymousOperation
    override var events: RuleEvents { [.document, .enterOperation] }
    private var operationCount = 0

    override func enterDocument(_ document: Document, _ context: ValidationContext) {
        operationCount = document.definitions.reduce(0) { count, definition in
            if case .operation = definition { return count + 1 }
            return count
        }
    }

    override func enterOperation(_ operation: OperationEntry, _ context: ValidationContext) {
        if operation.definition.name == nil && operationCount > 1 {
            context.report(
                Self.code, "This anonymous operation must be the only defined operation.",
                [context.location(operation.definition.range)])
        }
    }
}
