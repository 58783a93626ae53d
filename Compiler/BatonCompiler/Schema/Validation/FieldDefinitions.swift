import BatonDiagnostics
import BatonSyntax

// Fields of objects and interfaces: at least one, names, output types; their arguments'
// names, input types, deprecation and default values.
extension SchemaChecks {
    mutating func checkFields(_ index: Int) {
        let type = schema.types[index]
        if type.fields.isEmpty && writtenMemberCount(index) == 0 {
            report("Type \(type.name) must define one or more fields.", allLocations(index), code: "FieldDefinitions")
        }
        for (fieldIndex, field) in type.fields.enumerated() {
            let node = fieldNode(index, fieldIndex)
            checkReservedName(field.name, field.location)
            if !schema[field.type.namedType].kind.isOutput {
                report("The type of \(type.name).\(field.name) must be Output Type but got: \(text(field.type)).",
                       [node.location(node.node.type.range)], code: "FieldDefinitions")
            }
            for argument in field.arguments {
                let argumentNode = argumentNode(node, argument.name)
                checkReservedName(argument.name, argument.location)
                let description = "\(type.name).\(field.name)(\(argument.name):)"
                if !schema[argument.type.namedType].kind.isInput {
                    report("The type of \(description) must be Input Type but got: \(text(argument.type)).",
                           [argumentNode.map { node.location($0.type.range) }], code: "FieldDefinitions")
                }
                if argument.isRequired && argument.isDeprecated {
                    report("Required argument \(description) cannot be deprecated.",
                           [deprecatedDirective(argument.directives, node.source),
                            argumentNode.map { node.location($0.type.range) }], code: "FieldDefinitions")
                }
                checkDefaultValue(argument, description)
            }
        }
    }
}
