import BatonDiagnostics
import BatonSyntax

// Fields of objects and interfaces: at least one, names, output types; their arguments'
// names, input types, deprecation and default values.
extension SchemaChecks {
    mutating func checkFields(_ index: Int) {
        let (typeName, fields) = read(index) { ($0.name, $0.fields) }
        if fields.isEmpty && writtenMemberCount(index) == 0 {
            report("Type \(typeName) must define one or more fields.", allLocations(index), code: .fieldDefinitions)
        }
        for fieldIndex in suspiciousFields(fields) {
            // The members used, not a copy of the whole field.
            let fieldName = fields[fieldIndex].name
            let fieldType = fields[fieldIndex].type
            let arguments = fields[fieldIndex].arguments
            checkReservedName(fieldName, fields[fieldIndex].location)
            if !kind(fieldType.namedType).isOutput {
                let node = fieldNode(index, fieldIndex)
                report(
                    "The type of \(typeName).\(fieldName) must be Output Type but got: \(text(fieldType)).",
                    [node.location(node.node.type.range)], code: .fieldDefinitions)
            }
            guard !arguments.isEmpty else { continue }
            // The field's node, the argument's node and the argument's name in messages are
            // made only to report a problem: most arguments checked here (those with a default)
            // have none, and making them for each cost more than the checks.
            for argument in arguments {
                checkReservedName(argument.name, argument.location)
                let misplaced = !kind(argument.type.namedType).isInput
                let deprecatedRequired = argument.isRequired && argument.isDeprecated
                if misplaced || deprecatedRequired {
                    let node = fieldNode(index, fieldIndex)
                    let typeLocation = argumentNode(node, argument.name).map { node.location($0.type.range) }
                    let description = "\(typeName).\(fieldName)(\(argument.name):)"
                    if misplaced {
                        report(
                            "The type of \(description) must be Input Type but got: \(text(argument.type)).",
                            [typeLocation], code: .fieldDefinitions)
                    }
                    if deprecatedRequired {
                        report(
                            "Required argument \(description) cannot be deprecated.",
                            [deprecatedDirective(argument.directives, node.source), typeLocation],
                            code: .fieldDefinitions)
                    }
                }
                checkDefaultValue(argument, "\(typeName).\(fieldName)(\(argument.name):)")
            }
        }
    }

    /// The fields any check could object to, found without copying a field: nearly all are
    /// fine, and copying each would cost more than checking it.
    func suspiciousFields(_ fields: [SchemaField]) -> [Int] {
        var found: [Int] = []
        fields.withUnsafeBufferPointer { fields in
            for i in fields.indices {
                if isReserved(fields[i].name) || !kind(fields[i].type.namedType).isOutput
                    || fields[i].arguments.withUnsafeBufferPointer({ suspiciousInputValue($0) })
                {
                    found.append(i)
                }
            }
        }
        return found
    }

    /// Whether any argument or input field might fail a check (defaults are always checked).
    func suspiciousInputValue(_ values: UnsafeBufferPointer<InputValue>) -> Bool {
        for i in values.indices {
            if isReserved(values[i].name) || !kind(values[i].type.namedType).isInput || values[i].defaultValue != nil
                || (values[i].deprecationReason != nil && values[i].type.isNonNull)
            {
                return true
            }
        }
        return false
    }

    func isReserved(_ name: String) -> Bool {
        var bytes = name.utf8.makeIterator()
        return bytes.next() == 0x5F && bytes.next() == 0x5F
    }
}
