import BatonDiagnostics
import BatonSchema
import BatonSyntax

/// Introspection queries do not nest `fields`, `interfaces`, `possibleTypes` or `inputFields`
/// three deep (following fragments), which would make the response explode.
final class MaxIntrospectionDepthRule: ValidationRule {
    static let code: DiagnosticCode = .maxIntrospectionDepth
    override var events: RuleEvents { [.enterField, .leaveField] }
    private static let maxListDepth = 3
    private static let listFields: Set<String> = ["fields", "interfaces", "possibleTypes", "inputFields"]

    /// Depth at which each fragment was fully checked without exceeding the limit.
    private var checkedFragments: [String: Int] = [:]
    /// Depth at which each fragment was found to exceed the limit.
    private var exceededFragments: [String: Int] = [:]
    /// The field whose subtree is skipped after it was reported.
    private var skipping: (start: Int, end: Int)?

    override func enterField(_ field: Field, _ context: ValidationContext) {
        guard skipping == nil else { return }
        let name = field.name.value
        guard Schema.isMetaName(name), name == "__schema" || name == "__type" else { return }
        if exceedsDepth(field, context) {
            context.report(Self.code, "Maximum introspection depth exceeded", [context.location(field.range)])
            skipping = (field.range.start, field.range.end)
        }
    }

    override func leaveField(_ field: Field, _ context: ValidationContext) {
        if let skipping, skipping.start == field.range.start, skipping.end == field.range.end {
            self.skipping = nil
        }
    }

    private enum Item {
        case field(Field)
        case spread(FragmentSpread)
        case inline(InlineFragment)
    }

    /// Walks the selection below `field` with an explicit stack, following spreads.
    private func exceedsDepth(_ field: Field, _ context: ValidationContext) -> Bool {
        var visitedFragments: [String: Int] = [:]
        // Each frame: the items left to visit, the depth, and the fragment it entered.
        var stack: [(items: [Item], next: Int, depth: Int, fragment: String?)] = [([.field(field)], 0, 0, nil)]
        while !stack.isEmpty {
            let top = stack.count - 1
            if stack[top].next >= stack[top].items.count {
                let frame = stack.removeLast()
                if let fragment = frame.fragment { checkedFragments[fragment] = frame.depth }
                continue
            }
            let item = stack[top].items[stack[top].next]
            stack[top].next += 1
            var depth = stack[top].depth
            let selectionSet: SelectionSet?
            switch item {
            case .spread(let spread):
                let name = spread.name.value
                if let exceeded = exceededFragments[name], exceeded <= depth {
                    markExceeded(stack)
                    return true
                }
                if (visitedFragments[name] ?? -1) >= depth || (checkedFragments[name] ?? -1) >= depth { continue }
                guard let fragment = context.fragment(named: name) else { continue }
                visitedFragments[name] = depth
                stack.append((Self.items(fragment.definition.selectionSet), 0, depth, name))
                continue
            case .field(let field):
                if Self.listFields.contains(field.name.value) {
                    depth += 1
                    if depth >= Self.maxListDepth {
                        markExceeded(stack)
                        return true
                    }
                }
                selectionSet = field.selectionSet
            case .inline(let inline):
                selectionSet = inline.selectionSet
            }
            if let selectionSet, !selectionSet.selections.isEmpty {
                stack.append((Self.items(selectionSet), 0, depth, nil))
            }
        }
        return false
    }

    private func markExceeded(_ stack: [(items: [Item], next: Int, depth: Int, fragment: String?)]) {
        for frame in stack.reversed() {
            if let fragment = frame.fragment { exceededFragments[fragment] = frame.depth }
        }
    }

    private static func items(_ selectionSet: SelectionSet) -> [Item] {
        selectionSet.selections.map { selection in
            switch selection {
            case .field(let f): .field(f)
            case .fragmentSpread(let s): .spread(s)
            case .inlineFragment(let i): .inline(i)
            }
        }
    }
}
