import BatonDiagnostics
import BatonIR
import BatonSchema
import BatonSyntax

/// Relay's `@required` checks: every selection of one field (same response key, same place)
/// carries the same `@required` and action; a `@required` field directly under a `@required`
/// field has an action at least as severe as its parent's (its null bubbles into the parent);
/// none inside an `@inline` fragment. The action is written in the document (the accessor's shape
/// depends on it). Not inside an unaliased inline fragment on an abstract type, or a concrete one
/// within it: there a null cannot be told from a fragment that did not match. Not with `@catch`
/// on the same field, and not `THROW` in a mutation's own response (the store is written before
/// anything reads it, so nothing could catch the throw). On a non-null (or `@semanticNonNull`)
/// field it is only a warning, as Relay's is a hint, and only where errors are handled
/// (`@throwOnFieldError`, under `@catch`) and no `@required` child can bubble a null into it:
/// there the schema guarantees a value. Elsewhere it has an effect (under `onError: NULL` a
/// non-null field can read null), and Relay accepts it, as Baton does.
/// It runs after the connection transform, as in Relay, so a `@required` on a connection's
/// `node` disagrees with the `node { __typename }` the transform adds (Relay's documented caveat).
package enum ValidateRequired {
    static let severity = ["NONE": 0, "LOG": 1, "THROW": 2]

    package static func validate(_ program: IRProgram) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for root in program.definitionRoots {
            let fragment = root.isOperation ? nil : program.fragment(named: root.name)
            let operation = root.isOperation ? program.operation(named: root.name) : nil
            var context = Context(
                schema: program.schema, inline: fragment?.directive("inline") != nil, fragment: root.name,
                mutation: operation?.kind == .mutation ? root.name : nil,
                errorsHandled: (fragment?.directive("throwOnFieldError") ?? operation?.directive("throwOnFieldError")) != nil)
            var seen: [String: (action: String?, location: Location?)] = [:]
            visit(root.selections, path: "", parentAction: nil, context: &context, &seen, &diagnostics)
        }
        return diagnostics
    }

    /// What holds where a selection is: the definition's facts, and whether the selection is
    /// in an unaliased inline fragment on an abstract type (up to the nearest field) and under
    /// an error handler.
    struct Context {
        var schema: Schema
        var inline: Bool
        var fragment: String
        var mutation: String?
        var errorsHandled: Bool
        var abstractFragment: String?
    }

    static func action(of directive: IRDirective) -> String? {
        if case .enumValue(let value) = directive.argument("action")?.value { return value }
        return nil
    }

    static func visit(
        _ selections: [IRSelection], path: String, parentAction: (String, Location?)?, context: inout Context,
        _ seen: inout [String: (action: String?, location: Location?)], _ diagnostics: inout [Diagnostic]
    ) {
        for selection in selections {
            switch selection {
            case .field(let field):
                let key = path + "." + field.responseKey
                let required = field.directive("required")
                let action = required.flatMap(action(of:))
                let at = required?.location ?? field.location
                if let required {
                    check(required, on: field, context: context, &diagnostics)
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
                    var inner = context
                    inner.abstractFragment = nil
                    inner.errorsHandled = context.errorsHandled || field.directive("catch") != nil
                    visit(
                        children, path: key, parentAction: action.map { ($0, required?.location) }, context: &inner, &seen,
                        &diagnostics)
                }
            case .inlineFragment(let inlineFragment):
                var inner = context
                if inlineFragment.directive("alias") != nil {
                    // An aliased fragment is read through its own accessor, nil when it does not match.
                    inner.abstractFragment = nil
                } else if let type = inlineFragment.typeCondition, context.schema[type].kind.isAbstract {
                    inner.abstractFragment = context.schema[type].name
                }
                inner.errorsHandled = context.errorsHandled || inlineFragment.directive("catch") != nil
                visit(inlineFragment.selections, path: path, parentAction: parentAction, context: &inner, &seen, &diagnostics)
            case .condition(let condition):
                visit(condition.selections, path: path, parentAction: parentAction, context: &context, &seen, &diagnostics)
            case .fragmentSpread:
                continue
            }
        }
    }

    /// The checks of one `@required` on its own field.
    static func check(_ required: IRDirective, on field: IRField, context: Context, _ diagnostics: inout [Diagnostic]) {
        let at = [required.location].compactMap { $0 }
        if context.inline {
            diagnostics.append(
                .error(
                    "`@required` is not supported inside the @inline fragment '\(context.fragment)': a value has no lens to bubble a null to",
                    at: at, code: .required))
        }
        if let type = context.abstractFragment {
            diagnostics.append(
                .error(
                    "Unexpected `@required` inside an inline fragment on the abstract type '\(type)': a null could mean the field is null or that the fragment did not match; give the inline fragment an `@alias`",
                    at: at, code: .requiredInAbstractFragment))
        }
        if let argument = required.argument("action"), case .variable(let name) = argument.value {
            diagnostics.append(
                .error(
                    "Expected the `action` of `@required` to be written in the document (NONE, LOG or THROW), found $\(name): the generated accessor's shape depends on it",
                    at: [argument.valueLocation ?? required.location].compactMap { $0 }, code: .requiredActionVariable))
        }
        if let mutation = context.mutation, action(of: required) == "THROW" {
            diagnostics.append(
                .error(
                    "`@required(action: THROW)` cannot be used in the response of mutation '\(mutation)': the store is already written when it is read, so nothing could catch the throw; use `action: LOG` or `NONE`",
                    at: at, code: .requiredThrowInMutation))
        }
        if field.directive("catch") != nil {
            diagnostics.append(
                .error(
                    "`@required` and `@catch` cannot both be on field '\(field.name)': `@catch` reads its errors, `@required` bubbles its null; keep one",
                    at: at, code: .requiredWithCatch))
        }
        // Relay's hint: where errors are handled, a field the schema makes non-null (or marks
        // `@semanticNonNull`) reads non-null already, unless a required child can null it.
        if context.errorsHandled, !childrenCanBubble(field.selections ?? []) {
            if field.definition.type.isNonNull {
                diagnostics.append(
                    .warning(
                        "`@required` on non-null field '\(field.name)' has no effect: errors are handled here (`@throwOnFieldError` or `@catch`), so the schema already guarantees a value; remove it",
                        at: at, code: .requiredOnNonNull))
            } else if isSemanticNonNull(field.definition) {
                diagnostics.append(
                    .warning(
                        "`@required` on field '\(field.name)' has no effect: the schema marks it `@semanticNonNull` and errors are handled here (`@throwOnFieldError` or `@catch`), so it already reads non-null; remove it",
                        at: at, code: .requiredOnNonNull))
            }
        }
    }

    /// Whether a `@required` child that does not throw could make the field null, though its
    /// type is non-null (Relay's "children can bubble").
    static func childrenCanBubble(_ selections: [IRSelection]) -> Bool {
        selections.contains { selection in
            switch selection {
            case .field(let child):
                guard let directive = child.directive("required") else { return false }
                return action(of: directive) != "THROW"
            case .inlineFragment(let inline): return childrenCanBubble(inline.selections)
            case .condition(let condition): return childrenCanBubble(condition.selections)
            case .fragmentSpread: return false
            }
        }
    }

    /// `@semanticNonNull` on the field itself (level 0).
    static func isSemanticNonNull(_ definition: SchemaField) -> Bool {
        guard let directive = definition.directives.first(where: { $0.name.value == "semanticNonNull" }) else { return false }
        guard case .list(let levels)? = directive.argument("levels")?.value.kind else { return true }
        return levels.contains { if case .int(let text) = $0.kind { text == "0" } else { false } }
    }
}
