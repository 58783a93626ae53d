import BatonIR
import BatonSchema

/// Relay's client-extension skipping: fields a client schema extension declares, inline
/// fragments on client-only types and spreads of fragments on them never reach the server.
package enum SkipClientExtensions {
    package static func transform(_ program: IRProgram) -> IRProgram {
        var result = program.rewritingSelections { selections, _ in rewrite(selections, program) }
        for fragment in program.sortedFragments where program.schema[fragment.typeCondition].origin == .client {
            result.removeFragment(named: fragment.name)
        }
        return result
    }

    static func rewrite(_ selections: [IRSelection], _ program: IRProgram) -> [IRSelection] {
        let schema = program.schema
        return selections.compactMap { selection in
            switch selection {
            case .field(let field):
                if field.isClientExtension { return nil }
            case .inlineFragment(let inline):
                if let type = inline.typeCondition, schema[type].origin == .client { return nil }
            case .fragmentSpread(let spread):
                if let fragment = program.fragment(named: spread.fragmentName),
                    schema[fragment.typeCondition].origin == .client
                {
                    return nil
                }
                return selection
            case .condition:
                break
            }
            return selection.children.map { selection.withChildren(rewrite($0, program)) } ?? selection
        }
    }
}
