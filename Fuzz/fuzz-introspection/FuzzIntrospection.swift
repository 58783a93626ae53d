// libFuzzer target: a server's answer to the introspection query through IntrospectionSDL, as
// `batonc fetch-schema` reads it. Either a clear failure or SDL, and SDL it writes must parse: a
// name or default value that would break the file is refused (the answer is a stranger's bytes).
// `scripts/fuzz introspection` builds and runs it.
import BatonCompiler
import BatonDiagnostics
import BatonSyntax
import CFuzzDriver
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let sdl = try? IntrospectionSDL.sdl(response: bytes) else { return 0 }
    let parsed = Parser.parse(Source(name: "fetched.graphql", text: sdl))
    if let error = parsed.diagnostics.first(where: { $0.severity == .error }) {
        fatalError("fetch-schema would write SDL that does not parse: \(error.rendered())\n\(sdl)")
    }
    return 0
}

@main
enum FuzzIntrospection {
    static func main() {
        exit(baton_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv) { data, size in data.map { fuzz($0, size) } ?? 0 })
    }
}
