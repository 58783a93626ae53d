import BatonDiagnostics
import BatonSyntax

// Input object fields: at least one, names, input types, deprecation of required fields,
// default values; for `@oneOf`, nullable fields without defaults.
extension SchemaChecks {
    mutating func checkInputFields(_ index: Int) {
        let type = read(index) { (name: $0.name, inputFields: $0.inputFields, isOneOf: $0.isOneOf) }
        if type.inputFields.isEmpty && writtenMemberCount(index) == 0 {
            report(
                "Input Object type \(type.name) must define one or more fields.", allLocations(index),
                code: .inputObjectFields)
        }
        if !type.isOneOf && !type.inputFields.withUnsafeBufferPointer({ suspiciousInputValue($0) }) { return }
        for (fieldIndex, field) in type.inputFields.enumerated() {
            let node = builder.inputFieldNode(index, fieldIndex)
            let typeLocation = node.location(node.node.type.range)
            checkReservedName(field.name, field.location)
            if !kind(field.type.namedType).isInput {
                report(
                    "The type of \(type.name).\(field.name) must be Input Type but got: \(text(field.type)).",
                    [typeLocation], code: .inputObjectFields)
            }
            let description = "\(type.name).\(field.name)"
            if field.isRequired && field.isDeprecated {
                report(
                    "Required input field \(description) cannot be deprecated.",
                    [deprecatedDirective(field.directives, node.source), typeLocation], code: .inputObjectFields)
            }
            checkDefaultValue(field, description)
            if type.isOneOf {
                if field.type.isNonNull {
                    report("OneOf input field \(description) must be nullable.", [typeLocation], code: .oneOfInputObjects)
                }
                if field.defaultValue != nil {
                    report(
                        "OneOf input field \(description) cannot have a default value.", [field.location],
                        code: .oneOfInputObjects)
                }
            }
        }
    }
}
