import BatonCompiler
import BatonDiagnostics
import Foundation
import Testing

/// A document gets the same diagnostics whether it sits in a `.graphql` file or in a Swift
/// marker literal of any form; only where they are shown differs, and there each lands on the
/// Swift character that spells the GraphQL character it names.
@Suite struct HostParityTests {
    static let schemaPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("spec/schemas/rick-and-morty.schema.graphql").path

    /// Documents with findings of several rules, one definition each (a marker holds one).
    static let documents: [(marker: String, text: String)] = [
        (
            "Query",
            """
            query CharacterQuery($id: ID!, $unused: Int) {
              character(id: $id) {
                nmae
                status(format: "x")
                origin { name dimension }
                episode
              }
            }
            """
        ),
        (
            "Fragment",
            """
            fragment Row_character on Character {
              name
              ... on Location { name }
              image @skip(if: $hidden) @skip(if: true)
              name: status
            }
            """
        ),
        (
            "Query",
            """
            query Pages {
              characters(page: "two", filter: { nmae: "Rick" }) {
                results { ...Missing_character }
                info { count pages next prev extra }
              }
            }
            """
        ),
        (
            "Mutation",
            """
            mutation Nothing { character(id: 1) { id } }
            """
        ),
    ]

    /// The literal forms a marker may take, each wrapping the same GraphQL text.
    static let forms = ["multi-line", "multi-line raw", "one-line raw"]

    static func wrap(_ text: String, in form: String) -> String {
        switch form {
        case "multi-line":
            "    @Marker(\"\"\"\n" + indent(text, by: 8) + "\n        \"\"\")\n    var value: Value\n"
        case "multi-line raw":
            "    @Marker(#\"\"\"\n" + indent(text, by: 8) + "\n        \"\"\"#)\n    var value: Value\n"
        default:
            "    @Baton.Marker(##\"" + text + "\"##) var value: Value\n"
        }
    }

    static func indent(_ text: String, by spaces: Int) -> String {
        let pad = String(repeating: " ", count: spaces)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { pad + $0 }.joined(separator: "\n")
    }

    static func diagnostics(of file: Source) throws -> [Diagnostic] {
        let schema = Source(name: schemaPath, text: try String(contentsOfFile: schemaPath, encoding: .utf8))
        return Compilation.run(CompilationInput(schema: [schema], files: [file])).diagnostics
    }

    @Test(arguments: 0..<documents.count)
    func sameFindingsInEveryHostForm(index: Int) throws {
        let (marker, text) = Self.documents[index]
        for form in Self.forms {
            // The one-line form joins lines, so its reference is the joined text.
            let graphQL = form == "one-line raw" ? text.replacingOccurrences(of: "\n", with: " ") : text
            let expected = try Self.diagnostics(of: Source(name: "Document.graphql", text: graphQL))
            #expect(expected.contains { $0.severity == .error }, "the document should have findings")

            let swift =
                "import Baton\n\n// \u{1F680} a view\nstruct View {\n"
                + Self.wrap(graphQL, in: form).replacingOccurrences(of: "Marker", with: marker) + "}\n"
            let host = Source(name: "View.swift", text: swift)
            let actual = try Self.diagnostics(of: host)

            #expect(actual.map(\.message) == expected.map(\.message), "\(form)")
            #expect(actual.map(\.code) == expected.map(\.code), "\(form)")
            #expect(actual.map(\.severity) == expected.map(\.severity), "\(form)")
            for (hosted, plain) in zip(actual, expected) {
                // The same GraphQL positions inside the extracted text...
                #expect(hosted.locations.map(\.range) == plain.locations.map(\.range), "\(form): \(hosted.message)")
                // ...shown in the Swift file, on the characters that spell them.
                for location in hosted.locations {
                    let shown = location.hostLocation
                    #expect(shown.source === host)
                    #expect(
                        shown.source.slice(shown.range) == location.source.slice(location.range),
                        "\(form): \(hosted.message) at \(shown.start)")
                }
            }
        }
    }
}
