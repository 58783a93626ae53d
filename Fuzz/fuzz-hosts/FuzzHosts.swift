// libFuzzer target: a Swift file through the host scanner (SwiftLexer, markers, string-literal
// decoding with its source map), each marker's GraphQL parsed and checked as the compiler does,
// every diagnostic rendered at its Swift position, and every GraphQL offset mapped back into
// the host. `scripts/fuzz hosts` builds and runs it.
import BatonDiagnostics
import BatonHosts
import BatonSyntax
import CFuzzDriver
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let host = Source(name: "Fuzz.swift", bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    let scanned = HostFile.documents(for: host)
    for diagnostic in scanned.diagnostics { _ = diagnostic.renderedWithNotes() }
    let hostLength = host.utf8.count
    for document in scanned.documents {
        let checked = MarkerCheck.parse(document)
        for diagnostic in checked.diagnostics { _ = diagnostic.renderedWithNotes() }
        for offset in 0...document.source.utf8.count {
            let hostOffset = document.hostOffset(forGraphQLOffset: offset)
            if hostOffset < 0 || hostOffset > hostLength {
                fatalError("GraphQL offset \(offset) maps to \(hostOffset), outside the host (\(hostLength) bytes)")
            }
        }
    }
    return 0
}

@main
enum FuzzHosts {
    static func main() {
        exit(baton_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv) { data, size in data.map { fuzz($0, size) } ?? 0 })
    }
}
