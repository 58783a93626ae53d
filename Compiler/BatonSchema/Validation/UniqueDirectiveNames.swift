import BatonDiagnostics
import BatonSyntax

// UniqueDirectiveNames: a directive is defined once; client extensions cannot redefine one
// the schema has.
extension SDLValidator {
    mutating func uniqueDirectiveName(_ d: DirectiveDefinition) {
        let name = d.name.value
        if let existing, let index = schema.directiveIndex[name], index < existing.directiveCount {
            report(
                "Directive '@\(name)' already exists in the schema. It cannot be redefined.", [d.name.range],
                code: .uniqueDirectiveNames)
        } else if let first = knownDirectiveNames[name] {
            diagnostics.append(
                .error(
                    "There can be only one directive named '@\(name)'.",
                    at: [first, location(d.name.range)], code: .uniqueDirectiveNames))
        } else {
            knownDirectiveNames[name] = location(d.name.range)
        }
    }
}
