// libFuzzer target: a `.graphql` document compiled against a fixed schema (spec/schemas'
// Rick and Morty API, built once): parsing, the specification's validation, Relay's and Baton's
// checks, the IR and every transform up to the operations' wire text, as `batonc` and the
// language server run them. scripts/fuzz gives it a dictionary of the schema's names, so
// mutations reach fields that exist. `scripts/fuzz compile` builds and runs it.
import BatonCompiler
import BatonDiagnostics
import BatonSchema
import CFuzzDriver
import Foundation

/// The schema every input is compiled against; the fuzzer stops at once if it does not build.
let schema: Schema = {
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    let path = repository.appendingPathComponent("spec/schemas/rick-and-morty.schema.graphql").path
    guard let data = FileManager.default.contents(atPath: path) else { fatalError("cannot read \(path)") }
    var diagnostics: [Diagnostic] = []
    guard let schema = Compilation.buildSchema([Source(name: path, bytes: Array(data))], extensions: [], into: &diagnostics),
        !diagnostics.hasErrors
    else { fatalError("the fixed schema does not build: \(diagnostics.map { $0.rendered() })") }
    return schema
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let file = Source(name: "Fuzz.graphql", bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    let result = Compilation.run(files: [file], schema: schema)
    for diagnostic in result.diagnostics { _ = diagnostic.renderedWithNotes() }
    return 0
}

@main
enum FuzzCompile {
    static func main() {
        exit(baton_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv) { data, size in data.map { fuzz($0, size) } ?? 0 })
    }
}
