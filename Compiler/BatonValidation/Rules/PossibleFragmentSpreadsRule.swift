import BatonDiagnostics
import BatonSchema
import BatonSyntax

/// A fragment is spread only where its type can overlap the enclosing type.
final class PossibleFragmentSpreadsRule: ValidationRule {
    static let code: DiagnosticCode = .possibleFragmentSpreads
    override var events: RuleEvents { [.inlineFragment, .fragmentSpread] }

    override func enterInlineFragment(_ inline: InlineFragment, _ context: ValidationContext) {
        let schema = context.schema
        guard let fragmentType = context.typeInfo.type, schema.isComposite(fragmentType),
            let parent = context.typeInfo.parentType
        else { return }
        let type = fragmentType.namedType
        guard !schema.typesOverlap(type, parent) else { return }
        context.report(
            Self.code,
            "Fragment cannot be spread here as objects of type '\(schema.name(of: parent))' can never be of type '\(schema.name(of: type))'.",
            [context.location(inline.range)])
    }

    override func enterFragmentSpread(_ spread: FragmentSpread, _ context: ValidationContext) {
        let schema = context.schema
        guard let fragment = context.fragmentID(spread.name.value),
            let type = context.fragmentTypes[fragment], schema.kind(of: type).isComposite,
            let parent = context.typeInfo.parentType, !schema.typesOverlap(type, parent)
        else { return }
        context.report(
            Self.code,
            "Fragment '\(spread.name.value)' cannot be spread here as objects of type '\(schema.name(of: parent))' can never be of type '\(schema.name(of: type))'.",
            [context.location(spread.range)])
    }
}
