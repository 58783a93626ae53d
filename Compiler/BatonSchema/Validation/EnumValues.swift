import BatonDiagnostics
import BatonSyntax

// Enum values: at least one, names not reserved.
extension SchemaChecks {
    mutating func checkEnumValues(_ index: Int) {
        let type = schema.types[index]
        if type.enumValues.isEmpty {
            report("Enum type \(type.name) must define one or more values.", allLocations(index), code: .enumValues)
        }
        for value in type.enumValues { checkReservedName(value.name, value.location) }
    }
}
