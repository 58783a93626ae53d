import BatonConfig
import BatonDiagnostics
import BatonSchema

/// `identity.types` checked against the schema, each finding at its place in `baton.json`: the type
/// must be an object or interface type of the schema, and each key field one of its fields whose
/// type can key a record (a single ID, String, Int, enum or custom scalar, not a list, a Float, a
/// Boolean or an object). Unchecked, such an entry would silently fall back to path keys.
package enum IdentityCheck {
    package static func check(_ config: BatonConfig, schema: Schema) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        func error(_ message: String, _ range: SourceRange) {
            diagnostics.append(.error(message, at: [config.location(range)], code: .config))
        }
        for entry in config.identity.types {
            let name = entry.type.value
            guard let type = schema.typeID(named: name) else {
                error("identity.types: the schema has no type '\(name)'", entry.type.range)
                continue
            }
            guard schema[type].kind == .object || schema[type].kind == .interface else {
                error("identity.types: '\(name)' is not an object or interface type, so no record of it is keyed", entry.type.range)
                continue
            }
            for fieldName in entry.fields.value {
                guard let field = schema[type].field(fieldName) else {
                    let names = schema[type].fields.map(\.name)
                    let hint = ConfigReader.suggestion(for: fieldName, among: names).map { ". Did you mean '\($0)'?" } ?? ""
                    error("identity.types.\(name): '\(name)' has no field '\(fieldName)'\(hint)", entry.fields.range)
                    continue
                }
                if let reason = unkeyable(field.type, schema) {
                    error("identity.types.\(name): '\(name).\(fieldName)' cannot key a record: \(reason)", entry.fields.range)
                }
            }
        }
        return diagnostics
    }

    /// Why a field of this type cannot be part of a key, or nil when it can.
    static func unkeyable(_ type: SchemaType, _ schema: Schema) -> String? {
        if type.isList { return "it is a list" }
        let named = schema[type.namedType]
        switch named.kind {
        case .scalar where named.name == "Float": return "a Float is not exact enough to name a record"
        case .scalar where named.name == "Boolean": return "a Boolean has two values"
        case .scalar, .enum: return nil
        default: return "its type '\(named.name)' is not a scalar"
        }
    }
}
