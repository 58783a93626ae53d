// libFuzzer target: the GraphQL lexer and parser (executable documents and SDL alike: the
// parser reads the whole grammar), then both printers over what parsed and a second parse of
// the compact print, which must parse again. `scripts/fuzz syntax` builds and runs it.
import BatonDiagnostics
import BatonSyntax
import CFuzzDriver
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let source = Source(name: "fuzz.graphql", text: text)
    _ = Lexer.tokenize(source, includeComments: true)
    let result = Parser.parse(source)
    _ = ReadablePrinter.print(result.document)
    guard result.diagnostics.isEmpty else { return 0 }
    let compact = CompactPrinter.print(result.document)
    let reparsed = Parser.parse(Source(name: "printed.graphql", text: compact))
    if !reparsed.diagnostics.isEmpty {
        fatalError("the compact print of a document that parsed does not parse: \(reparsed.diagnostics)")
    }
    return 0
}

@main
enum FuzzSyntax {
    static func main() {
        exit(baton_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv) { data, size in data.map { fuzz($0, size) } ?? 0 })
    }
}
