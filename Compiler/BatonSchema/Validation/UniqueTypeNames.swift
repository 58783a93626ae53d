import BatonDiagnostics
import BatonSyntax

// UniqueTypeNames: a type is defined once (extensions aside).
extension SDLValidator {
    mutating func uniqueTypeName(_ t: TypeDefinition) {
        let name = t.name.value
        if existingType(name) != nil {
            report(
                "Type '\(name)' already exists in the schema. It cannot also be defined in this type definition.",
                [t.name.range], code: .uniqueTypeNames)
        } else if let first = knownTypeNames[name] {
            diagnostics.append(
                .error(
                    "There can be only one type named '\(name)'.",
                    at: [first, location(t.name.range)], code: .uniqueTypeNames))
        } else {
            knownTypeNames[name] = location(t.name.range)
        }
    }
}
