import BatonDiagnostics

/// No two operations of the validated documents share a name.
final class UniqueOperationNamesRule: ValidationRule {
    static let code: DiagnosticCode = .uniqueOperationNames
    override var events: RuleEvents { [.enterOperation] }
    private var known: [String: Location] = [:]

    override func enterOperation(_ operation: OperationEntry, _ context: ValidationContext) {
        guard let name = operation.definition.name else { return }
        let location = context.location(name.range)
        if let first = known[name.value] {
            context.report(Self.code, "There can be only one operation named '\(name.value)'.", [first, location])
        } else {
            known[name.value] = location
        }
    }
}
