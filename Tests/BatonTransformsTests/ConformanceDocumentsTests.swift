import BatonDiagnostics
import BatonTransforms
import Foundation
import Testing

/// spec/conformance: every source compiled together with tests/baton.json; each operation that
/// has a file in documents/ prints exactly that file.
@Suite struct ConformanceDocumentsTests {
    static let output: TestCompiler.Output = {
        let sources = Fixtures.files(in: "sources").map { name in
            Source(name: "sources/" + name, text: Fixtures.read("sources/" + name))
        }
        return Fixtures.compiler.compile(sources, identity: Fixtures.identity)
    }()

    static let documents = Fixtures.files(in: "documents")

    @Test(arguments: documents)
    func printsTheDocument(_ file: String) {
        // Each file is the text and the newline that ends a text file.
        let expected = Fixtures.read("documents/" + file)
        let name = String(file.dropLast(".graphql".count))
        let printed = Self.output.text(name)
        #expect(printed.map { $0 + "\n" } == expected, "\(name)")
    }

    @Test func thereAreFortyFiveDocuments() {
        #expect(Self.documents.count == 45)
    }
}

extension ConformanceDocumentsTests {
    /// The sources are valid Baton apart from the few written to be refused.
    @Test func onlyTheRefusedSourcesHaveErrors() {
        let files = Set(Self.output.diagnostics.filter { $0.severity == .error }
            .compactMap { $0.primaryLocation?.source.name })
        for diagnostic in Self.output.diagnostics where diagnostic.severity == .error {
            print(diagnostic.rendered())
        }
        #expect(files == [])
    }
}
