import BatonDiagnostics
import BatonIR
import BatonSchema

/// Rules of `@inline` fragments, which compile to values rather than lenses
/// (GENERATED-CODE.md, "Lenses"). A fragment is a lens or a value, never both: an `@inline` fragment cannot be
/// `@refetchable` (a refetch hands back a lens) and cannot hold a `@connection` (paging needs a
/// lens). A value holds only values: a lens fragment spread inside one is an error at the
/// spread. A value spread inside another value may not carry its own `@throwOnFieldError`.
package enum ValidateInlineFragments {
    package static func validate(_ program: IRProgram) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for fragment in program.sortedFragments {
            guard let inline = fragment.directive("inline") else { continue }
            if let refetchable = fragment.directive("refetchable") {
                diagnostics.append(
                    .error(
                        "Fragment '\(fragment.name)' cannot be both a value (`@inline`) and a lens (`@refetchable` refetches into a lens); remove one",
                        at: [refetchable.location, inline.location].compactMap { $0 }, code: .inline))
            }
            SelectionWalk.visit(fragment.selections, parent: fragment.typeCondition) { selection, _ in
                switch selection {
                case .field(let field):
                    if let connection = field.directive("connection") ?? field.directive("stream_connection") {
                        diagnostics.append(
                            .error(
                                "`@\(connection.name)` is not supported inside the @inline fragment '\(fragment.name)': a connection pages through a lens, and a value has none",
                                at: [connection.location].compactMap { $0 }, code: .inline))
                    }
                case .fragmentSpread(let spread):
                    guard let child = program.fragment(named: spread.fragmentName) else { return }
                    if child.directive("inline") == nil {
                        diagnostics.append(
                            .error(
                                "The @inline fragment '\(fragment.name)' may spread only @inline fragments: '\(child.name)' is a lens, which a value cannot hold",
                                at: [spread.location].compactMap { $0 }, code: .inline))
                    } else if let throwing = child.directive("throwOnFieldError") {
                        diagnostics.append(
                            .error(
                                "The @inline fragment '\(child.name)' has `@throwOnFieldError`, so it cannot be spread inside the value '\(fragment.name)': put `@throwOnFieldError` on the outer value instead",
                                at: [spread.location, throwing.location].compactMap { $0 }, code: .inline))
                    }
                default:
                    return
                }
            }
        }
        return diagnostics
    }
}
