import BatonDiagnostics

/// Every operation's kind has a root type in the schema.
final class KnownOperationTypesRule: ValidationRule {
    static let code: DiagnosticCode = .knownOperationTypes
    override var events: RuleEvents { [.enterOperation] }

    override func enterOperation(_ operation: OperationEntry, _ context: ValidationContext) {
        let kind = operation.definition.operation
        if context.schema.rootType(for: kind) == nil {
            context.report(
                Self.code, "The \(kind.rawValue) operation is not supported by the schema.",
                [context.location(operation.definition.range)])
        }
    }
}
