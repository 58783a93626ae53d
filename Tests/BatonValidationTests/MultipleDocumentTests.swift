import BatonDiagnostics
import BatonSyntax
import Testing

@testable import BatonValidation

/// A target's documents are validated together: fragments are shared, names unique across
/// files, and every location points into the file of its node.
@Suite struct MultipleDocumentTests {
    private func run(_ texts: [(String, String)], options: ValidationOptions = ValidationOptions()) -> [String] {
        let documents = texts.map { parseDocument($0.1, name: $0.0) }
        return Validator.validate(documents, schema: Schemas.zoo, options: options).map { d in
            d.message + " @ " + d.locations.map { "\($0.source.name):\($0.start)" }.joined(separator: ", ")
        }
    }

    @Test func fragmentsAreSharedAcrossDocuments() {
        #expect(
            run([
                ("Query.graphql", "query Q($x: Int) { dog { ...DogParts } }"),
                ("DogParts.graphql", "fragment DogParts on Dog { isAtLocation(x: $x) name ...More }"),
                ("More.graphql", "fragment More on Dog { barks }"),
            ]) == [])
    }

    /// The same findings as graphql-core gives for the documents joined into one.
    @Test func locationsPointIntoEachNodesDocument() {
        #expect(
            run([
                ("a.graphql", "query Q($x: String) { dog { ...DogParts name: nickname } }"),
                ("b.graphql", "fragment DogParts on Dog {\n  name\n  isAtLocation(x: $x)\n  ...Missing\n}"),
            ]) == [
                "Fields 'name' conflict because 'nickname' and 'name' are different fields. Use different aliases on the fields to fetch both if this was intentional. @ a.graphql:1:41, b.graphql:2:3",
                "Variable '$x' of type 'String' used in position expecting type 'Int'. @ a.graphql:1:9, b.graphql:3:19",
                "Unknown fragment 'Missing'. @ b.graphql:4:6",
            ])
    }

    @Test func namesAreUniqueAcrossDocuments() {
        #expect(
            run([
                ("a.graphql", "query Q { dog { ...F } }\nfragment F on Dog { name }"),
                ("b.graphql", "query Q { cat { name } }\nfragment F on Dog { barks }"),
            ]) == [
                "There can be only one operation named 'Q'. @ a.graphql:1:7, b.graphql:1:7",
                "There can be only one fragment named 'F'. @ a.graphql:2:10, b.graphql:2:10",
            ])
    }

    @Test func anonymousOperationsAreAloneInTheirOwnDocument() {
        #expect(
            run([
                ("a.graphql", "{ dog { name } }"),
                ("b.graphql", "{ cat { name } }"),
                ("c.graphql", "{ dog { name } }\nquery Named { dog { name } }"),
            ]) == ["This anonymous operation must be the only defined operation. @ c.graphql:1:1"])
    }

    @Test func fragmentCyclesAcrossDocuments() {
        #expect(
            run([
                ("a.graphql", "query Q { dog { ...A } }\nfragment A on Dog { ...B }"),
                ("b.graphql", "fragment B on Dog { mother { ...A } }"),
            ]) == ["Cannot spread fragment 'A' within itself via 'B'. @ a.graphql:2:21, b.graphql:1:30"])
    }

    @Test func unusedFragmentsAreWarningsByDefault() {
        let documents = [parseDocument("query Q { dog { name } }"), parseDocument("fragment Spare on Dog { name }", name: "spare.graphql")]
        let warnings = Validator.validate(documents, schema: Schemas.zoo)
        #expect(warnings.map(\.severity) == [.warning])
        #expect(warnings.map(\.message) == ["Fragment 'Spare' is never used."])
        #expect(warnings.first?.primaryLocation?.source.name == "spare.graphql")
        let errors = Validator.validate(documents, schema: Schemas.zoo, options: ValidationOptions(unusedFragmentsAreWarnings: false))
        #expect(errors.map(\.severity) == [.error])
    }

    @Test func fragmentsUsedFromAnotherDocumentAreUsed() {
        #expect(
            run([
                ("spare.graphql", "fragment Spare on Dog { name }"),
                ("query.graphql", "query Q { dog { ...Spare } }"),
            ]) == [])
    }
}
