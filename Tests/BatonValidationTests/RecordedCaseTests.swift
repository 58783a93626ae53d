import BatonDiagnostics
@testable import BatonValidation
import Testing

/// Each rule's recorded documents (spec/validation/cases.json) give exactly graphql-core
/// 3.3.2's findings: messages, every location, and order. graphql-core has no warnings, so
/// severities are compared separately (NoUnusedFragments is a warning in Baton).
@Suite struct RecordedCaseTests {
    static let rules = [
        "ExecutableDefinitions", "KnownOperationTypes", "UniqueOperationNames", "LoneAnonymousOperation",
        "SingleFieldSubscriptions", "KnownTypeNames", "FragmentsOnCompositeTypes", "VariablesAreInputTypes",
        "ScalarLeafs", "FieldsOnCorrectType", "UniqueFragmentNames", "KnownFragmentNames", "NoUnusedFragments",
        "PossibleFragmentSpreads", "NoFragmentCycles", "UniqueVariableNames", "NoUndefinedVariables",
        "NoUnusedVariables", "KnownDirectives", "UniqueDirectivesPerLocation", "DeferStreamDirectiveOnRootField",
        "DeferStreamDirectiveOnValidOperations", "DeferStreamDirectiveLabel", "StreamDirectiveOnListField",
        "KnownArgumentNames", "UniqueArgumentNames", "ValuesOfCorrectType", "ProvidedRequiredArguments",
        "VariablesInAllowedPosition", "OverlappingFieldsCanBeMerged", "UniqueInputFieldNames", "MaxIntrospectionDepth",
    ]

    @Test func everyRuleHasValidAndInvalidCases() {
        for rule in Self.rules {
            let cases = RecordedCase.cases(for: rule)
            #expect(cases.contains { $0.errors.isEmpty } || rule == "ExecutableDefinitions" || rule == "KnownOperationTypes",
                    "\(rule) has no valid case")
            #expect(cases.contains { !$0.errors.isEmpty }, "\(rule) has no invalid case")
        }
    }

    @Test(arguments: rules)
    func rule(_ rule: String) {
        let cases = RecordedCase.cases(for: rule)
        #expect(!cases.isEmpty)
        for recorded in cases {
            let diagnostics = Validator.validate([parseDocument(recorded.document)], schema: Schemas.named(recorded.schema))
            #expect(described(diagnostics, severities: false) == recorded.expected, "\(recorded.name)")
            for diagnostic in diagnostics {
                #expect(diagnostic.severity == (diagnostic.code == "NoUnusedFragments" ? .warning : .error))
            }
        }
    }

    /// Each finding carries the code of the rule that made it.
    @Test func codesNameTheRules() {
        let findings = Validator.validate([parseDocument("{ dog { meowVolume } }\nfragment F on Dog { name }")], schema: Schemas.zoo)
        #expect(findings.map(\.code) == ["FieldsOnCorrectType", "NoUnusedFragments"])
    }
}
