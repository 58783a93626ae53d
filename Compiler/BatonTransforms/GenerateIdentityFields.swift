import BatonIR
import BatonSchema

/// Which fields key a record: baton.json's `identity`.
package struct IdentityConfiguration: Sendable {
    /// Tried on every object type; `["id"]` when unwritten.
    package var defaultKey: [String]
    /// Per type (an interface's entry applies to implementers without their own).
    package var types: [String: [String]]
    /// `lookups`, by the query-root field they name: the entity's type (nil for an abstract field
    /// such as `node`, whose members are probed) and the arguments holding its key, in key order.
    package var lookups: [String: (type: String?, arguments: [String])] = [:]

    package init(defaultKey: [String] = ["id"], types: [String: [String]] = [:]) {
        self.defaultKey = defaultKey
        self.types = types
    }

    /// The key fields of a type, when it has all of them.
    package func key(of type: TypeID, in schema: Schema) -> [String]? {
        let named = schema[type]
        var key = types[named.name]
        if key == nil {
            key = named.interfaces.lazy.compactMap { types[schema[$0].name] }.first
        }
        let fields = key ?? defaultKey
        guard !fields.isEmpty, fields.allSatisfy({ named.field($0) != nil }) else { return nil }
        return fields
    }
}

/// Relay's id transform, then Baton's keys: every linked field selecting an object or interface
/// that has an `id` gets `id` appended when it lacks it; a union or an interface without `id`
/// gets `... on Node { id }` (when members implement `Node`) and `... on Member { id }` for other
/// members with an `id`. Then the type's configured key fields (`identity`) that are missing are
/// appended, so a record keyed by `uuid` or by `base`,`quote` can be keyed on write.
package enum GenerateIdentityFields {
    package static func transform(_ program: IRProgram, identity: IdentityConfiguration = IdentityConfiguration()) -> IRProgram {
        let schema = program.schema
        return program.rewritingSelections { selections, _ in rewrite(selections, schema, identity) }
    }

    static func rewrite(_ selections: [IRSelection], _ schema: Schema, _ identity: IdentityConfiguration) -> [IRSelection] {
        selections.map { selection in
            guard let children = selection.children else { return selection }
            let rewritten = rewrite(children, schema, identity)
            guard case .field(let field) = selection, field.isLinked else { return selection.withChildren(rewritten) }
            return selection.withChildren(addIdentity(to: rewritten, type: field.type, schema, identity))
        }
    }

    static func hasField(_ name: String, in selections: [IRSelection]) -> Bool {
        selections.contains { $0.field.map { $0.name == name && ($0.alias == nil || $0.alias == name) } ?? false }
    }

    static func field(_ name: String, on type: TypeID, _ schema: Schema) -> IRSelection? {
        schema[type].field(name).map { .field(IRField(alias: nil, name: name, definition: $0, parentType: type)) }
    }

    static func addIdentity(
        to selections: [IRSelection], type: TypeID, _ schema: Schema,
        _ identity: IdentityConfiguration
    ) -> [IRSelection] {
        var result = selections
        let named = schema[type]
        if named.kind == .object || (named.kind == .interface && named.field("id") != nil) {
            if named.field("id") != nil, !hasField("id", in: result), let id = field("id", on: type, schema) { result.append(id) }
            if named.kind == .object, let key = identity.key(of: type, in: schema) {
                for name in key where !hasField(name, in: result) {
                    if let selection = field(name, on: type, schema) { result.append(selection) }
                }
            }
        } else if named.kind.isAbstract {
            let node = schema.typeIndex["Node"].flatMap { id in schema[id].field("id") != nil ? id : nil }
            var fragments: [IRSelection] = []
            var coveredByNode = false
            var others: [TypeID] = []
            for member in schema.possibleTypes(of: type) where schema[member].field("id") != nil {
                if let node, schema.isSubType(member, of: node) { coveredByNode = true } else { others.append(member) }
            }
            if coveredByNode, let node, let id = field("id", on: node, schema) {
                fragments.append(.inlineFragment(IRInlineFragment(typeCondition: node, parentType: type, selections: [id])))
            }
            for member in others {
                if let id = field("id", on: member, schema) {
                    fragments.append(.inlineFragment(IRInlineFragment(typeCondition: member, parentType: type, selections: [id])))
                }
            }
            result.append(contentsOf: fragments)
        }
        return result
    }
}
