import BatonIR
import BatonSchema

/// Removes every directive the server does not know: Baton's (Relay's) client directives, and
/// any directive the server's schema does not declare. `@include`, `@skip`, `@defer` and
/// `@stream` stay when the schema declares them.
package enum SkipClientDirectives {
    package static func transform(_ program: IRProgram) -> IRProgram {
        let schema = program.schema
        let keep: (IRDirective) -> Bool = { directive in
            guard !BatonDirectives.clientDirectives.contains(directive.name) else { return false }
            guard let definition = schema.directive(named: directive.name) else { return false }
            return definition.origin != .client
        }
        var result = program.rewritingSelections { selections, _ in rewrite(selections, keep) }
        for index in result.operations.indices {
            result.operations[index].directives.removeAll { !keep($0) }
            for v in result.operations[index].variableDefinitions.indices {
                result.operations[index].variableDefinitions[v].directives.removeAll { !keep($0) }
            }
        }
        for var fragment in result.sortedFragments {
            fragment.directives.removeAll { !keep($0) }
            result.setFragment(fragment)
        }
        return result
    }

    static func rewrite(_ selections: [IRSelection], _ keep: (IRDirective) -> Bool) -> [IRSelection] {
        selections.map { selection in
            var updated = selection
            switch selection {
            case .field(var field):
                field.directives.removeAll { !keep($0) }
                updated = .field(field)
            case .fragmentSpread(var spread):
                spread.directives.removeAll { !keep($0) }
                updated = .fragmentSpread(spread)
            case .inlineFragment(var inline):
                inline.directives.removeAll { !keep($0) }
                updated = .inlineFragment(inline)
            case .condition:
                break
            }
            return updated.children.map { updated.withChildren(rewrite($0, keep)) } ?? updated
        }
    }
}
