// libFuzzer target: `baton.json` text through the configuration reader (BatonJSON's parser,
// then every key's checks), with the checks each run language adds, and every diagnostic
// rendered. Paths are never looked up on disk. `scripts/fuzz config` builds and runs it.
import BatonConfig
import BatonDiagnostics
import CFuzzDriver
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let source = Source(name: "/fuzz/baton.json", bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    let read = BatonConfig.read(source, directory: "/fuzz") { path in path.hasSuffix("/") ? .directory : .file }
    for diagnostic in read.diagnostics { _ = diagnostic.renderedWithNotes() }
    if let config = read.config {
        for language in [RunLanguage.swift, .kotlin] {
            for diagnostic in config.diagnostics(forRunIn: language) { _ = diagnostic.renderedWithNotes() }
        }
    }
    return 0
}

@main
enum FuzzConfig {
    static func main() {
        exit(baton_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv) { data, size in data.map { fuzz($0, size) } ?? 0 })
    }
}
