import BatonDiagnostics
import BatonSyntax

// UniqueEnumValueNames: an enum's values are named uniquely across its definition and
// extensions.
extension SDLValidator {
    mutating func uniqueEnumValueNames(_ t: TypeDefinition) {
        let typeName = t.name.value
        var existingCount = 0
        var existingEnum: NamedType?
        if let type = existingType(typeName), type.kind == .enum, let existing {
            existingEnum = type
            existingCount = existing.enumValueCounts[type.id.index.asInt]
        }
        var known = knownEnumValueNames[typeName] ?? [:]
        for value in t.enumValues {
            let valueName = value.name.value
            if let existingEnum, existingEnum.enumValues.prefix(existingCount).contains(where: { $0.name == valueName }) {
                report(
                    "Enum value '\(typeName).\(valueName)' already exists in the schema. It cannot also be defined in this type extension.",
                    [value.name.range], code: .uniqueEnumValueNames)
            } else if let first = known[valueName] {
                diagnostics.append(
                    .error(
                        "Enum value '\(typeName).\(valueName)' can only be defined once.",
                        at: [first, location(value.name.range)], code: .uniqueEnumValueNames))
            } else {
                known[valueName] = location(value.name.range)
            }
        }
        knownEnumValueNames[typeName] = known
    }
}
