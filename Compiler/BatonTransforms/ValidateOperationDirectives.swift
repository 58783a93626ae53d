import BatonDiagnostics
import BatonIR
import BatonSchema

/// Arguments of the directives written on operations: Baton's `@cacheExpiration(seconds:)`
/// takes a positive integer literal (it becomes a `Duration` constant, so a variable cannot set
/// it). Placement (query only) is `ValidateDirectivePlacement`'s.
package enum ValidateOperationDirectives {
    package static func validate(_ program: IRProgram) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for operation in program.operations {
            guard let directive = operation.directive("cacheExpiration") else { continue }
            guard let seconds = directive.argument("seconds") else { continue }
            let at = [seconds.valueLocation ?? directive.location].compactMap { $0 }
            guard case .int(let text) = seconds.value, let value = Int(text), value > 0 else {
                diagnostics.append(
                    .error(
                        "`@cacheExpiration(seconds:)` takes a positive whole number of seconds written in the document, found \(OperationPrinter.print(seconds.value))",
                        at: at, code: .cacheExpiration))
                continue
            }
        }
        return diagnostics
    }
}
