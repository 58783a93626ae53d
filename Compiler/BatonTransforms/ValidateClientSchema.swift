import BatonDiagnostics
import BatonSchema

/// Client schema extensions: a client field is always nullable — nothing
/// but the app writes it, so nothing guarantees it is there — and a non-null one is refused at
/// its definition.
package enum ValidateClientSchema {
    package static func validate(_ schema: Schema) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for type in schema.types where type.kind == .object || type.kind == .interface {
            for field in type.fields where field.origin == .client && field.type.isNonNull {
                diagnostics.append(
                    .error(
                        "Client field '\(type.name).\(field.name)' cannot be non-null ('\(schema.text(of: field.type))'): client fields are always nullable in Baton, where Relay takes non-null ones, since the app writes them and a record may not have one yet; declare it '\(schema.text(of: field.type.nullable))'",
                        at: [field.location].compactMap { $0 }, code: .clientSchema))
            }
        }
        return diagnostics
    }
}
