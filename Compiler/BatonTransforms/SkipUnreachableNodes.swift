import BatonIR
import BatonSchema

/// Relay's unreachable-node skipping: a condition that is constant is settled (`@include(if:
/// true)` keeps its selections in place, `@include(if: false)` removes them), and what is left
/// empty — a linked field, an inline fragment or a condition with no selections, a spread of a
/// fragment left empty — is removed, then the fragments nothing reaches.
package enum SkipUnreachableNodes {
    package static func transform(_ program: IRProgram) -> IRProgram {
        var result = program
        // Fragments first, so spreads of fragments left empty can go too.
        var empty = Set<String>()
        var changed = true
        while changed {
            changed = false
            for var fragment in result.sortedFragments where !empty.contains(fragment.name) {
                fragment.selections = rewrite(fragment.selections, empty)
                if fragment.selections.isEmpty {
                    empty.insert(fragment.name)
                    changed = true
                }
                result.setFragment(fragment)
            }
        }
        for name in empty { result.removeFragment(named: name) }
        for index in result.operations.indices {
            result.operations[index].selections = rewrite(result.operations[index].selections, empty)
        }
        var reached = Set<String>()
        for operation in result.operations {
            reached.formUnion(FragmentReach.reachedFragments(from: operation.selections, in: result))
        }
        for fragment in result.sortedFragments where !reached.contains(fragment.name) {
            result.removeFragment(named: fragment.name)
        }
        return result
    }

    static func rewrite(_ selections: [IRSelection], _ empty: Set<String>) -> [IRSelection] {
        selections.flatMap { selection -> [IRSelection] in
            switch selection {
            case .condition(let condition):
                let children = rewrite(condition.selections, empty)
                if case .constant(let value) = condition.value {
                    return value == condition.passingValue ? children : []
                }
                return children.isEmpty ? [] : [selection.withChildren(children)]
            case .fragmentSpread(let spread):
                return empty.contains(spread.fragmentName) ? [] : [selection]
            case .field(let field):
                guard let children = field.selections else { return [selection] }
                let rewritten = rewrite(children, empty)
                return rewritten.isEmpty ? [] : [selection.withChildren(rewritten)]
            case .inlineFragment(let inline):
                let rewritten = rewrite(inline.selections, empty)
                return rewritten.isEmpty ? [] : [selection.withChildren(rewritten)]
            }
        }
    }
}
