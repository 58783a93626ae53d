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
            guard !allowed.contains(name) else {
                checkArguments(directive, in: document, &diagnostics)
                continue
            }
            if let instead = BatonDirectives.relayOnly[name] {
                diagnostics.append(
                    .error("Baton does not have Relay's `@\(name)`: \(instead)", at: [at], code: .relayOnlyDirective))
                continue
            }
            if name == "catch" && [.query, .mutation, .subscription, .fragmentDefinition].contains(location) {
                let place = BatonDirectives.describe(location)
                diagnostics.append(
                    .error(
                        "`@catch` on \(place) is not taken in Baton, which catches field by field; put `@catch` on the fields whose errors you want to read, or mark it `@throwOnFieldError` to fail it on any field error",
                        at: [at], code: .directivePlacement))
                continue
            }
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

    /// Arguments Relay takes on a directive Baton has, and values of its enums, that Baton
    /// cannot honour: said plainly instead of as an unknown argument or value.
    static func checkArguments(_ directive: Directive, in document: Document, _ diagnostics: inout [Diagnostic]) {
        let name = directive.name.value
        let relayOnly = BatonDirectives.relayOnlyArguments[name] ?? [:]
        for argument in directive.arguments {
            let at = document.location(argument.range)
            if let instead = relayOnly[argument.name.value] {
                diagnostics.append(
                    .error(
                        "Baton's `@\(name)` has no argument '\(argument.name.value)' (Relay's): \(instead)",
                        at: [at], code: .relayOnlyArgument))
            } else if case .enumValue(let value) = argument.value.kind, let instead = BatonDirectives.relayOnlyEnumValues[value] {
                diagnostics.append(
                    .error(
                        "Baton's `@\(name)` has no \(argument.name.value) `\(value)` (Relay's): \(instead)",
                        at: [document.location(argument.value.range)], code: .relayOnlyArgument))
            }
        }
    }
}
