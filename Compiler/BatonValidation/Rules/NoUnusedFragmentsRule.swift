import BatonDiagnostics

/// Every fragment is reached from some operation of the validated documents. Reported as a
/// warning by default: a target's fragments may serve operations compiled elsewhere.
final class NoUnusedFragmentsRule: ValidationRule {
    static let code: DiagnosticCode = .noUnusedFragments
    override var events: RuleEvents { [.finish] }

    override func finish(_ context: ValidationContext) {
        // By name: a fragment sharing a used fragment's name counts as used, as in graphql-core.
        var used = [Bool](repeating: false, count: context.fragmentNameCount)
        for id in context.recursivelyReferencedFragments(context.operations) { used[context.fragments[id].nameID] = true }
        let severity: Severity = context.options.unusedFragmentsAreWarnings ? .warning : .error
        for fragment in context.fragments where !used[fragment.nameID] {
            context.report(
                Self.code, ValidationContext.message("Fragment '", fragment.name, "' is never used."),
                [fragment.location(fragment.definition.range)], severity: severity)
        }
    }
}
