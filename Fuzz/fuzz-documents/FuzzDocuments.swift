// libFuzzer target, structure-aware: the input's bytes are the choices of a document generator
// (Fuzz/DocumentGenerator) over one of three schemas (its first byte picks: the Rick and Morty
// API, spec/relay-checks' schema with every root, interfaces, a union and a connection, and
// GitHub's), so every mutation is a different but well-formed-looking document that reaches the
// transforms and plans. A document that compiles without error must print operations the
// specification's rules accept (GeneratedDocumentCheck); anything else traps.
// `scripts/fuzz documents` builds and runs it.
import BatonCompiler
import BatonDiagnostics
import BatonDocumentGenerator
import BatonSchema
import CFuzzDriver
import Foundation

let schemas: [Schema] = ["rick-and-morty", "relay-checks", "github"].map { name in
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    let path = repository.appendingPathComponent("spec/schemas/\(name).schema.graphql").path
    guard let data = FileManager.default.contents(atPath: path) else { fatalError("cannot read \(path)") }
    var diagnostics: [Diagnostic] = []
    guard let schema = Compilation.buildSchema([Source(name: path, bytes: Array(data))], extensions: [], into: &diagnostics),
        !diagnostics.hasErrors
    else { fatalError("the schema \(name) does not build: \(diagnostics.map { $0.rendered() })") }
    return schema
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let first = bytes.first else { return 0 }
    let schema = schemas[Int(first) % schemas.count]
    let document = DocumentGenerator.document(schema: schema, bytes: Array(bytes.dropFirst()))
    if case .invalidText(let operation, let text, let findings) = GeneratedDocumentCheck.run(document, schema: schema) {
        fatalError("\(operation)'s text is invalid: \(findings)\n\(text)\nfrom:\n\(document)")
    }
    return 0
}

@main
enum FuzzDocuments {
    static func main() {
        exit(baton_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv) { data, size in data.map { fuzz($0, size) } ?? 0 })
    }
}
