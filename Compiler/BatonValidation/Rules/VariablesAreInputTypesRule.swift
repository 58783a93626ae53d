import BatonDiagnostics
import BatonSyntax

/// Variables are of input types (scalars, enums, input objects).
final class VariablesAreInputTypesRule: ValidationRule {
    static let code: DiagnosticCode = .variablesAreInputTypes
    override var events: RuleEvents { [.variableDefinition] }

    override func enterVariableDefinition(_ definition: VariableDefinition, _ context: ValidationContext) {
        guard let type = context.schema.resolve(definition.type),
            !context.schema.kind(of: type.namedType).isInput
        else { return }
        context.report(
            Self.code,
            "Variable '$\(definition.variable.value)' cannot be non-input type '\(definition.type.text)'.",
            [context.location(definition.type.range)])
    }
}
