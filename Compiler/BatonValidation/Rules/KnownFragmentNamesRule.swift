import BatonDiagnostics
import BatonSyntax

/// Every spread fragment is defined in one of the validated documents.
final class KnownFragmentNamesRule: ValidationRule {
    static let code: DiagnosticCode = .knownFragmentNames
    override var events: RuleEvents { [.fragmentSpread] }

    override func enterFragmentSpread(_ spread: FragmentSpread, _ context: ValidationContext) {
        let name = spread.name.value
        guard context.fragmentID(name) == nil else { return }
        context.report(Self.code, "Unknown fragment '\(name)'.", [context.location(spread.name.range)])
    }
}
