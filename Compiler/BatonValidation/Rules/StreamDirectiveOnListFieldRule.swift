import BatonDiagnostics
import BatonSchema
import BatonSyntax

/// @stream is used on list fields only.
final class StreamDirectiveOnListFieldRule: ValidationRule {
    static let code: DiagnosticCode = .streamDirectiveOnListField
    override var events: RuleEvents { [.enterDirective] }

    override func enterDirective(_ directive: Directive, location: DirectiveLocation, _ context: ValidationContext) {
        guard directive.name.value == "stream", context.checksStream,
            let fieldRef = context.typeInfo.fieldDef, let parent = context.typeInfo.parentType
        else { return }
        let schema = context.schema
        let type = schema.fieldType(fieldRef)
        guard !type.isList else { return }
        // The field's name when it belongs to the enclosing type (not for meta-fields, nor for a
        // directive on a fragment inside the field's selection).
        var fieldName = ""
        if case .field(let owner, let index) = fieldRef, owner == parent {
            fieldName = " '\(schema.types[Int(owner.index)].fields[index].name)'"
        }
        context.report(
            Self.code,
            "Stream directive cannot be used on non-list field\(fieldName) on type '\(schema.name(of: parent))'.",
            [context.location(directive.range)])
    }
}
