import BatonDiagnostics
import BatonSyntax

// UniqueArgumentNames: a directive is given each argument once.
extension SDLValidator {
    mutating func uniqueArgumentNames(_ arguments: [Argument]) {
        guard arguments.count > 1 else { return }
        for (name, names) in groupedByName(arguments.map(\.name)) where names.count > 1 {
            report(DiagnosticCode.duplicateArgument(name), names.map(\.range), code: .uniqueArgumentNames)
        }
    }
}
