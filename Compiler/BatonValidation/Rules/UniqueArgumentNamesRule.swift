import BatonDiagnostics
import BatonSyntax

/// A field or directive is given each argument once.
final class UniqueArgumentNamesRule: ValidationRule {
    static let code: DiagnosticCode = .uniqueArgumentNames
    override var events: RuleEvents { [.enterField, .enterDirective] }

    override func enterField(_ field: Field, _ context: ValidationContext) { check(field.arguments, context) }

    override func enterDirective(_ directive: Directive, location: DirectiveLocation, _ context: ValidationContext) {
        check(directive.arguments, context)
    }

    private func check(_ arguments: [Argument], _ context: ValidationContext) {
        guard arguments.count > 1 else { return }
        var order: [String] = []
        var groups: [String: [Location]] = [:]
        for argument in arguments {
            let name = argument.name.value
            if groups[name] == nil { order.append(name) }
            groups[name, default: []].append(context.location(argument.name.range))
        }
        for name in order where groups[name]!.count > 1 {
            context.report(Self.code, DiagnosticCode.duplicateArgument(name), groups[name]!)
        }
    }
}
