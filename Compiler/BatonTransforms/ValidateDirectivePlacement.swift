import BatonDiagnostics
import BatonIR
import BatonSchema
import BatonSyntax

/// Baton's placement table: each place takes only the directives listed for
/// it, and any other directive — including ones Relay accepts, like `@relay`, `@module` or
/// `@match` — is an error at the directive. Works on the syntax tree, where every directive is
/// still where it was written.
package enum ValidateDirectivePlacement {
    package static func validate(_ documents: [Document]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for document in documents {
            for definition in document.definitions {
                switch definition {
                case .operation(let operation):
                    let location: DirectiveLocation =
                        switch operation.operation {
                        case .query: .query
                        case .mutation: .mutation
                        case .subscription: .subscription
                        }
                    check(operation.directives, at: location, in: document, &diagnostics)
                    for variable in operation.variableDefinitions {
                        check(variable.directives, at: .variableDefinition, in: document, &diagnostics)
                    }
                    visit(operation.selectionSet, in: document, &diagnostics)
                case .fragment(let fragment):
                    check(fragment.directives, at: .fragmentDefinition, in: document, &diagnostics)
                    visit(fragment.selectionSet, in: document, &diagnostics)
                default:
                    continue
                }
            }
        }
        return diagnostics
    }

    static func visit(_ set: SelectionSet, in document: Document, _ diagnostics: inout [Diagnostic]) {
        for selection in set.selections {
            switch selection {
            case .field(let field):
                check(field.directives, at: .field, in: document, &diagnostics)
                if let children = field.selectionSet { visit(children, in: document, &diagnostics) }
            case .fragmentSpread(let spread):
                check(spread.directives, at: .fragmentSpread, in: document, spread: spread.name.value, &diagnostics)
            case .inlineFragment(let inline):
                check(inline.directives, at: .inlineFragment, in: document, &diagnostics)
                visit(inline.selectionSet, in: document, &diagnostics)
            }
        }
    }

    static func check(
        _ directives: [Directive], at location: DirectiveLocation, in document: Document,
        spread: String? = nil, _ diagnostics: inout [Diagnostic]
    ) {
        let allowed = BatonDirectives.allowed(at: location)
        for directive in directives {
            let name = directive.name.value
            let at = document.location(directive.range)
            guard !allowed.contains(name) else { continue }
            if name == "catch" && location == .fragmentSpread {
                diagnostics.append(
                    .error(
                        "`@catch` on a fragment spread has no meaning in Baton; catch the spread in an aliased inline fragment: `... @alias(as: \"name\") @catch { ...\(spread ?? "Fragment") }`",
                        at: [at], code: .directivePlacement))
                continue
            }
            let takes = allowed.isEmpty ? "takes no directive" : "takes " + allowed.map { "`@\($0)`" }.joined(separator: ", ")
            let place = BatonDirectives.describe(location)
            diagnostics.append(
                .error(
                    "`@\(name)` on \(place) has no meaning in Baton; \(place) \(takes)",
                    at: [at], code: .directivePlacement))
        }
    }
}
