import BatonDiagnostics
import BatonIR
import BatonSchema
import BatonSyntax

/// Relay's `@required` checks: every selection of one field (same response key, same place)
/// carries the same `@required` and action (the fields of an aliased inline fragment are in a
/// place of their own), and every selection of a linked field has the `@required` children any
/// other has; a `@required` field directly under a `@required`
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
            var linked: [String: [Occurrence]] = [:]
            visit(root.selections, path: "", parentAction: nil, context: &context, &seen, &linked, &diagnostics)
            checkEveryInstance(linked, &diagnostics)
        }
        return diagnostics
    }

    /// One selection of a linked field: where it is, the response keys it selects directly
    /// (through unaliased inline fragments and conditions), and its `@required` children.
    struct Occurrence {
        var location: Location?
        var children: Set<String>
        var required: [(key: String, name: String, location: Location?)]
    }

    /// A linked field selected more than once is one record in the response: a `@required`
    /// child in one selection must be in every other, or the other would create the record
    /// without the child, and the null the first one bubbles could not be told apart.
    static func checkEveryInstance(_ linked: [String: [Occurrence]], _ diagnostics: inout [Diagnostic]) {
        for key in linked.keys.sorted() {
            guard let occurrences = linked[key], occurrences.count > 1 else { continue }
            for occurrence in occurrences {
                for child in occurrence.required {
                    guard let missing = occurrences.first(where: { !$0.children.contains(child.key) }) else { continue }
                    diagnostics.append(
                        .error(
                            "@required fields must be included in all instances of their parent: '\(child.name)' is @required here but missing from another selection of its parent",
                            at: [child.location, missing.location].compactMap { $0 }, code: .required))
                }
            }
        }
    }

    /// The response keys a selection set selects directly, and its `@required` fields.
    static func directChildren(_ selections: [IRSelection]) -> (keys: Set<String>, required: [(String, String, Location?)]) {
        var keys = Set<String>()
        var required: [(String, String, Location?)] = []
        func walk(_ selections: [IRSelection]) {
            for selection in selections {
                switch selection {
                case .field(let field):
                    keys.insert(field.responseKey)
                    if field.directive("required") != nil { required.append((field.responseKey, field.name, field.location)) }
                case .inlineFragment(let inline) where inline.directive("alias") == nil: walk(inline.selections)
                case .condition(let condition): walk(condition.selections)
                default: continue
                }
            }
        }
        walk(selections)
        return (keys, required)
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
        _ seen: inout [String: (action: String?, location: Location?)], _ linked: inout [String: [Occurrence]],
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
                    // Only selections written in the document: the connection transform's own
                    // (`node { __typename }`, which has no location) would otherwise refuse every
                    // `@required` inside a connection's nodes, which Baton reads as on any link.
                    if field.location != nil {
                        let direct = directChildren(children)
                        linked[key, default: []].append(
                            Occurrence(
                                location: field.location, children: direct.keys,
                                required: direct.required.map { ($0.0, $0.1, $0.2) }))
                    }
                    var inner = context
                    inner.abstractFragment = nil
                    inner.errorsHandled = context.errorsHandled || field.directive("catch") != nil
                    visit(
                        children, path: key, parentAction: action.map { ($0, required?.location) }, context: &inner, &seen,
                        &linked, &diagnostics)
                }
            case .inlineFragment(let inlineFragment):
                var inner = context
                var innerPath = path
                if let alias = inlineFragment.directive("alias") {
                    // An aliased fragment is read through its own accessor, nil when it does not
                    // match: its fields are its own, not those of the same name beside it.
                    inner.abstractFragment = nil
                    let name =
                        alias.argument("as")?.value.stringValue
                        ?? inlineFragment.typeCondition.map { context.schema[$0].name } ?? ""
                    innerPath = path + ".@" + name
                } else if let type = inlineFragment.typeCondition, context.schema[type].kind.isAbstract {
                    inner.abstractFragment = context.schema[type].name
                }
                inner.errorsHandled = context.errorsHandled || inlineFragment.directive("catch") != nil
                visit(
                    inlineFragment.selections, path: innerPath, parentAction: parentAction, context: &inner, &seen, &linked,
                    &diagnostics)
            case .condition(let condition):
                visit(
                    condition.selections, path: path, parentAction: parentAction, context: &context, &seen, &linked,
                    &diagnostics)
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
