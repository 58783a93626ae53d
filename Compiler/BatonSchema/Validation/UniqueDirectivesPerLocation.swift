import BatonDiagnostics
import BatonSyntax

// UniqueDirectivesPerLocation: a non-repeatable directive appears once per location; a
// type's definition and extensions count as one location, and so do the schema's.
extension SDLValidator {
    enum DirectiveScope {
        case schema
        case type(String)
        case directive(String)
        case node
    }

    mutating func uniqueDirectivesPerLocation(_ directives: [Directive], scope: DirectiveScope) {
        guard !directives.isEmpty else { return }
        var seen: [String: Location]
        switch scope {
        case .schema: seen = schemaDirectivesSeen
        case .type(let name): seen = typeDirectivesSeen[name] ?? [:]
        case .directive(let name): seen = directiveDirectivesSeen[name] ?? [:]
        case .node:
            if directives.count == 1 { return }
            seen = [:]
        }
        for directive in directives {
            let name = directive.name.value
            guard let info = directiveInfos[name], !info.isRepeatable else { continue }
            if let first = seen[name] {
                diagnostics.append(
                    .error(
                        DiagnosticCode.repeatedDirective(name),
                        at: [first, location(directive.range)], code: .uniqueDirectivesPerLocation))
            } else {
                seen[name] = location(directive.range)
            }
        }
        switch scope {
        case .schema: schemaDirectivesSeen = seen
        case .type(let name): typeDirectivesSeen[name] = seen
        case .directive(let name): directiveDirectivesSeen[name] = seen
        case .node: break
        }
    }
}
