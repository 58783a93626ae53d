import BatonDiagnostics
import BatonSyntax

/// Fragments condition on objects, interfaces or unions only.
final class FragmentsOnCompositeTypesRule: ValidationRule {
    static let code: DiagnosticCode = .fragmentsOnCompositeTypes
    override var events: RuleEvents { [.inlineFragment, .enterFragment] }

    override func enterInlineFragment(_ inline: InlineFragment, _ context: ValidationContext) {
        guard let condition = inline.typeCondition, let type = context.schema.namedType(condition),
            !context.schema.kind(of: type).isComposite
        else { return }
        context.report(
            Self.code, "Fragment cannot condition on non composite type '\(condition.value)'.",
            [context.location(condition.range)])
    }

    override func enterFragment(_ fragment: FragmentEntry, _ context: ValidationContext) {
        let condition = fragment.definition.typeCondition
        guard let type = context.schema.namedType(condition), !context.schema.kind(of: type).isComposite else { return }
        context.report(
            Self.code,
            "Fragment '\(fragment.name)' cannot condition on non composite type '\(condition.value)'.",
            [context.location(condition.range)])
    }
}
