import BatonDiagnostics
import BatonSyntax

// UniqueInputFieldNames: an input object value names each field once.
extension SDLValidator {
    mutating func uniqueInputFieldNames(_ fields: [ObjectField]) {
        guard fields.count > 1 else { return }
        var known: [String: Location] = [:]
        for field in fields {
            if let first = known[field.name.value] {
                diagnostics.append(
                    .error(
                        DiagnosticCode.duplicateInputField(field.name.value),
                        at: [first, location(field.name.range)], code: .uniqueInputFieldNames))
            } else {
                known[field.name.value] = location(field.name.range)
            }
        }
    }
}
