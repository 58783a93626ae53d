import BatonDiagnostics
import BatonSchema
import BatonSyntax

/// `@semanticNonNull(levels:)` in the schema: each level names a depth of the field's type (0
/// the field itself, 1 its list's items, …), which must exist, and the position there must be
/// nullable (a non-null one needs no promise).
package enum ValidateSemanticNonNull {
    package static func validate(_ schema: Schema) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for type in schema.types where type.kind == .object || type.kind == .interface {
            for field in type.fields {
                for directive in field.directives where directive.name.value == "semanticNonNull" {
                    let location = field.location.map { Location(source: $0.source, range: directive.range) }
                    var levels: [Int] = [0]
                    if let argument = directive.argument("levels") {
                        guard case .list(let items) = argument.value.kind else { continue }
                        levels = items.compactMap { if case .int(let t) = $0.kind { Int(t) } else { nil } }
                    }
                    // The nullability at each depth.
                    var depths: [Bool] = []
                    var current: SchemaType? = field.type
                    while let t = current {
                        depths.append(t.isNonNull)
                        current = t.listElement
                    }
                    for level in levels {
                        if level < 0 || level >= depths.count {
                            diagnostics.append(
                                .error(
                                    "Invalid `@semanticNonNull` level \(level) on '\(type.name).\(field.name)': its type '\(schema.text(of: field.type))' has levels 0 to \(depths.count - 1)",
                                    at: [location].compactMap { $0 }, code: .semanticNonNull))
                        } else if depths[level] {
                            diagnostics.append(
                                .error(
                                    "`@semanticNonNull` level \(level) on '\(type.name).\(field.name)' marks a position the type '\(schema.text(of: field.type))' already makes non-null",
                                    at: [location].compactMap { $0 }, code: .semanticNonNull))
                        }
                    }
                }
            }
        }
        return diagnostics
    }
}
