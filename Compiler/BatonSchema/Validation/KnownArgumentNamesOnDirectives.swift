import BatonDiagnostics
import BatonSyntax

// KnownArgumentNamesOnDirectives: a directive is given only the arguments it defines.
extension SDLValidator {
    mutating func knownArgumentNamesOnDirective(_ directive: Directive) {
        guard !directive.arguments.isEmpty, let info = directiveInfos[directive.name.value] else { return }
        for argument in directive.arguments where !info.argumentNames.contains(argument.name.value) {
            report(
                DiagnosticCode.unknownDirectiveArgument(
                    argument.name.value, on: directive.name.value,
                    didYouMean: Suggestions.didYouMean(Suggestions.list(argument.name.value, options: info.argumentNames))),
                [argument.range], code: .knownArgumentNamesOnDirectives)
        }
    }
}
