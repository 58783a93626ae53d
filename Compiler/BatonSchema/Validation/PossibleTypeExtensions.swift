import BatonDiagnostics
import BatonSyntax

// PossibleTypeExtensions: an extension extends a defined type of the same kind.
extension SDLValidator {
    mutating func possibleTypeExtension(_ t: TypeDefinition) {
        let name = t.name.value
        if !definedTypesReady {
            definedTypesReady = true
            for document in documents {
                for definition in document.definitions {
                    if case .type(let d) = definition, !d.isExtension {
                        definedTypes[d.name.value] = Located(node: d, source: document.source)
                    }
                }
            }
        }
        let definition = definedTypes[name]
        let expected: NamedTypeKind?
        if let definition {
            expected = definition.node.kind.schemaKind
        } else if let type = existingType(name) {
            expected = type.kind
        } else {
            expected = nil
        }
        if let expected {
            if expected != t.kind.schemaKind {
                var locations = [location(t.range)]
                if let definition { locations.insert(definition.location(definition.node.range), at: 0) }
                diagnostics.append(
                    .error(
                        "Cannot extend non-\(t.kind.kindName) type '\(name)'.", at: locations,
                        code: .possibleTypeExtensions))
            }
            return
        }
        var allNames = Array(definedTypes.keys)
        if let existing {
            allNames += schema.types.prefix(existing.typeCount).map(\.name)
        }
        report(
            "Cannot extend type '\(name)' because it is not defined." + Suggestions.didYouMean(Suggestions.list(name, options: allNames)),
            [t.name.range], code: .possibleTypeExtensions)
    }
}
