import BatonDiagnostics
import BatonIR
import BatonSchema

/// Relay's connection transform: a field under `@connection` (or `@stream_connection`) gets what
/// the store needs to merge pages: `cursor` on each edge, `__typename` on each node, and
/// `pageInfo { endCursor hasNextPage }` (forward, `first`), `{ hasPreviousPage startCursor }`
/// (backward, `last`), or all four. Under `@stream_connection` the edges stream and the page info
/// comes in a deferred part. Checks the field is a connection as Relay does.
package enum Connections {
    package static func transform(_ program: IRProgram) -> (program: IRProgram, diagnostics: [Diagnostic]) {
        var result = program
        var diagnostics: [Diagnostic] = []
        let schema = program.schema
        for index in result.operations.indices {
            result.operations[index].selections = rewrite(result.operations[index].selections, schema, &diagnostics)
        }
        for var fragment in program.sortedFragments {
            fragment.selections = rewrite(fragment.selections, schema, &diagnostics)
            result.setFragment(fragment)
        }
        return (result, diagnostics)
    }

    static func rewrite(_ selections: [IRSelection], _ schema: Schema, _ diagnostics: inout [Diagnostic]) -> [IRSelection] {
        selections.map { selection in
            switch selection {
            case .field(var field):
                guard let children = field.selections else { return selection }
                field.selections = rewrite(children, schema, &diagnostics)
                if let directive = field.directive("connection") ?? field.directive("stream_connection"),
                    let transformed = connection(field, directive, schema, &diagnostics)
                {
                    field = transformed
                }
                return .field(field)
            case .inlineFragment(var inline):
                inline.selections = rewrite(inline.selections, schema, &diagnostics)
                return .inlineFragment(inline)
            case .condition(var condition):
                condition.selections = rewrite(condition.selections, schema, &diagnostics)
                return .condition(condition)
            case .fragmentSpread:
                return selection
            }
        }
    }

    static func connection(
        _ field: IRField, _ directive: IRDirective, _ schema: Schema,
        _ diagnostics: inout [Diagnostic]
    ) -> IRField? {
        let at = directive.location.map { [$0] } ?? []
        let fieldAt = field.location.map { [$0] } ?? at
        let name = directive.name
        let hasFirst = field.definition.argument("first") != nil && field.argument("first") != nil
        let hasLast = field.definition.argument("last") != nil && field.argument("last") != nil
        if field.definition.type.isList {
            diagnostics.append(
                .error(
                    "@\(name) is not supported on plural field '\(field.name)': expected a single connection object",
                    at: fieldAt, code: .connection))
            return nil
        }
        guard hasFirst || hasLast else {
            diagnostics.append(
                .error(
                    "Expected field '\(field.name)' to have a 'first' or 'last' argument, as @\(name) needs one to page",
                    at: fieldAt, code: .connection))
            return nil
        }
        let connectionType = schema[field.type]
        guard let edges = connectionType.field("edges"), edges.type.isList,
            schema[edges.type.namedType].kind == .object || schema[edges.type.namedType].kind == .interface
        else {
            diagnostics.append(
                .error(
                    "Expected field '\(field.name)' of @\(name) to have an 'edges' field returning a list of objects on type '\(connectionType.name)'",
                    at: fieldAt, code: .connection))
            return nil
        }
        let edgeType = edges.type.namedType
        guard let pageInfo = connectionType.field("pageInfo"), schema[pageInfo.type.namedType].kind == .object else {
            diagnostics.append(
                .error(
                    "Expected field '\(field.name)' of @\(name) to have a 'pageInfo' field returning an object on type '\(connectionType.name)'",
                    at: fieldAt, code: .connection))
            return nil
        }
        let edge = schema[edgeType]
        guard let cursor = edge.field("cursor"), schema[cursor.type.namedType].kind.isLeaf,
            let node = edge.field("node"), schema[node.type.namedType].kind.isComposite, !node.type.isList
        else {
            diagnostics.append(
                .error(
                    "Expected the edges of field '\(field.name)' (type '\(edge.name)') to have a scalar 'cursor' and a single-object 'node' field",
                    at: fieldAt, code: .connection))
            return nil
        }
        let pageInfoType = schema[pageInfo.type.namedType]
        let needed = (hasFirst ? ["endCursor", "hasNextPage"] : []) + (hasLast ? ["hasPreviousPage", "startCursor"] : [])
        var pageInfoFields: [IRSelection] = []
        for fieldName in needed {
            guard let definition = pageInfoType.field(fieldName) else {
                diagnostics.append(
                    .error(
                        "Expected type '\(pageInfoType.name)' to have a '\(fieldName)' field for @\(name) on '\(field.name)'",
                        at: fieldAt, code: .connection))
                return nil
            }
            pageInfoFields.append(.field(IRField(alias: nil, name: fieldName, definition: definition, parentType: pageInfoType.id)))
        }
        // The key names the connection in the store; Relay wants it to end in the field's key.
        if let key = directive.argument("key") {
            let suffix = "_" + field.responseKey
            if let text = key.value.stringValue {
                if !text.hasSuffix(suffix) || text.count == suffix.count {
                    diagnostics.append(
                        .error(
                            "Expected the key argument to @\(name) to be of form <SomeName>\(suffix), got '\(text)'",
                            at: key.valueLocation.map { [$0] } ?? at, code: .connection))
                }
            } else {
                diagnostics.append(
                    .error(
                        "Expected the key argument to @\(name) to be a string literal",
                        at: key.valueLocation.map { [$0] } ?? at, code: .connection))
            }
        }
        if let filters = directive.argument("filters") {
            var names: [String] = []
            // The filters name the arguments the connection's key is made of, when the document
            // is compiled: a variable (or a non-string item) cannot name one. Relay takes only a
            // written list: a lone string or `null` is refused, though GraphQL would coerce them.
            if case .list(let items) = filters.value, items.allSatisfy({ $0.stringValue != nil }) {
                names = items.compactMap(\.stringValue)
            } else {
                diagnostics.append(
                    .error(
                        "Expected the filters of @\(name) on '\(field.name)' to be a list of string literals naming its arguments, found \(OperationPrinter.print(filters.value))",
                        at: filters.valueLocation.map { [$0] } ?? at, code: .connectionFilters))
            }
            for filter in names where field.definition.argument(filter) == nil {
                diagnostics.append(
                    .error(
                        "Expected the filters of @\(name) to name arguments of field '\(field.name)'; it has no argument '\(filter)'",
                        at: filters.valueLocation.map { [$0] } ?? at, code: .connection))
            }
        }
        var result = field
        var selections = field.selections ?? []
        // Edges: the user's, then `cursor` and `node { __typename }`; flattening merges them.
        let typename = IRSelection.field(
            IRField(
                alias: nil, name: "__typename", definition: schema.typenameField,
                parentType: node.type.namedType))
        let added: [IRSelection] = [
            .field(IRField(alias: nil, name: "cursor", definition: cursor, parentType: edgeType)),
            .field(IRField(alias: nil, name: "node", definition: node, parentType: edgeType, selections: [typename])),
        ]
        // `@stream_connection`: the edges stream and the page info is deferred (Relay's rewrite);
        // the labels get their document prefix from `DeferStream`.
        let streaming = name == "stream_connection"
        if streaming {
            // The rewrite streams `edges` and defers `pageInfo` under their own names; an aliased
            // one would be a second selection the rewrite leaves unstreamed.
            for case .field(let child) in field.selections ?? []
            where (child.name == "edges" || child.name == "pageInfo") && child.alias != nil && child.alias != child.name {
                diagnostics.append(
                    .error(
                        "@stream_connection does not support aliasing '\(child.name)': the streamed items and deferred page info are written under the field's own name; remove the alias",
                        at: [child.aliasLocation ?? child.location].compactMap { $0 }, code: .streamConnectionAlias))
            }
        }
        let label = directive.argument("label")?.value.stringValue ?? directive.argument("key")?.value.stringValue ?? field.responseKey
        let condition = directive.argument("if").flatMap { $0.value.isNull ? nil : $0 }
        if let index = selections.firstIndex(where: { $0.field?.name == "edges" && $0.field?.alias == nil }),
            var edgesField = selections[index].field
        {
            edgesField.selections = (edgesField.selections ?? []) + added
            if streaming {
                var arguments = [IRArgument(name: "label", value: .string(label, block: false))]
                if let count = directive.argument("initial_count") {
                    arguments.append(IRArgument(name: "initialCount", value: count.value, location: count.location))
                }
                if let condition { arguments.append(IRArgument(name: "if", value: condition.value)) }
                edgesField.directives.append(IRDirective(name: "stream", arguments: arguments, location: directive.location))
            }
            selections[index] = .field(edgesField)
        } else if selections.contains(where: { $0.field?.name == "edges" }) {
            selections.append(
                .field(IRField(alias: nil, name: "edges", definition: edges, parentType: connectionType.id, selections: added)))
        } else {
            diagnostics.append(
                .error(
                    "Expected field '\(field.name)' to have an 'edges' selection: @\(name) reads its pages through it",
                    at: fieldAt, code: .connection))
            return nil
        }
        let pageInfoField = IRSelection.field(
            IRField(
                alias: nil, name: "pageInfo", definition: pageInfo,
                parentType: connectionType.id, selections: pageInfoFields))
        if streaming {
            var arguments = [IRArgument(name: "label", value: .string(label + "$pageInfo", block: false))]
            if let condition { arguments.append(IRArgument(name: "if", value: condition.value)) }
            selections.append(
                .inlineFragment(
                    IRInlineFragment(
                        typeCondition: nil, parentType: connectionType.id,
                        directives: [IRDirective(name: "defer", arguments: arguments, location: directive.location)],
                        selections: [pageInfoField])))
        } else {
            selections.append(pageInfoField)
        }
        result.selections = selections
        return result
    }
}
