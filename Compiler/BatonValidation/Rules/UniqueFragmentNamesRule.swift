import BatonDiagnostics

/// No two fragments of the validated documents share a name.
final class UniqueFragmentNamesRule: ValidationRule {
    static let code: DiagnosticCode = .uniqueFragmentNames
    override var events: RuleEvents { [.enterFragment] }
    /// By fragment name id, the first fragment of that name (-1 before it is reached).
    private var firstByName: [Int] = []

    override func enterFragment(_ fragment: FragmentEntry, _ context: ValidationContext) {
        if firstByName.isEmpty { firstByName = [Int](repeating: -1, count: context.fragmentNameCount) }
        let name = fragment.definition.name
        let nameID = fragment.nameID
        let first = firstByName[nameID]
        if first >= 0 {
            let earlier = context.fragments[first]
            context.report(
                Self.code, "There can be only one fragment named '\(name.value)'.",
                [earlier.location(earlier.definition.name.range), context.location(name.range)])
        } else {
            firstByName[nameID] = fragment.id
        }
    }
}
