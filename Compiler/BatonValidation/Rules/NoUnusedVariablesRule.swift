import BatonDiagnostics
import BatonSyntax

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
            context.report(Self.code, message + Self.relayDifference(definition), [context.location(variable.range)])
        }
    }

    /// Relay's escape from this rule, which Baton does not take: said where the rule fires, so
    /// the fix is read at the variable (spec/relay-checks/README.md). Empty otherwise.
    static func relayDifference(_ definition: OperationDefinition) -> String {
        guard definition.directives.contains(where: { $0.name.value == "DEPRECATED__relay_ignore_unused_variables_error" })
        else { return "" }
        return " Baton does not have Relay's `@DEPRECATED__relay_ignore_unused_variables_error`: remove the variable."
    }
}
