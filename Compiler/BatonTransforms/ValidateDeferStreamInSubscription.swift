import BatonDiagnostics
import BatonIR

/// A subscription may not `@defer` or `@stream` unless something can turn the directive off: its
/// `if` a variable or `false`, or an `@include`/`@skip` on a variable above it. The spec's rule
/// (`DeferStreamDirectiveOnValidOperationsRule`) checks that on the documents as written, where a
/// fragment's own arguments are variables. A spread's `@arguments` (or the argument's default)
/// can then bind one to a constant that leaves the directive on, and the subscription's text
/// would hold an unconditional `@defer` (found by `fuzz-documents`). Refused here, after the
/// arguments are applied, at the directive and the spread that binds it; what the spec's rule
/// already reports is not reported twice.
package enum ValidateDeferStreamInSubscription {
    /// `original`: the program before fragment arguments were applied; `applied`: after.
    package static func validate(original: IRProgram, applied: IRProgram) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for operation in applied.operations where operation.kind == .subscription {
            guard let written = original.operation(named: operation.name) else { continue }
            let reported = Set(alwaysOn(written.selections, in: original).compactMap(\.directive.location))
            for found in alwaysOn(operation.selections, in: applied) {
                guard let location = found.directive.location, !reported.contains(location) else { continue }
                let name = found.directive.name == "stream" ? "Stream" : "Defer"
                diagnostics.append(
                    .error(
                        "\(name) directive not supported on subscription operations: in subscription '\(operation.name)' the fragment's arguments leave `@\(found.directive.name)` on. Disable it with an `if` argument that is `false` or a variable",
                        at: [location] + [found.via].compactMap { $0 }, code: .deferStreamDirectiveOnValidOperations))
            }
        }
        return diagnostics
    }

    /// Every `@defer`/`@stream` the selections reach that nothing can turn off, with the first
    /// spread on the way to it from the operation. Each fragment is walked once.
    static func alwaysOn(_ selections: [IRSelection], in program: IRProgram) -> [(directive: IRDirective, via: Location?)] {
        var found: [(directive: IRDirective, via: Location?)] = []
        var visited = Set<String>()
        // An explicit stack, not recursion: a document may nest as deep as the validator allows.
        var stack: [(selections: [IRSelection], via: Location?)] = [(selections, nil)]
        while let (selections, via) = stack.popLast() {
            for selection in selections.reversed() {
                for directive in selection.directives where directive.name == "defer" || directive.name == "stream" {
                    switch directive.argument("if")?.value {
                    case .variable?, .boolean(false)?: continue
                    default: found.append((directive, via))
                    }
                }
                switch selection {
                case .condition(let condition):
                    // A condition on a variable may drop the selection, and a constant one that
                    // fails always does: only a constant that passes keeps it.
                    guard case .constant(let value) = condition.value, value == condition.passingValue else { continue }
                    stack.append((condition.selections, via))
                case .fragmentSpread(let spread):
                    guard visited.insert(spread.fragmentName).inserted,
                        let fragment = program.fragment(named: spread.fragmentName)
                    else { continue }
                    stack.append((fragment.selections, via ?? spread.location))
                case .field, .inlineFragment:
                    if let children = selection.children { stack.append((children, via)) }
                }
            }
        }
        return found
    }
}
