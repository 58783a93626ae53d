import BatonDiagnostics
import BatonSyntax

// UniqueFieldDefinitionNames: an object's, interface's or input object's fields are named
// uniquely across its definition and extensions. A field defined twice identically
// (descriptions aside) is only a warning: GitHub's published schema does that, and the
// first definition serves.
extension SDLValidator {
    mutating func uniqueFieldDefinitionNames(_ t: TypeDefinition) {
        let typeName = t.name.value
        var existingFieldNames: ((String) -> Bool)?
        if let type = existingType(typeName), let existing {
            let index = type.id.index.asInt
            switch type.kind {
            case .object, .interface:
                let count = existing.fieldCounts[index]
                existingFieldNames = { type.fieldPosition($0).map { $0 < count } ?? false }
            case .inputObject:
                let count = existing.inputFieldCounts[index]
                existingFieldNames = { type.inputFieldPosition($0).map { $0 < count } ?? false }
            default:
                break
            }
        }
        var known = knownFieldNames[typeName] ?? [:]
        if t.kind == .inputObject {
            for field in t.inputFields {
                check(field.name, nil, typeName, existingFieldNames, &known)
            }
        } else {
            known.reserveCapacity(known.count + t.fields.count)
            for field in t.fields {
                check(field.name, field, typeName, existingFieldNames, &known)
            }
        }
        knownFieldNames[typeName] = known
    }

    private mutating func check(
        _ name: Name, _ field: FieldDefinition?, _ typeName: String,
        _ existingFieldNames: ((String) -> Bool)?, _ known: inout [String: (Location, FieldDefinition)]
    ) {
        let fieldName = name.value
        if let existingFieldNames, existingFieldNames(fieldName) {
            report(
                "Field '\(typeName).\(fieldName)' already exists in the schema. It cannot also be defined in this type extension.",
                [name.range], code: .uniqueFieldDefinitionNames)
        } else if let (first, firstField) = known[fieldName] {
            let identical = field.map { Self.identical(firstField, $0) } ?? false
            diagnostics.append(
                Diagnostic(
                    identical ? .warning : .error,
                    "Field '\(typeName).\(fieldName)' can only be defined once.",
                    at: [first, location(name.range)], code: .uniqueFieldDefinitionNames))
        } else {
            // Input fields keep a placeholder definition: they are never compared.
            known[fieldName] = (
                location(name.range),
                field
                    ?? FieldDefinition(
                        description: nil, name: name, arguments: [], type: .named(name), directives: [], range: name.range)
            )
        }
    }

    /// Same name, type, arguments (with defaults and directives) and directives; descriptions
    /// may differ.
    static func identical(_ a: FieldDefinition, _ b: FieldDefinition) -> Bool {
        guard a.name.value == b.name.value, a.type.text == b.type.text, a.arguments.count == b.arguments.count,
            sameDirectives(a.directives, b.directives)
        else { return false }
        for (x, y) in zip(a.arguments, b.arguments) {
            guard x.name.value == y.name.value, x.type.text == y.type.text,
                x.defaultValue.map(ValuePrinter.print) == y.defaultValue.map(ValuePrinter.print),
                sameDirectives(x.directives, y.directives)
            else { return false }
        }
        return true
    }

    static func sameDirectives(_ a: [Directive], _ b: [Directive]) -> Bool {
        guard a.count == b.count else { return false }
        for (x, y) in zip(a, b) {
            guard x.name.value == y.name.value, x.arguments.count == y.arguments.count else { return false }
            for (p, q) in zip(x.arguments, y.arguments) {
                guard p.name.value == q.name.value, ValuePrinter.print(p.value) == ValuePrinter.print(q.value) else {
                    return false
                }
            }
        }
        return true
    }
}
