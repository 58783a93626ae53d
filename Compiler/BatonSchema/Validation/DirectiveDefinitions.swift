import BatonDiagnostics
import BatonSyntax

// Directive definitions: names, argument names and types, deprecation of required
// arguments, default values.
extension SchemaChecks {
    mutating func checkDirectiveDefinitions() {
        for (index, directive) in schema.directives.enumerated() where directive.origin != .builtIn {
            guard let node = builder.directiveNodes[index] else { continue }
            checkReservedName(directive.name, node.location(node.node.range))
            if directive.locations.isEmpty && node.node.locations.isEmpty {
                report(
                    "Directive @\(directive.name) must include 1 or more locations.", [node.location(node.node.range)],
                    code: .directiveDefinitions)
            }
            for argument in directive.arguments {
                let argumentNode = node.node.arguments.first { $0.name.value == argument.name }
                let argumentLocation = argumentNode.map { node.location($0.range) }
                checkReservedName(argument.name, argumentLocation)
                let description = "@\(directive.name)(\(argument.name):)"
                if !kind(argument.type.namedType).isInput {
                    report(
                        "The type of \(description) must be Input Type but got: \(text(argument.type)).",
                        [argumentLocation], code: .directiveDefinitions)
                }
                if argument.isRequired && argument.isDeprecated {
                    report(
                        "Required argument \(description) cannot be deprecated.",
                        [
                            deprecatedDirective(argument.directives, node.source),
                            argumentNode.map { node.location($0.type.range) },
                        ], code: .directiveDefinitions)
                }
                checkDefaultValue(argument, description)
            }
        }
    }
}
