import BatonDiagnostics
import BatonSyntax

// ProvidedRequiredArgumentsOnDirectives: a directive is given every argument that is
// non-null without a default.
extension SDLValidator {
    mutating func providedRequiredArgumentsOnDirective(_ directive: Directive) {
        guard let info = directiveInfos[directive.name.value], !info.requiredArguments.isEmpty else { return }
        for (name, type) in info.requiredArguments where directive.argument(name) == nil {
            report(
                DiagnosticCode.missingRequiredArgument("@\(directive.name.value)(\(name):)", type: "\(type)"),
                [directive.range], code: .providedRequiredArgumentsOnDirectives)
        }
    }
}
