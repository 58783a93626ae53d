import BatonDiagnostics

/// Every fragment is reached from some operation of the validated documents. Reported as a
/// warning by default: a target's fragments may serve operations compiled elsewhere.
final class NoUnusedFragmentsRule: ValidationRule {
    static let code = "NoUnusedFragments"
    override var events: RuleEvents { [.finish] }

    override func finish(_ context: ValidationContext) {
        let used = Set(context.recursivelyReferencedFragments(context.operations).map { context.fragments[$0].name })
        let severity: Severity = context.options.unusedFragmentsAreWarnings ? .warning : .error
        for fragment in context.fragments where !used.contains(fragment.name) {
            context.report(Self.code, "Fragment '\(fragment.name)' is never used.",
                           [fragment.location(fragment.definition.range)], severity: severity)
        }
    }
}
