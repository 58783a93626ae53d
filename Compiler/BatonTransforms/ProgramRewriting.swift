import BatonIR
import BatonSchema

extension IRProgram {
    /// The program with every operation's and fragment's selections rewritten by `rewrite`,
    /// which receives the selections and the type they are selected on.
    func rewritingSelections(_ rewrite: ([IRSelection], TypeID) -> [IRSelection]) -> IRProgram {
        var result = self
        for index in result.operations.indices {
            result.operations[index].selections = rewrite(result.operations[index].selections, result.operations[index].type)
        }
        for var fragment in sortedFragments {
            fragment.selections = rewrite(fragment.selections, fragment.typeCondition)
            result.setFragment(fragment)
        }
        return result
    }
}

extension IRSelection {
    /// The type the selection's children are selected on, given the type it is written in.
    func childType(in parent: TypeID) -> TypeID {
        switch self {
        case .field(let f): f.type
        case .inlineFragment(let i): i.typeCondition ?? parent
        case .condition, .fragmentSpread: parent
        }
    }

    /// The selection with its children replaced (a no-op for scalar fields and spreads).
    func withChildren(_ children: [IRSelection]) -> IRSelection {
        switch self {
        case .field(var f):
            if f.selections != nil { f.selections = children }
            return .field(f)
        case .inlineFragment(var i):
            i.selections = children
            return .inlineFragment(i)
        case .condition(var c):
            c.selections = children
            return .condition(c)
        case .fragmentSpread:
            return self
        }
    }

    var children: [IRSelection]? {
        switch self {
        case .field(let f): f.selections
        case .inlineFragment(let i): i.selections
        case .condition(let c): c.selections
        case .fragmentSpread: nil
        }
    }
}

/// Visits selections depth-first, parents before children, with the type each is written in.
enum SelectionWalk {
    static func visit(_ selections: [IRSelection], parent: TypeID, _ body: (IRSelection, TypeID) -> Void) {
        for selection in selections {
            body(selection, parent)
            if let children = selection.children { visit(children, parent: selection.childType(in: parent), body) }
        }
    }
}

extension IRProgram {
    /// Each definition's selections with its root type and a name for messages.
    var definitionRoots: [(name: String, selections: [IRSelection], type: TypeID, isOperation: Bool)] {
        operations.map { ($0.name, $0.selections, $0.type, true) }
            + sortedFragments.map { ($0.name, $0.selections, $0.typeCondition, false) }
    }
}
