import BatonDiagnostics
import BatonSyntax

/// @defer/@stream labels are static strings, unique across the validated documents.
final class DeferStreamDirectiveLabelRule: ValidationRule {
    static let code: DiagnosticCode = .deferStreamDirectiveLabel
    override var events: RuleEvents { [.enterDirective] }
    private var known: [String: Location] = [:]

    override func enterDirective(_ directive: Directive, location: DirectiveLocation, _ context: ValidationContext) {
        let name = directive.name.value
        guard (name == "defer" && context.checksDefer) || (name == "stream" && context.checksStream),
            let label = directive.argument("label")
        else { return }
        let here = context.location(directive.range)
        switch label.value.kind {
        case .null:
            return
        case .string(let value, _):
            if let first = known[value] {
                context.report(Self.code, "Defer/Stream directive label argument must be unique.", [first, here])
            } else {
                known[value] = here
            }
        default:
            let capitalized = name.prefix(1).uppercased() + name.dropFirst()
            context.report(Self.code, "\(capitalized) directive label argument must be a static string.", [here])
        }
    }
}
