import BatonDiagnostics
import BatonIR
import BatonSchema

/// Relay's `@alias` and `@catch` rules for spreads and inline fragments. `@alias(as:)` takes a
/// string literal, and an inline fragment without a type condition needs one (it has no type to
/// be named after). A spread must be aliased, so its accessor can be optional, where it may not be
/// fetched (Relay's `enforce_fragment_alias_where_ambiguous`): under `@include`/`@skip`, written
/// on it or on an unaliased inline fragment around it, or where its fragment is not guaranteed to
/// match the selection's type (`...Note_fields` on a `Node`). An unaliased inline fragment's type
/// condition does not narrow that type, as in Relay, whose generated types do not narrow there
/// either; a linked field or an aliased inline fragment starts afresh. Inline fragments
/// themselves need no alias (Relay does not ask for one). `@catch` on an inline fragment needs
/// `@alias`: the caught result is read through the alias. A fragment alias names an accessor
/// beside the selection's fields, so it may not repeat a field's response key or another fragment
/// alias of the same selection (Relay's `validate_fragment_alias_conflict`).
package enum ValidateAliasAndCatch {
    package static func validate(_ program: IRProgram) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for root in program.definitionRoots {
            checkConflicts(root.selections, schema: program.schema, &diagnostics)
            visit(root.selections, parent: root.type, condition: nil, typedInline: false, program, &diagnostics)
        }
        return diagnostics
    }

    /// `parent`: the selection's type, not narrowed by unaliased inline fragments; `condition`:
    /// the `@include`/`@skip` the selections are under, up to the nearest field or aliased
    /// inline fragment; `typedInline`: whether they are in an inline fragment with a type condition.
    static func visit(
        _ selections: [IRSelection], parent: TypeID, condition: IRCondition?, typedInline: Bool, _ program: IRProgram,
        _ diagnostics: inout [Diagnostic]
    ) {
        let schema = program.schema
        for selection in selections {
            switch selection {
            case .field(let field):
                if let children = field.selections {
                    visit(children, parent: field.type, condition: nil, typedInline: false, program, &diagnostics)
                }
            case .condition(let inner):
                visit(inner.selections, parent: parent, condition: inner, typedInline: typedInline, program, &diagnostics)
            case .fragmentSpread(let spread):
                if let alias = spread.directive("alias") {
                    checkAliasValue(alias, &diagnostics)
                    continue
                }
                guard let fragment = program.fragment(named: spread.fragmentName) else { continue }
                // Relay asks no alias of a `@module` spread, and `@dangerously_unaliased_fixme`
                // is its escape from this rule: both are refused at the directive, which says
                // what Baton takes instead, so that is the one error here.
                if spread.directive("module") != nil || spread.directive("dangerously_unaliased_fixme") != nil { continue }
                let at = [spread.location].compactMap { $0 }
                if let condition {
                    diagnostics.append(
                        .error(
                            "Unexpected unaliased spread of fragment '\(spread.fragmentName)' under `@\(condition.directiveName)`: Relay requires that conditionally fetched fragments are aliased; add `@alias` so its accessor can be nil when it was not fetched",
                            at: at, code: .alias))
                } else if !schema.isSubType(parent, of: fragment.typeCondition) {
                    let within = typedInline ? " (an inline fragment's type condition does not narrow it)" : ""
                    diagnostics.append(
                        .error(
                            "Unexpected unaliased spread of fragment '\(fragment.name)' on type '\(schema[fragment.typeCondition].name)', which is not guaranteed to match its parent type '\(schema[parent].name)'\(within); add `@alias` so its accessor can be nil when it does not match",
                            at: at, code: .alias))
                }
            case .inlineFragment(let inline):
                let alias = inline.directive("alias")
                if let alias {
                    checkAliasValue(alias, &diagnostics)
                    if inline.typeCondition == nil, alias.argument("as") == nil {
                        diagnostics.append(
                            .error(
                                "Unexpected `@alias` without `as` on an inline fragment without a type condition: there is no type to name it after; write `@alias(as: \"name\")`",
                                at: [alias.location].compactMap { $0 }, code: .alias))
                    }
                }
                if let caught = inline.directive("catch"), alias == nil {
                    diagnostics.append(
                        .error(
                            "`@catch` on an inline fragment needs `@alias(as:)`: the caught result is read through the alias",
                            at: [caught.location].compactMap { $0 }, code: .catch))
                }
                if alias != nil {
                    // Its own accessor, nil when it does not match or was not fetched.
                    visit(
                        inline.selections, parent: inline.typeCondition ?? parent, condition: nil,
                        typedInline: inline.typeCondition != nil, program, &diagnostics)
                } else {
                    visit(
                        inline.selections, parent: parent, condition: condition, typedInline: inline.typeCondition != nil, program,
                        &diagnostics)
                }
            }
        }
    }

    static func checkAliasValue(_ directive: IRDirective, _ diagnostics: inout [Diagnostic]) {
        guard let argument = directive.argument("as") else { return }
        guard let name = argument.value.stringValue else {
            diagnostics.append(
                .error(
                    "Expected the `as` argument of `@alias` to be a string literal",
                    at: [argument.valueLocation ?? directive.location].compactMap { $0 }, code: .alias))
            return
        }
        if !isName(name) {
            diagnostics.append(
                .error(
                    "`@alias(as: \"\(name)\")` does not name a field: expected a GraphQL name like `profile`",
                    at: [argument.valueLocation ?? directive.location].compactMap { $0 }, code: .alias))
        }
    }

    static func isName(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, first == "_" || (first >= "a" && first <= "z") || (first >= "A" && first <= "Z")
        else { return false }
        return s.unicodeScalars.allSatisfy { $0 == "_" || ($0 >= "a" && $0 <= "z") || ($0 >= "A" && $0 <= "Z") || ($0 >= "0" && $0 <= "9") }
    }

    /// The accessor name a fragment alias gives: `as`, else the fragment's or the type's name.
    static func aliasName(_ selection: IRSelection, schema: Schema) -> (name: String, at: Location?)? {
        switch selection {
        case .fragmentSpread(let spread):
            guard let alias = spread.directive("alias") else { return nil }
            if let given = alias.argument("as") {
                return given.value.stringValue.map { ($0, given.valueLocation ?? alias.location) }
            }
            return (spread.fragmentName, alias.location)
        case .inlineFragment(let inline):
            guard let alias = inline.directive("alias") else { return nil }
            if let given = alias.argument("as") {
                return given.value.stringValue.map { ($0, given.valueLocation ?? alias.location) }
            }
            return inline.typeCondition.map { (schema[$0].name, alias.location) }
        default:
            return nil
        }
    }

    /// One selection set's fields and fragment aliases, through unaliased inline fragments and
    /// conditions (their selections are the parent's); an aliased inline fragment is a set of
    /// its own, as is every linked field.
    static func checkConflicts(_ selections: [IRSelection], schema: Schema, _ diagnostics: inout [Diagnostic]) {
        var fields = Set<String>()
        var aliases: [(name: String, at: Location?)] = []
        func collect(_ selections: [IRSelection]) {
            for selection in selections {
                switch selection {
                case .field(let field):
                    fields.insert(field.responseKey)
                    if let children = field.selections { checkConflicts(children, schema: schema, &diagnostics) }
                case .fragmentSpread:
                    if let alias = aliasName(selection, schema: schema) { aliases.append(alias) }
                case .inlineFragment(let inline):
                    if let alias = aliasName(selection, schema: schema) {
                        aliases.append(alias)
                        checkConflicts(inline.selections, schema: schema, &diagnostics)
                    } else if inline.directive("alias") == nil {
                        collect(inline.selections)
                    } else {
                        checkConflicts(inline.selections, schema: schema, &diagnostics)
                    }
                case .condition(let condition):
                    collect(condition.selections)
                }
            }
        }
        collect(selections)
        var seen = Set<String>()
        for alias in aliases {
            let at = [alias.at].compactMap { $0 }
            if !seen.insert(alias.name).inserted {
                diagnostics.append(
                    .error(
                        "Fragment alias '\(alias.name)' is ambiguous: it conflicts with another fragment alias of the same name in this selection; choose another alias",
                        at: at, code: .fragmentAliasConflict))
            } else if fields.contains(alias.name) {
                diagnostics.append(
                    .error(
                        "Fragment alias '\(alias.name)' is ambiguous: it conflicts with a field of the same name in this selection; choose another alias",
                        at: at, code: .fragmentAliasConflict))
            }
        }
    }
}
