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
            checkConnections(fragment, schema: schema, &diagnostics)
            checkVariableConflicts(fragment, queryName: queryName, program: program, &diagnostics)
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
        // An interface of nodes without an `id` of its own reads it through `... on Node`.
        let nodeKey = schema.typeIndex["Node"].flatMap { node in schema[node].field(root?.key ?? "").map { (node, $0) } }
        guard let root, type.field(root.key) != nil || (isInterfaceOfNodes(type, schema) && nodeKey != nil) else {
            diagnostics.append(
                .error(
                    "@refetchable is not supported on fragment '\(fragment.name)' of type '\(type.name)': only fragments on Query, on Viewer, on Node, a type implementing Node or an interface whose types all implement Node (with Query.node(id:)), or on a @fetchable type (with Query.fetch__\(type.name)) can be refetched",
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
            if let keyField = type.field(root.key) {
                updated.selections.append(.field(IRField(alias: nil, name: root.key, definition: keyField, parentType: type.id)))
            } else if let (node, keyField) = nodeKey {
                let key = IRField(alias: nil, name: root.key, definition: keyField, parentType: node)
                updated.selections.append(
                    .inlineFragment(IRInlineFragment(typeCondition: node, parentType: type.id, selections: [.field(key)])))
            }
        }
        return (query, updated)
    }

    /// `Query.node(id:)` for `Node`, the types implementing it, and interfaces every one of
    /// whose implementations implements it, as Relay refetches them.
    static func nodeRoot(_ type: NamedType, _ schema: Schema) -> (field: SchemaField, argument: InputValue, key: String)? {
        guard let queryType = schema.queryType, let node = schema.typeIndex["Node"],
            type.id == node || schema.isSubType(type.id, of: node) || isInterfaceOfNodes(type, schema),
            let field = schema[queryType].field("node"), field.type.namedType == node,
            let argument = field.argument("id"), type.field("id") != nil || schema[node].field("id") != nil
        else { return nil }
        return (field, argument, "id")
    }

    /// An interface with implementations, every one of which implements `Node`.
    static func isInterfaceOfNodes(_ type: NamedType, _ schema: Schema) -> Bool {
        guard type.kind == .interface, !type.possibleTypes.isEmpty, let node = schema.typeIndex["Node"] else { return false }
        return type.possibleTypes.allSatisfy { schema.isSubType($0, of: node) }
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

    /// The connection a refetchable fragment pages (Relay's checks of its connection metadata):
    /// not under a plural field, whose items would each need a page of their own, and with its
    /// count and cursor taken from variables (`first` and `after` forward, `last` and `before`
    /// backward), the ones paging sets in the generated query.
    static func checkConnections(_ fragment: IRFragment, schema: Schema, _ diagnostics: inout [Diagnostic]) {
        func visit(_ selections: [IRSelection], plural: Bool) {
            for selection in selections {
                switch selection {
                case .field(let field):
                    guard let children = field.selections else { continue }
                    if let directive = field.directive("connection") ?? field.directive("stream_connection") {
                        check(field, directive, plural: plural)
                    }
                    visit(children, plural: plural || field.definition.type.isList)
                case .inlineFragment(let inline): visit(inline.selections, plural: plural)
                case .condition(let condition): visit(condition.selections, plural: plural)
                case .fragmentSpread: continue
                }
            }
        }
        func check(_ field: IRField, _ directive: IRDirective, plural: Bool) {
            let at = [directive.location].compactMap { $0 }
            if plural {
                diagnostics.append(
                    .error(
                        "Invalid use of @refetchable with @\(directive.name) in fragment '\(fragment.name)': the connection '\(field.responseKey)' is inside a plural field, so one refetch query cannot page it; move it out of the list or drop @refetchable",
                        at: at, code: .refetchableConnection))
                return
            }
            let forward = field.argument("first") != nil
            let backward = field.argument("last") != nil
            for (direction, names) in [(forward, ["first", "after"]), (backward, ["last", "before"])] where direction {
                guard let name = names.first(where: { field.argument($0)?.value.variableName == nil }) else { continue }
                let argument = field.argument(name)
                diagnostics.append(
                    .error(
                        "Invalid use of @refetchable with @\(directive.name) in fragment '\(fragment.name)': the connection '\(field.responseKey)' must take '\(names[0])' and '\(names[1])' from variables (paging sets them in the generated query); "
                            + (argument == nil ? "'\(name)' is missing" : "'\(name)' is \(OperationPrinter.print(argument!.value))"),
                        at: [argument?.valueLocation ?? directive.location].compactMap { $0 }, code: .refetchableConnection))
            }
        }
        visit(fragment.selections, plural: false)
    }

    /// The generated query declares the fragment's own arguments and the operation variables of
    /// every fragment it spreads side by side: an argument of the fragment named like such a
    /// variable would be two variables of one name.
    static func checkVariableConflicts(
        _ fragment: IRFragment, queryName: String, program: IRProgram, _ diagnostics: inout [Diagnostic]
    ) {
        guard !fragment.argumentDefinitions.isEmpty else { return }
        var global = Set<String>()
        for name in FragmentReach.reachedFragments(from: fragment.selections, in: program) {
            program.fragment(named: name).map { global.formUnion($0.usedGlobalVariables.map(\.name)) }
        }
        for argument in fragment.argumentDefinitions where global.contains(argument.name) {
            diagnostics.append(
                .error(
                    "Fragment argument '$\(argument.name)' of '\(fragment.name)' conflicts with the operation variable of that name that a fragment it spreads uses: both would be a variable of the generated query '\(queryName)'; rename one",
                    at: [argument.location].compactMap { $0 }, code: .refetchableVariableConflict))
        }
    }
}
