import BatonDiagnostics
import BatonSyntax

// KnownTypeNames: every type an SDL definition refers to is defined (or built in).
extension SDLValidator {
    mutating func knownTypeName(_ name: Name) {
        if let id = schema.typeID(named: name.value), isVisible(schema.types[Int(id.index)].origin) { return }
        let suggestion: String
        if let cached = typeSuggestions[name.value] {
            suggestion = cached
        } else if typeSuggestions.count < 500 {
            // Suggestions compare the name with every type: computed once per name, and given
            // up on for a schema with hundreds of unknown names (a wrong file, not a typo).
            let serverOnly = existing == nil
            let candidates = schema.types.lazy.filter { !serverOnly || $0.origin != .client }.map(\.name)
            suggestion = Suggestions.didYouMean(Suggestions.list(name.value, options: candidates))
            typeSuggestions[name.value] = suggestion
        } else {
            suggestion = ""
        }
        report(DiagnosticCode.unknownType(name.value, didYouMean: suggestion), [name.range], code: .knownTypeNames)
    }
}
