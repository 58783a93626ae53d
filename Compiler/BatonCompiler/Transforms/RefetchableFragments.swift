import BatonDiagnostics
import BatonIR
import BatonSchema
import BatonSyntax

/// Relay's refetchable transform: a fragment under `@refetchable(queryName:)` gets a generated
/// query that selects it again with the lens's variables. On `Query` the query spreads the
/// fragment at the root; on `Node` or a type implementing it, through `node(id: $id)`, and the
/// fragment selects `id`. Every other type is refused, as Relay refuses it.
public enum RefetchableFragments {
    public static func transform(_ program: IRProgram) -> (program: IRProgram, diagnostics: [Diagnostic]) {
        var result = program
        var diagnostics: [Diagnostic] = []
        let schema = program.schema
        var names = Dictionary(program.operations.map { ($0.name, $0.nameLocation) }, uniquingKeysWith: { a, _ in a })
        for fragment in program.sortedFragments {
            guard let directive = fragment.directive("refetchable") else { continue }
            let at = directive.location.map { [$0] } ?? []
            guard let queryArgument = directive.argument("queryName"), let queryName = queryArgument.value.stringValue else {
                diagnostics.append(.error("@refetchable needs a queryName: the name of the query it generates", at: at, code: "Refetchable"))
                continue
            }
            let nameAt = queryArgument.valueLocation.map { [$0] } ?? at
            if let existing = names[queryName] ?? nil {
                diagnostics.append(.error("The queryName of @refetchable must be unique: a definition named '\(queryName)' already exists",
                                          at: nameAt + [existing], code: "Refetchable"))
                continue
            } else if names.keys.contains(queryName) || program.fragment(named: queryName) != nil {
                diagnostics.append(.error("The queryName of @refetchable must be unique: a definition named '\(queryName)' already exists",
                                          at: nameAt, code: "Refetchable"))
                continue
            }
            names[queryName] = queryArgument.valueLocation
            guard let (query, updated) = generate(fragment, queryName: queryName, schema: schema, at: at, &diagnostics) else { continue }
            result.operations.append(query)
            result.setFragment(updated)
        }
        return (result, diagnostics)
    }

    static func generate(_ fragment: IRFragment, queryName: String, schema: Schema, at: [Location],
                         _ diagnostics: inout [Diagnostic]) -> (IROperation, IRFragment)? {
        guard let queryType = schema.queryType else { return nil }
        var variables = (fragment.argumentDefinitions + fragment.usedGlobalVariables).map { definition in
            IRVariableDefinition(name: definition.name, type: definition.type, defaultValue: definition.defaultValue, location: nil)
        }
        variables.sort { $0.name < $1.name }
        let spread = IRSelection.fragmentSpread(IRFragmentSpread(
            fragmentName: fragment.name,
            arguments: fragment.argumentDefinitions.map { IRArgument(name: $0.name, value: .variable($0.name), type: $0.type) }))
        let type = schema[fragment.typeCondition]
        if fragment.typeCondition == queryType {
            let query = IROperation(kind: .query, name: queryName, nameLocation: nil, variableDefinitions: variables,
                                    directives: [], type: queryType, selections: [spread], location: fragment.location,
                                    generatedFrom: fragment.name)
            return (query, fragment)
        }
        let node = schema.typeIndex["Node"]
        let isNode = node.map { type.id == $0 || schema.isSubType(type.id, of: $0) } ?? false
        guard isNode, let nodeType = node, let nodeField = schema[queryType].field("node"),
              nodeField.type.namedType == nodeType, let idArgument = nodeField.argument("id"),
              let idField = type.field("id") else {
            diagnostics.append(.error(
                "@refetchable is not supported on fragment '\(fragment.name)' of type '\(type.name)': only fragments on Query, on Node, or on a type implementing Node (with Query.node(id:)) can be refetched",
                at: at, code: "Refetchable"))
            return nil
        }
        if variables.contains(where: { $0.name == "id" }) {
            diagnostics.append(.error(
                "Fragment '\(fragment.name)' cannot use a variable named 'id': @refetchable passes the record's id as $id",
                at: at, code: "Refetchable"))
            return nil
        }
        variables.append(IRVariableDefinition(name: "id", type: idArgument.type.isNonNull ? idArgument.type : .nonNull(idArgument.type),
                                              defaultValue: nil, location: nil))
        let root = IRField(alias: nil, name: "node", definition: nodeField, parentType: queryType,
                           arguments: [IRArgument(name: "id", value: .variable("id"), type: idArgument.type)],
                           selections: [spread])
        let query = IROperation(kind: .query, name: queryName, nameLocation: nil, variableDefinitions: variables,
                                directives: [], type: queryType, selections: [.field(root)], location: fragment.location,
                                generatedFrom: fragment.name)
        var updated = fragment
        let hasID = fragment.selections.contains { $0.field.map { $0.name == "id" && ($0.alias == nil || $0.alias == "id") } ?? false }
        if !hasID {
            updated.selections.append(.field(IRField(alias: nil, name: "id", definition: idField, parentType: type.id)))
        }
        return (query, updated)
    }
}
