import BatonDiagnostics
import BatonSyntax

// UniqueArgumentDefinitionNames: a field's or directive's arguments are named uniquely.
extension SDLValidator {
    mutating func uniqueArgumentDefinitionNames(_ t: TypeDefinition) {
        for field in t.fields where field.arguments.count > 1 {
            checkArgumentNames("\(t.name.value).\(field.name.value)", field.arguments)
        }
    }

    mutating func uniqueArgumentDefinitionNames(directive d: DirectiveDefinition) {
        if d.arguments.count > 1 { checkArgumentNames("@\(d.name.value)", d.arguments) }
    }

    private mutating func checkArgumentNames(_ parent: String, _ arguments: [InputValueDefinition]) {
        for (name, names) in groupedByName(arguments.map(\.name)) where names.count > 1 {
            report(
                "Argument '\(parent)(\(name):)' can only be defined once.", names.map(\.range),
                code: .uniqueArgumentDefinitionNames)
        }
    }
}

/// Names grouped by value, groups in order of first appearance (graphql-core's `group_by`).
func groupedByName(_ names: [Name]) -> [(String, [Name])] {
    var order: [String] = []
    var groups: [String: [Name]] = [:]
    for name in names {
        if groups[name.value] == nil { order.append(name.value) }
        groups[name.value, default: []].append(name)
    }
    return order.map { ($0, groups[$0]!) }
}
