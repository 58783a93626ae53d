import BatonDiagnostics
import BatonSyntax

// UniqueOperationTypes: each of query, mutation and subscription has one root type.
extension SDLValidator {
    mutating func uniqueOperationTypes(_ s: SchemaDefinition) {
        for operationType in s.operationTypes {
            let operation = operationType.operation
            if existing?.rootTypes[operation] != nil {
                report(
                    "Type for \(operation.rawValue) already defined in the schema. It cannot be redefined.",
                    [operationType.range], code: .uniqueOperationTypes)
            } else if let first = definedOperationTypes[operation] {
                diagnostics.append(
                    .error(
                        "There can be only one \(operation.rawValue) type in schema.",
                        at: [first, location(operationType.range)], code: .uniqueOperationTypes))
            } else {
                definedOperationTypes[operation] = location(operationType.range)
            }
        }
    }
}
