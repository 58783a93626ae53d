import BatonDiagnostics
import BatonSyntax

/// Leaf fields (scalars, enums) have no selection set; composite fields have one.
final class ScalarLeafsRule: ValidationRule {
    static let code: DiagnosticCode = .scalarLeafs
    override var events: RuleEvents { [.enterField] }

    override func enterField(_ field: Field, _ context: ValidationContext) {
        // The kind is read from the stack; the type itself only when a message needs it.
        guard let kind = context.typeInfo.namedTypeKind else { return }
        if kind.isLeaf {
            if let selectionSet = field.selectionSet, let type = context.typeInfo.type {
                let schema = context.schema
                context.report(
                    Self.code,
                    "Field '\(field.name.value)' must not have a selection since type '\(schema.text(of: type))' has no subfields.",
                    [context.location(selectionSet.range)])
            }
        } else if field.selectionSet == nil, let type = context.typeInfo.type {
            let schema = context.schema
            let name = field.name.value
            context.report(
                Self.code,
                "Field '\(name)' of type '\(schema.text(of: type))' must have a selection of subfields. Did you mean '\(name) { ... }'?",
                [context.location(field.range)])
        }
    }
}
