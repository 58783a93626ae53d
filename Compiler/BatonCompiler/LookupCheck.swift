import BatonConfig
import BatonDiagnostics
import BatonSchema
import BatonTransforms

/// `lookups` checked against the schema, each finding at its place in `baton.json`: the field must
/// be a query-root field returning one entity (not a list); a typed entry's `type` an object type
/// the field can return; an untyped entry (`node(id:)`) a field of an interface or union; and the
/// arguments, fields of the root field, as many as the entity's key has fields (`identity`), in
/// its order. A lookup that does not hold would bind nothing, silently; so it is refused.
package enum LookupCheck {
    package static func check(_ config: BatonConfig, schema: Schema, identity: IdentityConfiguration) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        func error(_ message: String, _ range: SourceRange) {
            diagnostics.append(.error(message, at: [config.location(range)], code: .config))
        }
        guard let queryType = schema.queryType else { return [] }
        let queryName = schema[queryType].name
        for (index, lookup) in config.lookups.enumerated() {
            let at = "lookups[\(index)]"
            guard lookup.field.type == queryName else {
                error(
                    "\(at).field '\(lookup.field)' is not a field of the query root '\(queryName)': a lookup binds a root field",
                    lookup.field.range)
                continue
            }
            guard let field = schema[queryType].field(lookup.field.field) else {
                let names = schema[queryType].fields.map(\.name)
                let hint = ConfigReader.suggestion(for: lookup.field.field, among: names).map { ". Did you mean '\($0)'?" } ?? ""
                error("\(at).field: '\(queryName)' has no field '\(lookup.field.field)'\(hint)", lookup.field.range)
                continue
            }
            guard !field.type.isList else {
                error("\(at).field '\(lookup.field)' returns a list; a lookup binds a field that returns one entity", lookup.field.range)
                continue
            }
            let returned = field.type.namedType
            let entities: [TypeID]
            if let typeName = lookup.type {
                guard let type = schema.typeID(named: typeName.value) else {
                    error("\(at).type: the schema has no type '\(typeName.value)'", typeName.range)
                    continue
                }
                guard schema[type].kind == .object else {
                    error("\(at).type '\(typeName.value)' is not an object type; name the entity's concrete type", typeName.range)
                    continue
                }
                guard schema.possibleTypes(of: returned).contains(type) else {
                    error(
                        "\(at).type '\(typeName.value)' cannot be returned by '\(lookup.field)', which returns '\(schema[returned].name)'",
                        typeName.range)
                    continue
                }
                entities = [type]
            } else {
                guard schema[returned].kind == .interface || schema[returned].kind == .union else {
                    error(
                        "\(at) names no `type`, but '\(lookup.field)' returns the object type '\(schema[returned].name)': add \"type\": \"\(schema[returned].name)\"",
                        lookup.range)
                    continue
                }
                entities = schema.possibleTypes(of: returned)
            }
            var argumentsHold = true
            for name in lookup.arguments.value where !field.arguments.contains(where: { $0.name == name }) {
                error("\(at): '\(lookup.field)' has no argument '\(name)'", lookup.arguments.range)
                argumentsHold = false
            }
            guard argumentsHold else { continue }
            for entity in entities {
                guard let key = identity.key(of: entity, in: schema) else {
                    if lookup.type != nil {
                        error(
                            "\(at).type '\(schema[entity].name)' has no key fields (`identity`), so no record of it can be found by key",
                            lookup.type!.range)
                    }
                    continue
                }
                if key.count != lookup.arguments.value.count {
                    let plural = key.count == 1 ? "" : "s"
                    error(
                        "\(at): '\(schema[entity].name)' is keyed by \(key.count) field\(plural) (\(key.joined(separator: ", "))), but the lookup gives \(lookup.arguments.value.count) argument\(lookup.arguments.value.count == 1 ? "" : "s")",
                        lookup.arguments.range)
                    break
                }
            }
        }
        return diagnostics
    }
}
