import BatonDiagnostics

/// No two fragments of the validated documents share a name.
final class UniqueFragmentNamesRule: ValidationRule {
    static let code = "UniqueFragmentNames"
    let events: RuleEvents = [.enterFragment]
    private var known: [String: Location] = [:]

    func enterFragment(_ fragment: FragmentEntry, _ context: ValidationContext) {
        let name = fragment.definition.name
        let location = context.location(name.range)
        if let first = known[name.value] {
            context.report(Self.code, "There can be only one fragment named '\(name.value)'.", [first, location])
        } else {
            known[name.value] = location
        }
    }
}
