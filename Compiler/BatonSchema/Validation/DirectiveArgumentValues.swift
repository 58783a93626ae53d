import BatonDiagnostics
import BatonSyntax

// Values of correct type in the arguments of directives applied in SDL, with the messages
// graphql-core's ValuesOfCorrectType gives in documents (graphql-core itself only fails on
// them when it reads `@deprecated` or `@specifiedBy`).
extension SDLValidator {
    mutating func directiveArgumentValues(_ directive: Directive) {
        guard !directive.arguments.isEmpty, let info = directiveInfos[directive.name.value] else { return }
        let checker = InputLiteralChecker(schema: schema)
        for argument in directive.arguments {
            guard let definition = info.arguments.first(where: { $0.name == argument.name.value }) else { continue }
            for problem in checker.check(argument.value, as: definition.type) {
                report(problem.message, [problem.range], code: .valuesOfCorrectType)
            }
        }
    }
}
