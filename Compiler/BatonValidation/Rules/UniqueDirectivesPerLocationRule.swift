import BatonDiagnostics
import BatonSyntax

/// A non-repeatable directive appears at most once on a node.
final class UniqueDirectivesPerLocationRule: ValidationRule {
    static let code: DiagnosticCode = .uniqueDirectivesPerLocation
    override var events: RuleEvents {
        [
            .enterOperation, .enterFragment, .variableDefinition, .enterField,
            .fragmentSpread, .inlineFragment,
        ]
    }
    private var isUnique: [String: Bool] = [:]

    init(_ context: ValidationContext) {
        for directive in context.schema.directives { isUnique[directive.name] = !directive.isRepeatable }
        for document in context.documents {
            for case .directive(let definition) in document.definitions where !definition.isExtension {
                isUnique[definition.name.value] = !definition.isRepeatable
            }
        }
    }

    private func check(_ directives: [Directive], _ context: ValidationContext) {
        guard directives.count > 1 else { return }
        var seen: [String: Location] = [:]
        for directive in directives {
            let name = directive.name.value
            guard isUnique[name] == true else { continue }
            let location = context.location(directive.range)
            if let first = seen[name] {
                context.report(Self.code, DiagnosticCode.repeatedDirective(name), [first, location])
            } else {
                seen[name] = location
            }
        }
    }

    override func enterOperation(_ operation: OperationEntry, _ context: ValidationContext) {
        check(operation.definition.directives, context)
    }
    override func enterFragment(_ fragment: FragmentEntry, _ context: ValidationContext) { check(fragment.definition.directives, context) }
    override func enterVariableDefinition(_ definition: VariableDefinition, _ context: ValidationContext) {
        check(definition.directives, context)
    }
    override func enterField(_ field: Field, _ context: ValidationContext) { check(field.directives, context) }
    override func enterFragmentSpread(_ spread: FragmentSpread, _ context: ValidationContext) { check(spread.directives, context) }
    override func enterInlineFragment(_ inline: InlineFragment, _ context: ValidationContext) { check(inline.directives, context) }
}
