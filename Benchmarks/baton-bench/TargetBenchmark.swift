import BatonCompiler
import BatonDiagnostics
import BatonSchema
import Foundation

/// `batonc validate --config` over a Swift target of 300 files holding 1,000 marker documents
/// against GitHub's schema: the whole compilation (schema, hosts, parse, validate) in one
/// process, as the command runs it. Goal: ≤ 300 ms in release.
struct TargetBenchmark {
    let root: URL
    let fileCount = 300
    let documentCount = 1000
    let runs = 7

    func run() {
        let (schemaPath, text) = gitHubSchema(root: root)
        var diagnostics: [Diagnostic] = []
        guard let schema = Compilation.buildSchema([Source(name: schemaPath, text: text)], extensions: [], into: &diagnostics) else {
            print("GitHub's schema did not build")
            exit(1)
        }

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("baton-bench-target-\(getpid())")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = writeTarget(schema: schema, into: directory)
        let config = directory.appendingPathComponent("baton.json")
        try? "{\"schema\": \"\(schemaPath)\"}".write(to: config, atomically: true, encoding: .utf8)

        let request = CompilationSetup.Request(configPath: config.path, schemaPath: nil, paths: [directory.path])
        var found = 0
        var errors = 0
        let ms = median(runs: runs, warmup: 1) {
            let target = TargetCompilation.compile(request)
            found = target.documents.count
            errors = target.diagnostics.filter { $0.severity == .error }.count
        }
        print("target (release, median of \(runs)): \(files) Swift files, \(found) documents, \(errors) errors, GitHub schema")
        print("  baton   validate --config over the target: \(ms.text) (goal ≤ 300 ms)")
    }

    /// Writes the target: views whose fragments are spread by screens' queries, each in a
    /// marker literal of one of Swift's forms.
    private func writeTarget(schema: Schema, into directory: URL) -> Int {
        var generator = FragmentGenerator(schema: schema, seed: 0x5EED)
        let forms: [(String, String)] = [("\"\"\"\n        ", "\n        \"\"\""), ("#\"\"\"\n        ", "\n        \"\"\"#")]
        var written = 0
        var index = 0
        for file in 0..<fileCount {
            var swift = "import Baton\n\n"
            let perFile = documentCount / fileCount + (file < documentCount % fileCount ? 1 : 0)
            for _ in 0..<perFile {
                let fragment = generator.fragment(named: "View\(index)_item")
                let form = forms[index % forms.count]
                let body = fragment.text.replacingOccurrences(of: "\n", with: "\n        ")
                swift += "struct View\(index) {\n    @Fragment(\(form.0)\(body)\(form.1))\n    var item: View\(index)_item\n}\n\n"
                index += 1
            }
            let url = directory.appendingPathComponent("Sources/App/File\(file).swift")
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? swift.write(to: url, atomically: true, encoding: .utf8)
            written += 1
        }
        return written
    }
}
