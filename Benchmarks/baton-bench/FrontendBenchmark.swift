import BatonDiagnostics
import BatonSchema
import BatonSyntax
import BatonValidation
import Foundation

/// The front end's goals: GitHub's schema through parse + build + validate in ≤ 25 ms, and
/// 500 fragments over it through parse + validate in ≤ 8 ms warm; each beside graphql-core.
struct FrontendBenchmark {
    let root: URL
    let schemaRuns = 15
    let fragmentRuns = 30
    let fragmentCount = 500

    func run() {
        let (schemaPath, text) = gitHubSchema(root: root)

        let (built, schemaDiagnostics) = Self.buildSchema(path: schemaPath, text: text)
        guard let schema = built else {
            print("GitHub's schema did not build:")
            schemaDiagnostics.prefix(5).forEach { print("  " + $0.rendered()) }
            exit(1)
        }
        let schemaMs = median(runs: schemaRuns, warmup: 1) { _ = Self.buildSchema(path: schemaPath, text: text) }

        var generator = FragmentGenerator(schema: schema, seed: 0xBA70)
        let fragments = generator.document(fragments: fragmentCount)
        let check = Validator.validate([Parser.parse(Source(name: "fragments.graphql", text: fragments)).document], schema: schema)
        let unexpected = check.filter { $0.code != .noUnusedFragments }
        if !unexpected.isEmpty {
            print("generated fragments are not valid:")
            unexpected.prefix(5).forEach { print("  " + $0.rendered()) }
            exit(1)
        }
        let fragmentsMs = median(runs: fragmentRuns, warmup: 5) { Self.checkFragments(fragments, schema: schema) }

        print(
            "frontend (release, median): \(text.utf8.count / 1024) KB schema, \(schemaDiagnostics.count) schema warnings; \(fragmentCount) fragments, \(fragments.utf8.count / 1024) KB"
        )
        print("  baton   github schema parse+build+validate: \(schemaMs.text) (goal ≤ 25 ms)")
        print("  baton   \(fragmentCount) fragments parse+validate (warm): \(fragmentsMs.text) (goal ≤ 8 ms)")

        let fragmentsFile = FileManager.default.temporaryDirectory.appendingPathComponent("baton-bench-fragments-\(getpid()).graphql")
        try? fragments.write(to: fragmentsFile, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: fragmentsFile) }
        guard
            let output = runPython(
                root: root, script: "Benchmarks/python/frontend.py",
                arguments: [schemaPath, fragmentsFile.path, "5", "5"]),
            let json = try? JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Double],
            let coreSchema = json["schema_ms"], let coreFragments = json["fragments_ms"]
        else {
            print("  graphql-core: not measured")
            return
        }
        print(
            "  graphql-core github schema: \(formatted(coreSchema)) ms wall  ratio baton/graphql-core (wall) = \(formatted(schemaMs.wall / coreSchema, digits: 4))"
        )
        print(
            "  graphql-core \(fragmentCount) fragments: \(formatted(coreFragments)) ms wall  ratio baton/graphql-core (wall) = \(formatted(fragmentsMs.wall / coreFragments, digits: 4))"
        )
    }

    // The timed bodies, never inlined, so an instruction profile (callgrind) shows each
    // phase's cost per call.
    @inline(never)
    static func buildSchema(path: String, text: String) -> (Schema?, [Diagnostic]) {
        let parsed = Parser.parse(Source(name: path, text: text))
        let built = SchemaBuilder.build([parsed.document])
        return (built.schema, parsed.diagnostics + built.diagnostics)
    }

    @inline(never)
    static func checkFragments(_ fragments: String, schema: Schema) {
        let document = Parser.parse(Source(name: "fragments.graphql", text: fragments)).document
        _ = Validator.validate([document], schema: schema)
    }
}
