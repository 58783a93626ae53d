import BatonCompiler
import BatonDiagnostics
import BatonSyntax
import Testing

/// A subscription that reaches `@defer`/`@stream` through a fragment whose arguments turn it on
/// is refused, as the spec's rule refuses one written into it (found by `fuzz-documents`: the
/// rule read the fragment's argument as a variable that might turn it off).
@Suite struct DeferStreamInSubscriptionTests {
    static let schema = """
        type Query { user(id: ID!): User }
        type Subscription { userChanged(id: ID!): User }
        type User { id: ID! name: String friends: [User] }
        """

    /// The fragment is written before the subscription, the order the fuzzer's document had.
    static func document(fragment: String, spread: String) -> String {
        """
        fragment Card on User @argumentDefinitions(flag: {type: "Boolean", defaultValue: true}) {
          id
          \(fragment)
        }
        subscription Watch($id: ID!) { userChanged(id: $id) { id \(spread) } }
        """
    }

    func errors(_ text: String) -> [Diagnostic] {
        let input = CompilationInput(
            schema: [Source(name: "schema.graphql", text: Self.schema)],
            files: [Source(name: "Watch.graphql", text: text)])
        return Compilation.run(input).diagnostics.filter { $0.severity == .error }
    }

    @Test func anIncludeTheArgumentsTurnOnLeavesTheDeferOn() {
        let text = Self.document(
            fragment: "... @defer(label: \"more\") @include(if: $flag) { name }", spread: "...Card @arguments(flag: true)")
        let found = errors(text)
        #expect(found.map(\.code) == [.deferStreamDirectiveOnValidOperations], "\(found.map(\.message))")
        let directive = text.range(of: "@defer")!.lowerBound.utf16Offset(in: text)
        let spread = text.range(of: "...Card")!.lowerBound.utf16Offset(in: text)
        #expect(found.first?.locations.map(\.range.start) == [directive, spread])
        #expect(found.first?.message.contains("subscription 'Watch'") == true)
    }

    @Test func theArgumentsDefaultCountsAsWellAsAWrittenOne() {
        let text = Self.document(fragment: "... @defer(if: $flag) { name }", spread: "...Card")
        #expect(errors(text).map(\.code) == [.deferStreamDirectiveOnValidOperations])
        let stream = Self.document(fragment: "friends @stream(if: $flag, initialCount: 1) { id }", spread: "...Card")
        let found = errors(stream)
        #expect(found.map(\.code) == [.deferStreamDirectiveOnValidOperations])
        #expect(found.first?.message.hasPrefix("Stream directive") == true)
    }

    @Test func argumentsThatTurnItOffOrPassAVariableAreFine() {
        for spread in ["...Card @arguments(flag: false)", "...Card @arguments(flag: $on)"] {
            var text = Self.document(fragment: "... @defer(if: $flag) { name }", spread: spread)
            if spread.contains("$on") { text = text.replacingOccurrences(of: "($id: ID!)", with: "($id: ID!, $on: Boolean!)") }
            #expect(errors(text).isEmpty, "\(spread): \(errors(text).map(\.message))")
        }
        let included = Self.document(fragment: "... @defer @include(if: $flag) { name }", spread: "...Card @arguments(flag: false)")
        #expect(errors(included).isEmpty, "\(errors(included).map(\.message))")
    }

    /// A `@defer` written in the subscription is the spec rule's finding, reported once.
    @Test func aDeferWrittenInTheSubscriptionIsReportedOnce() {
        let text = "subscription Watch($id: ID!) { userChanged(id: $id) { id ... @defer { name } } }"
        #expect(errors(text).map(\.code) == [.deferStreamDirectiveOnValidOperations])
        let inFragment = Self.document(fragment: "... @defer { name }", spread: "...Card")
        #expect(errors(inFragment).map(\.code) == [.deferStreamDirectiveOnValidOperations])
    }

    @Test func aQueryMayDeferThroughTheSameFragment() {
        let text = Self.document(fragment: "... @defer(if: $flag) { name }", spread: "...Card @arguments(flag: true)")
            .replacingOccurrences(of: "subscription Watch($id: ID!) { userChanged(id: $id)", with: "query Watch($id: ID!) { user(id: $id)")
        #expect(errors(text).isEmpty, "\(errors(text).map(\.message))")
    }
}
