import BatonIR
import BatonSchema

/// Relay's flatten transform: an inline fragment without directives whose type is the type it
/// is written in (or that names no type) gives its selections to its parent, and selections
/// that are the same node — a field with the same response key, arguments and directives, the
/// same spread, an inline fragment with the same type and directives, a condition on the same
/// variable and value — are merged into the first, their children merged in turn.
package enum Flatten {
    package static func transform(_ program: IRProgram) -> IRProgram {
        program.rewritingSelections { selections, type in flatten(selections, parent: type) }
    }

    package static func flatten(_ selections: [IRSelection], parent: TypeID) -> [IRSelection] {
        var result: [IRSelection] = []
        var index: [String: Int] = [:]
        func add(_ selection: IRSelection) {
            let key = identity(selection)
            if let at = index[key] {
                if let existing = result[at].children, let more = selection.children {
                    result[at] = result[at].withChildren(flatten(existing + more, parent: result[at].childType(in: parent)))
                }
            } else {
                index[key] = result.count
                result.append(selection)
            }
        }
        for selection in selections {
            let flattened =
                selection.children.map { selection.withChildren(flatten($0, parent: selection.childType(in: parent))) }
                ?? selection
            if case .inlineFragment(let inline) = flattened, inline.directives.isEmpty,
                inline.typeCondition == nil || inline.typeCondition == parent
            {
                inline.selections.forEach(add)
            } else {
                add(flattened)
            }
        }
        return result
    }

    /// A text that is equal for two selections exactly when Relay treats them as one node.
    static func identity(_ selection: IRSelection) -> String {
        switch selection {
        case .field(let field):
            return "f " + field.responseKey + " " + field.name + arguments(field.arguments) + directives(field.directives)
        case .fragmentSpread(let spread):
            return "s " + spread.fragmentName + arguments(spread.arguments) + directives(spread.directives)
        case .inlineFragment(let inline):
            return "i " + (inline.typeCondition.map { String($0.index) } ?? "-") + directives(inline.directives)
        case .condition(let condition):
            let value: String
            switch condition.value {
            case .variable(let name): value = "$" + name
            case .constant(let b): value = b ? "true" : "false"
            }
            return "c " + value + (condition.passingValue ? " include" : " skip")
        }
    }

    static func arguments(_ arguments: [IRArgument]) -> String {
        arguments.isEmpty ? "" : "(" + arguments.map { $0.name + ":" + OperationPrinter.print($0.value) }.joined(separator: ",") + ")"
    }

    static func directives(_ directives: [IRDirective]) -> String {
        directives.map { "@" + $0.name + arguments($0.arguments) }.joined()
    }
}
