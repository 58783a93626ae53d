import BatonDiagnostics
import BatonIR
import BatonSchema
import BatonSyntax

/// Relay's refetchable transform: a fragment under `@refetchable(queryName:)` gets a generated
/// query that selects it again with the lens's variables. On `Query` the query spreads the
/// fragment at the root; on `Viewer`, through `viewer`; on `Node` or a type implementing it,
/// through `node(id: $id)`, and the fragment selects `id`; on a type the schema marks
/// `@fetchable(field_name:)`, through `fetch__<Type>(…: $id)`, and the fragment selects that
/// field. Every other type is refused, as Relay refuses it.
package enum RefetchableFragments {
    package static func transform(_ program: IRProgram) -> (program: IRProgram, diagnostics: [Diagnostic]) {
        var result = program
        var diagnostics: [Diagnostic] = []
        let schema = program.schema
        var names = Dictionary(program.operations.map { ($0.name, $0.nameLocation) }, uniquingKeysWith: { a, _ in a })
        for fragment in program.sortedFragments {
            guard let directive = fragment.directive("refetchable") else { continue }
            let at = directive.location.map { [$0] } ?? []
            guard let queryArgument = directive.argument("queryName"), let queryName = queryArgument.value.stringValue else {
                diagnostics.append(.error("@refetchable needs a queryName: the name of the query it generates", at: at, code: .refetchable))
                continue
            }
            let nameAt = queryArgument.valueLocation.map { [$0] } ?? at
            if let existing = names[queryName] ?? nil {
                diagnostics.append(
                    .error(
                        DiagnosticCode.refetchableQueryNameTaken(queryName),
                        at: nameAt + [existing], code: .refetchable))
                continue
            } else if names.keys.contains(queryName) || program.fragment(named: queryName) != nil {
                diagnostics.append(
                    .error(
                        DiagnosticCode.refetchableQueryNameTaken(queryName),
                        at: nameAt, code: .refetchable))
                continue
            }
            names[queryName] = queryArgument.valueLocation
            guard let (query, updated) = generate(fragment, queryName: queryName, schema: schema, at: at, &diagnostics) else { continue }
            result.operations.append(query)
            result.setFragment(updated)
        }
        return (result, diagnostics)
    }

    static func generate(
        _ fragment: IRFragment, queryName: String, schema: Schema, at: [Location],
        _ diagnostics: inout [Diagnostic]
    ) -> (IROperation, IRFragment)? {
        guard let queryType = schema.queryType else { return nil }
        var variables = (fragment.argumentDefinitions + fragment.usedGlobalVariables).map { definition in
            IRVariableDefinition(name: definition.name, type: definition.type, defaultValue: definition.defaultValue, location: nil)
        }
        variables.sort { $0.name < $1.name }
        let spread = IRSelection.fragmentSpread(
            IRFragmentSpread(
                fragmentName: fragment.name,
                arguments: fragment.argumentDefinitions.map { IRArgument(name: $0.name, value: .variable($0.name), type: $0.type) }))
        let type = schema[fragment.typeCondition]
        if fragment.typeCondition == queryType {
            let query = IROperation(
                kind: .query, name: queryName, nameLocation: nil, variableDefinitions: variables,
                directives: [], type: queryType, selections: [spread], location: fragment.location,
                generatedFrom: fragment.name)
            return (query, fragment)
        }
        if type.name == "Viewer", let viewer = schema[queryType].field("viewer"), viewer.type.namedType == type.id {
            let root = IRField(alias: nil, name: "viewer", definition: viewer, parentType: queryType, selections: [spread])
            let query = IROperation(
                kind: .query, name: queryName, nameLocation: nil, variableDefinitions: variables,
                directives: [], type: queryType, selections: [.field(root)], location: fragment.location,
                generatedFrom: fragment.name)
            return (query, fragment)
        }
        // A Node is refetched through `node(id:)`; a `@fetchable(field_name:)` type through its
        // `fetch__<Type>` field — first when `preferFetchable: true`.
        let preferFetchable = fragment.directive("refetchable")?.argument("preferFetchable")?.value == .boolean(true)
        let root: (field: SchemaField, argument: InputValue, key: String)?
        if preferFetchable {
            root = fetchableRoot(type, schema) ?? nodeRoot(type, schema)
        } else {
            root = nodeRoot(type, schema) ?? fetchableRoot(type, schema)
        }
        guard let root, let keyField = type.field(root.key) else {
            diagnostics.append(
                .error(
                    "@refetchable is not supported on fragment '\(fragment.name)' of type '\(type.name)': only fragments on Query, on Viewer, on Node or a type implementing Node (with Query.node(id:)), or on a @fetchable type (with Query.fetch__\(type.name)) can be refetched",
                    at: at, code: .refetchable))
            return nil
        }
        if variables.contains(where: { $0.name == "id" }) {
            diagnostics.append(
                .error(
                    "Fragment '\(fragment.name)' cannot use a variable named 'id': @refetchable passes the record's id as $id",
                    at: at, code: .refetchable))
            return nil
        }
        let idType = root.argument.type.isNonNull ? root.argument.type : .nonNull(root.argument.type)
        variables.append(IRVariableDefinition(name: "id", type: idType, defaultValue: nil, location: nil))
        // `node` selects the id it was fetched by beside the spread, as Relay's refetch query does
        // (the text had it already, from the identity fields): its lens reads `node.id`.
        var selections = [spread]
        let rootType = root.field.type.namedType
        if root.field.name == "node", let rootKey = schema[rootType].field(root.key) {
            selections.append(.field(IRField(alias: nil, name: root.key, definition: rootKey, parentType: rootType)))
        }
        let field = IRField(
            alias: nil, name: root.field.name, definition: root.field, parentType: queryType,
            arguments: [IRArgument(name: root.argument.name, value: .variable("id"), type: root.argument.type)],
            selections: selections)
        let query = IROperation(
            kind: .query, name: queryName, nameLocation: nil, variableDefinitions: variables,
            directives: [], type: queryType, selections: [.field(field)], location: fragment.location,
            generatedFrom: fragment.name)
        var updated = fragment
        let hasKey = fragment.selections.contains {
            $0.field.map { $0.name == root.key && ($0.alias == nil || $0.alias == root.key) } ?? false
        }
        if !hasKey {
            updated.selections.append(.field(IRField(alias: nil, name: root.key, definition: keyField, parentType: type.id)))
        }
        return (query, updated)
    }

    /// `Query.node(id:)` for `Node` and the types implementing it.
    static func nodeRoot(_ type: NamedType, _ schema: Schema) -> (field: SchemaField, argument: InputValue, key: String)? {
        guard let queryType = schema.queryType, let node = schema.typeIndex["Node"],
            type.id == node || schema.isSubType(type.id, of: node),
            let field = schema[queryType].field("node"), field.type.namedType == node,
            let argument = field.argument("id"), type.field("id") != nil
        else { return nil }
        return (field, argument, "id")
    }

    /// `Query.fetch__<Type>(…)` for a type marked `@fetchable(field_name:)` (Relay's fetchable types).
    static func fetchableRoot(_ type: NamedType, _ schema: Schema) -> (field: SchemaField, argument: InputValue, key: String)? {
        guard let queryType = schema.queryType,
            let fetchable = type.directives.first(where: { $0.name.value == "fetchable" }),
            case .string(let key, _)? = fetchable.argument("field_name")?.value.kind,
            let field = schema[queryType].field("fetch__" + type.name), field.type.namedType == type.id,
            let argument = field.arguments.first
        else { return nil }
        return (field, argument, key)
    }
}
