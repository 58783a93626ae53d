import BatonDiagnostics
import BatonSyntax

// KnownTypeNames: every type an SDL definition refers to is defined (or built in).
extension SDLValidator {
    mutating func knownTypeName(_ name: Name) {
        if let id = schema.typeIndex[name.value], isVisible(schema[id].origin) { return }
        let serverOnly = existing == nil
        let candidates = schema.types.lazy.filter { !serverOnly || $0.origin != .client }.map(\.name)
        report("Unknown type '\(name.value)'." + Suggestions.didYouMean(Suggestions.list(name.value, candidates)),
               [name.range], code: "KnownTypeNames")
    }
}
