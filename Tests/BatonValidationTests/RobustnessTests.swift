import BatonDiagnostics
import BatonSyntax
import Testing

@testable import BatonValidation

/// Odd documents never crash, hang or overflow the stack; nesting too deep through fragments
/// aborts validation the way graphql-core does ("Validation aborted.", no location).
@Suite struct RobustnessTests {
    private func chain(_ count: Int, reversed: Bool = false) -> String {
        var fragments = (0..<count).map { "fragment F\($0) on Dog { ...F\($0 + 1) }" }
        if reversed { fragments.reverse() }
        return "{ dog { ...F0 } }\n" + fragments.joined(separator: "\n") + "\nfragment F\(count) on Dog { name }"
    }

    @Test func fragmentChainsDeeperThanTheLimitAbort() {
        // graphql-core 3.3.2 reports exactly this for both orders of definition.
        #expect(validate(chain(205)) == ["Validation aborted. @ "])
        #expect(validate(chain(205, reversed: true)) == ["Validation aborted. @ "])
    }

    @Test func fragmentChainsWithinTheLimitValidate() {
        var text = "{ dog { ...F0 } }\n"
        text += (0..<150).map { "fragment F\($0) on Dog { name ...F\($0 + 1) }" }.joined(separator: "\n")
        text += "\nfragment F150 on Dog { name }"
        #expect(validate(text) == [])
    }

    @Test func longFragmentCyclesAbort() {
        let count = 300
        var text = "{ dog { ...F299 } }\n"
        text += (0..<count).map { "fragment F\($0) on Dog { ...F\(($0 + 1) % count) }" }.joined(separator: "\n")
        #expect(validate(text) == ["Validation aborted. @ "])
    }

    @Test func hugeCyclesThroughManyRulesFinish() {
        // Every fragment spreads the next and selects conflicting fields: recursion in
        // OverlappingFieldsCanBeMerged, NoFragmentCycles and the defer/stream rules is bounded.
        let count = 3000
        var text = "mutation M { ...F0 ...F1 }\nsubscription S { ...F2 }\n"
        text += (0..<count).map { "fragment F\($0) on Query { dog { name: nickname } ...F\(($0 + 7) % count) dog { name } }" }
            .joined(separator: "\n")
        let findings = Validator.validate([parseDocument(text)], schema: Schemas.zoo)
        #expect(findings.last?.message == "Validation aborted.")
    }

    /// Many fragments spread side by side: every pair is compared, within graphql-core's work
    /// budget for 300, past it for 800 (graphql-core 3.3.2 gives these verdicts).
    @Test func manySpreadsInOneSelectionSet() {
        func document(_ count: Int) -> String {
            "{ dog { " + (0..<count).map { "...F\($0)" }.joined(separator: " ") + " } }\n"
                + (0..<count).map { "fragment F\($0) on Dog { name }" }.joined(separator: "\n")
        }
        #expect(validate(document(300)) == [])
        #expect(validate(document(800)) == ["Validation aborted. @ "])
    }

    @Test func selfSpreadingFragmentsReportCyclesOnce() {
        #expect(
            validate("{ dog { ...A } }\nfragment A on Dog { name ...A mother { ...A } }") == [
                "Cannot spread fragment 'A' within itself. @ 2:26",
                "Cannot spread fragment 'A' within itself. @ 2:40",
            ])
    }

    @Test func schemasWithoutRootsOrTypes() {
        let schema = buildSchema("type Query { a: String }")
        // As graphql-core 3.3.2 reports it: the defer/stream rules apply whatever the schema defines.
        #expect(
            validate("mutation M { a { b } }\nsubscription S { x @stream ... @defer { y } }", schema: schema) == [
                "The mutation operation is not supported by the schema. @ 1:1",
                "The subscription operation is not supported by the schema. @ 2:1",
                "Stream directive not supported on subscription operations. Disable `@stream` by setting the `if` argument to `false`. @ 2:20",
                "Defer directive not supported on subscription operations. Disable `@defer` by setting the `if` argument to `false`. @ 2:32",
                "Unknown directive '@stream'. @ 2:20",
                "Unknown directive '@defer'. @ 2:32",
            ])
        // With the option, they apply only to directives the schema defines.
        let options = ValidationOptions(deferStreamRulesRequireSchemaDirectives: true)
        #expect(
            validate("mutation M { a { b } }\nsubscription S { x @stream ... @defer { y } }", schema: schema, options: options) == [
                "The mutation operation is not supported by the schema. @ 1:1",
                "The subscription operation is not supported by the schema. @ 2:1",
                "Unknown directive '@stream'. @ 2:20",
                "Unknown directive '@defer'. @ 2:32",
            ])
    }

    @Test func emptyInput() {
        #expect(Validator.validate([], schema: Schemas.zoo).isEmpty)
        let empty = Document(source: Source(name: "empty.graphql", text: ""), definitions: [])
        #expect(Validator.validate([empty, empty], schema: Schemas.zoo).isEmpty)
    }
}
