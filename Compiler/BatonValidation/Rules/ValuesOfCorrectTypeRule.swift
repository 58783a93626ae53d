import BatonDiagnostics
import BatonSchema
import BatonSyntax

/// Every literal value fits the input type of its position: argument values and variables'
/// default values, checked whole as graphql-core's `validate_input_literal` does (variables
/// are checked by VariablesInAllowedPosition instead). The checking is BatonSchema's
/// `InputLiteralChecker`, which also checks SDL default values.
final class ValuesOfCorrectTypeRule: ValidationRule {
    static let code: DiagnosticCode = .valuesOfCorrectType
    override var events: RuleEvents { [.value] }
    private var checker: InputLiteralChecker?

    override func enterValue(_ value: Value, _ context: ValidationContext) {
        guard let type = context.typeInfo.inputType else { return }
        if checker == nil {
            checker = InputLiteralChecker(schema: context.schema, hideSuggestions: context.options.hideSuggestions)
        }
        for problem in checker!.check(value, as: type) {
            context.report(Self.code, problem.message, [context.location(problem.range)])
        }
    }
}
