// libFuzzer target: SDL through schema building and type-system validation as the compiler
// builds a schema (Baton's directive definitions added, then client extensions). The input is
// the server's SDL, then after the first NUL byte (if any) a client extension document; a schema
// that builds is then checked as every compilation checks it. `scripts/fuzz schema` builds and
// runs it.
import BatonCompiler
import BatonDiagnostics
import CFuzzDriver
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    let nul = input.firstIndex(of: 0) ?? input.count
    let server = Source(name: "schema.graphql", bytes: Array(input[..<nul]))
    let extensions = nul < input.count ? [Source(name: "extensions.graphql", bytes: Array(input[(nul + 1)...]))] : []
    var diagnostics: [Diagnostic] = []
    let schema = Compilation.buildSchema([server], extensions: extensions, into: &diagnostics)
    for diagnostic in diagnostics { _ = diagnostic.renderedWithNotes() }
    if let schema {
        for diagnostic in Compilation.run(files: [], schema: schema).diagnostics { _ = diagnostic.renderedWithNotes() }
    }
    return 0
}

@main
enum FuzzSchema {
    static func main() {
        exit(baton_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv) { data, size in data.map { fuzz($0, size) } ?? 0 })
    }
}
