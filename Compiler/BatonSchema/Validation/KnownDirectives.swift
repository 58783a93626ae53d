import BatonDiagnostics
import BatonSyntax

// KnownDirectives: every directive used is defined and allowed where it stands.
extension SDLValidator {
    mutating func knownDirective(_ directive: Directive, at location: String) {
        let name = directive.name.value
        guard let info = directiveInfos[name] else {
            report(DiagnosticCode.unknownDirective(name), [directive.range], code: .knownDirectives)
            return
        }
        if !info.locations.contains(location) {
            // graphql-core words the location in lower case: "field definition".
            let words = String(location.lowercased().map { $0 == "_" ? " " : $0 })
            report(DiagnosticCode.misplacedDirective(name, on: words), [directive.range], code: .knownDirectives)
        }
    }
}
