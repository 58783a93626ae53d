import BatonDiagnostics

/// Every variable an operation defines is used, directly or in the fragments it reaches.
final class NoUnusedVariablesRule: ValidationRule {
    static let code: DiagnosticCode = .noUnusedVariables
    override var events: RuleEvents { [.enterOperation] }

    override func enterOperation(_ operation: OperationEntry, _ context: ValidationContext) {
        let definition = operation.definition
        let used = Set(context.recursiveVariableUsages(of: operation).map(\.name))
        for variable in definition.variableDefinitions where !used.contains(variable.variable.value) {
            let name = variable.variable.value
            let message =
                definition.name.map { "Variable '$\(name)' is never used in operation '\($0.value)'." }
                ?? "Variable '$\(name)' is never used."
            context.report(Self.code, message, [context.location(variable.range)])
        }
    }
}
