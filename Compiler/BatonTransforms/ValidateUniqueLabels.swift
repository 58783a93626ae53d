import BatonDiagnostics
import BatonIR

/// A `@defer`/`@stream` label is named after the fragment it is written in (`DeferStream`), and a
/// copy with arguments applied keeps it, as the recorded incremental responses expect. So an
/// operation that spreads one such fragment with two sets of arguments (or with and without)
/// would send one label twice, which the specification refuses and whose parts no client could
/// tell apart: refused here, at the spread that repeats it (found by `fuzz-documents`).
package enum ValidateUniqueLabels {
    /// `applied`: the program after fragment arguments were applied.
    package static func validate(applied: IRProgram) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for operation in applied.operations {
            var seen: [String: String] = [:]  // label → the fragment copy holding it
            var visited = Set<String>()
            var reported = Set<String>()
            func visit(_ selections: [IRSelection], holder: String, via: Location?) {
                for selection in selections {
                    switch selection {
                    case .field(let field):
                        note(field.directives, holder: holder, via: via)
                        if let children = field.selections { visit(children, holder: holder, via: via) }
                    case .inlineFragment(let inline):
                        note(inline.directives, holder: holder, via: via)
                        visit(inline.selections, holder: holder, via: via)
                    case .condition(let condition): visit(condition.selections, holder: holder, via: via)
                    case .fragmentSpread(let spread):
                        note(spread.directives, holder: holder, via: via)
                        guard visited.insert(spread.fragmentName).inserted,
                            let fragment = applied.fragment(named: spread.fragmentName)
                        else { continue }
                        visit(fragment.selections, holder: fragment.name, via: spread.location ?? via)
                    }
                }
            }
            func note(_ directives: [IRDirective], holder: String, via: Location?) {
                for directive in directives where directive.name == "defer" || directive.name == "stream" {
                    guard case .string(let label, _)? = directive.argument("label")?.value else { continue }
                    guard let first = seen[label] else {
                        seen[label] = holder
                        continue
                    }
                    guard first != holder, reported.insert(label).inserted else { continue }
                    diagnostics.append(
                        .error(
                            "Operation '\(operation.name)' would send the @\(directive.name) label '\(label)' twice: fragment '\(label.prefix { $0 != "$" })' is spread in it with two sets of arguments, and each keeps the fragment's label; spread it with one set of arguments in this operation",
                            at: [via ?? operation.location].compactMap { $0 }, code: .deferLabel))
                }
            }
            visit(operation.selections, holder: operation.name, via: nil)
        }
        return diagnostics
    }
}
