import BatonDiagnostics
import BatonIR
import BatonSchema

/// Relay's `@required` checks: not on a field the schema already makes non-null; every
/// selection of one field (same response key, same place) carries the same `@required` and
/// action; a `@required` field directly under a `@required` field has an action at least as
/// severe as its parent's (its null bubbles into the parent); none inside an `@inline` fragment.
/// It runs after the connection transform, as in Relay, so a `@required` on a connection's
/// `node` disagrees with the `node { __typename }` the transform adds (Relay's documented caveat).
package enum ValidateRequired {
    static let severity = ["NONE": 0, "LOG": 1, "THROW": 2]

    package static func validate(_ program: IRProgram) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for root in program.definitionRoots {
            let inline = !root.isOperation && program.fragment(named: root.name)?.directive("inline") != nil
            var seen: [String: (action: String?, location: Location?)] = [:]
            visit(root.selections, path: "", parentAction: nil, inline: inline, fragment: root.name, &seen, &diagnostics)
        }
        return diagnostics
    }

    static func action(of directive: IRDirective) -> String? {
        if case .enumValue(let value) = directive.argument("action")?.value { return value }
        return nil
    }

    static func visit(
        _ selections: [IRSelection], path: String, parentAction: (String, Location?)?, inline: Bool,
        fragment: String, _ seen: inout [String: (action: String?, location: Location?)],
        _ diagnostics: inout [Diagnostic]
    ) {
        for selection in selections {
            switch selection {
            case .field(let field):
                let key = path + "." + field.responseKey
                let required = field.directive("required")
                let action = required.flatMap(action(of:))
                let at = required?.location ?? field.location
                if let required {
                    if inline {
                        diagnostics.append(
                            .error(
                                "`@required` is not supported inside the @inline fragment '\(fragment)': a value has no lens to bubble a null to",
                                at: [required.location].compactMap { $0 }, code: .required))
                    }
                    if field.definition.type.isNonNull {
                        diagnostics.append(
                            .error(
                                "Unexpected `@required` on non-null field '\(field.name)': the schema already guarantees a value",
                                at: [required.location].compactMap { $0 }, code: .required))
                    }
                    if let (parent, parentAt) = parentAction, let action,
                        let mine = severity[action], let theirs = severity[parent], mine < theirs
                    {
                        // Relay's message, at the parent's directive, which would bubble the
                        // child's null into a more severe action than the child asked for.
                        diagnostics.append(
                            .error(
                                "A @required field may not have an `action` less severe than that of its @required parent. This @required directive should probably have `action: \(action)` so that it can match its parent",
                                at: [parentAt, required.location].compactMap { $0 }, code: .required))
                    }
                }
                if let previous = seen[key] {
                    if previous.action != action {
                        diagnostics.append(
                            .error(
                                "All references to a field must have matching @required declarations.",
                                at: [at, previous.location].compactMap { $0 }, code: .required))
                    }
                } else {
                    seen[key] = (action, at)
                }
                if let children = field.selections {
                    visit(
                        children, path: key, parentAction: action.map { ($0, required?.location) }, inline: inline,
                        fragment: fragment, &seen, &diagnostics)
                }
            case .inlineFragment(let inlineFragment):
                visit(
                    inlineFragment.selections, path: path, parentAction: parentAction, inline: inline, fragment: fragment,
                    &seen, &diagnostics)
            case .condition(let condition):
                visit(
                    condition.selections, path: path, parentAction: parentAction, inline: inline, fragment: fragment,
                    &seen, &diagnostics)
            case .fragmentSpread:
                continue
            }
        }
    }
}
