import BatonDiagnostics
import BatonIR
import BatonSchema

/// What reaches the server and what reaches a lens. An operation made only of client fields
/// sends nothing, so it is refused at its name. A fragment no operation spreads (directly, or
/// through other fragments, or through its generated refetch query) can never be read: a warning.
package enum ValidateReach {
    /// `program` is the one the operations are sent from; `clientFree` the same after client
    /// extensions were skipped.
    package static func clientOnlyOperations(_ program: IRProgram, clientFree: IRProgram) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for operation in program.operations where !operation.selections.isEmpty {
            guard let stripped = clientFree.operation(named: operation.name), stripped.selections.isEmpty else { continue }
            // A generated refetch query is named after its fragment, where the fix is.
            let message =
                if let fragment = operation.generatedFrom {
                    "The refetch query '\(operation.name)' that @refetchable generates for fragment '\(fragment)' selects only client fields, so nothing of it would reach the server: Baton refuses such an operation, where Relay compiles it; refetch a fragment that also selects server fields"
                } else {
                    "Operation '\(operation.name)' selects only client fields, so nothing of it would reach the server: Baton refuses such an operation, where Relay compiles it; read them with a fragment spread in an operation that also selects server fields"
                }
            diagnostics.append(
                .error(message, at: [operation.nameLocation ?? operation.location].compactMap { $0 }, code: .clientOnlyOperation))
        }
        return diagnostics
    }

    package static func unusedFragments(_ program: IRProgram) -> [Diagnostic] {
        var reached = Set<String>()
        for operation in program.operations {
            reached.formUnion(FragmentReach.reachedFragments(from: operation.selections, in: program))
        }
        return program.sortedFragments.filter { !reached.contains($0.name) }.map { fragment in
            .warning(
                "Fragment '\(fragment.name)' is not spread by any operation, so nothing could ever read it",
                at: [fragment.nameLocation ?? fragment.location].compactMap { $0 }, code: .unusedFragment)
        }
    }
}
