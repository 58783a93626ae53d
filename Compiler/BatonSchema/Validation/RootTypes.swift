import BatonDiagnostics
import BatonSyntax

// Root types: a query root exists, every root is an object type, and no type is the root
// of two operations.
extension SchemaChecks {
    mutating func checkRootTypes() {
        let schemaDefinition = builder.schemaNodes.first { !$0.0.node.isExtension && $0.1 != .builtIn }?.0
        // A query type named but unknown is already an unknown type.
        if schema.queryType == nil && builder.rootTypeNodes[.query] == nil {
            report(
                "Query root type must be provided.", [schemaDefinition.map { $0.location($0.node.range) }],
                code: .rootTypes)
        }
        var operationsByType: [(TypeID, [OperationType])] = []
        for operation in OperationType.allCases {
            guard let root = schema.rootType(for: operation) else { continue }
            let type = schema[root]
            let node = builder.rootTypeNodes[operation]
            if type.kind == .object {
                if let i = operationsByType.firstIndex(where: { $0.0 == root }) {
                    operationsByType[i].1.append(operation)
                } else {
                    operationsByType.append((root, [operation]))
                }
            } else {
                let name = operation.rawValue.prefix(1).uppercased() + operation.rawValue.dropFirst()
                let ifProvided = operation == .query ? "" : " if provided"
                report(
                    "\(name) root type must be Object type\(ifProvided), it cannot be \(type.name).",
                    [node.map { $0.location($0.node.type.range) } ?? definitionLocation(root.index.asInt)],
                    code: .rootTypes)
            }
        }
        for (root, operations) in operationsByType where operations.count > 1 {
            report(
                "All root types must be different, '\(schema[root].name)' type is used as "
                    + "\(Suggestions.andList(operations.map(\.rawValue))) root types.",
                operations.map { op in builder.rootTypeNodes[op].map { $0.location($0.node.type.range) } },
                code: .rootTypes)
        }
    }
}
