import BatonDiagnostics

/// Every variable an operation uses, directly or in the fragments it reaches, is defined by it.
final class NoUndefinedVariablesRule: ValidationRule {
    static let code: DiagnosticCode = .noUndefinedVariables
    override var events: RuleEvents { [.enterOperation] }

    override func enterOperation(_ operation: OperationEntry, _ context: ValidationContext) {
        let definition = operation.definition
        let defined = Set(definition.variableDefinitions.map(\.variable.value))
        let operationLocation = context.location(definition.range)
        for usage in context.recursiveVariableUsages(of: operation) where !defined.contains(usage.name) {
            let message =
                definition.name.map { "Variable '$\(usage.name)' is not defined by operation '\($0.value)'." }
                ?? "Variable '$\(usage.name)' is not defined."
            context.report(Self.code, message, [usage.location, operationLocation])
        }
    }
}
