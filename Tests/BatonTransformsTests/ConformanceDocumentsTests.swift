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
    /// Every source compiles: the only findings are warnings for fragments no operation spreads,
    /// and Relay's hint on `HostileBodies_character`'s `species @required(action: THROW)`, a
    /// `@semanticNonNull` field under `@throwOnFieldError` (the source exercises that read).
    @Test func sourcesCompileWithWarningsOnly() {
        let errors = Self.output.diagnostics.filter { $0.severity == .error }.map { $0.rendered() }
        #expect(errors == [])
        let warned = Self.output.diagnostics.filter { $0.severity == .warning }
        #expect(warned.allSatisfy { $0.code == .unusedFragment || $0.code == .requiredOnNonNull })
        #expect(
            warned.filter { $0.code == .requiredOnNonNull }.map { $0.rendered() } == [
                "sources/HostileBodies_character.graphql:39:11: warning: `@required` on field 'species' has no effect: the schema marks it `@semanticNonNull` and errors are handled here (`@throwOnFieldError` or `@catch`), so it already reads non-null; remove it"
            ])
        #expect(warned.contains { $0.message.contains("'TestName_character'") })
    }
}
