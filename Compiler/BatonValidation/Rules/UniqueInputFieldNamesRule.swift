import BatonDiagnostics
import BatonSyntax

/// An input object value gives each field once.
final class UniqueInputFieldNamesRule: ValidationRule {
    static let code: DiagnosticCode = .uniqueInputFieldNames
    override var events: RuleEvents { [.value] }

    override func enterValue(_ value: Value, _ context: ValidationContext) {
        check(value, context)
    }

    // Values nest no deeper than the parser allows, so plain recursion is safe.
    private func check(_ value: Value, _ context: ValidationContext) {
        switch value.kind {
        case .list(let items):
            for item in items { check(item, context) }
        case .object(let fields):
            var known: [String: Location] = [:]
            for field in fields {
                let name = field.name.value
                let location = context.location(field.name.range)
                if let first = known[name] {
                    context.report(Self.code, DiagnosticCode.duplicateInputField(name), [first, location])
                } else {
                    known[name] = location
                }
                check(field.value, context)
            }
        default:
            break
        }
    }
}
