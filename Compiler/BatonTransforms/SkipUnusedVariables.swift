import BatonIR

/// Relay's unused-variable skipping for the server text: an operation variable that nothing in
/// the text uses — one only a client directive read, like `$connections` of `@appendEdge` — is
/// left out of the printed definitions (the request's variables may still carry it).
package enum SkipUnusedVariables {
    package static func transform(_ program: IRProgram) -> IRProgram {
        var result = program
        for index in result.operations.indices {
            let operation = result.operations[index]
            var used = Set<String>()
            collect(operation.selections, into: &used)
            for directive in operation.directives { for argument in directive.arguments { used.formUnion(argument.value.variables) } }
            for name in FragmentReach.reachedFragments(from: operation.selections, in: program) {
                guard let fragment = program.fragment(named: name) else { continue }
                collect(fragment.selections, into: &used)
                for directive in fragment.directives { for argument in directive.arguments { used.formUnion(argument.value.variables) } }
            }
            // A default value may name no variable, so only direct uses count.
            result.operations[index].variableDefinitions.removeAll { !used.contains($0.name) }
        }
        return result
    }

    static func collect(_ selections: [IRSelection], into used: inout Set<String>) {
        for selection in selections {
            switch selection {
            case .field(let field):
                for argument in field.arguments { used.formUnion(argument.value.variables) }
            case .fragmentSpread(let spread):
                for argument in spread.arguments { used.formUnion(argument.value.variables) }
            case .condition(let condition):
                if case .variable(let name) = condition.value { used.insert(name) }
            case .inlineFragment:
                break
            }
            for directive in selection.directives { for argument in directive.arguments { used.formUnion(argument.value.variables) } }
            if let children = selection.children { collect(children, into: &used) }
        }
    }
}
