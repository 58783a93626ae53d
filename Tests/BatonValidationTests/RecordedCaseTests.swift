import BatonDiagnostics
import Testing

@testable import BatonValidation

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

    @Test func oddInput() {
        check(RecordedCase.cases(for: "OddInput"))
    }

    /// Compares findings with the recorded ones. Where graphql-core reports a finding with no
    /// location (it loses the node of a list or object value given to a scalar or enum), Baton
    /// points at the value: only the message is compared there, and one location is required.
    private func check(_ cases: [RecordedCase]) {
        for recorded in cases {
            let diagnostics = Validator.validate([parseDocument(recorded.document)], schema: Schemas.named(recorded.schema))
            var actual = described(diagnostics, severities: false)
            if actual.count == recorded.errors.count {
                for (i, finding) in recorded.errors.enumerated() where finding.locations.isEmpty {
                    #expect(diagnostics[i].locations.count == 1, "\(recorded.name): \(finding.message)")
                    actual[i] = diagnostics[i].message + " @ "
                }
            }
            #expect(actual == recorded.expected, "\(recorded.name)")
            for diagnostic in diagnostics {
                #expect(diagnostic.severity == (diagnostic.code == .noUnusedFragments ? .warning : .error))
            }
        }
    }

    @Test func everyRuleHasValidAndInvalidCases() {
        for rule in Self.rules {
            let cases = RecordedCase.cases(for: rule)
            #expect(
                cases.contains { $0.errors.isEmpty } || rule == "ExecutableDefinitions" || rule == "KnownOperationTypes",
                "\(rule) has no valid case")
            #expect(cases.contains { !$0.errors.isEmpty }, "\(rule) has no invalid case")
        }
    }

    @Test(arguments: rules)
    func rule(_ rule: String) {
        let cases = RecordedCase.cases(for: rule)
        #expect(!cases.isEmpty)
        check(cases)
    }

    /// Each finding carries the code of the rule that made it.
    @Test func codesNameTheRules() {
        let findings = Validator.validate([parseDocument("{ dog { meowVolume } }\nfragment F on Dog { name }")], schema: Schemas.zoo)
        #expect(findings.map(\.code) == [.fieldsOnCorrectType, .noUnusedFragments])
    }
}
