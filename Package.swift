// swift-tools-version:6.0
import PackageDescription

// One package: the compiler core (one module per pipeline stage, like Relay's crates), the
// batonc and baton-lsp executables, the runtime, the build plugin, tests and benchmarks.
let package = Package(
    name: "Baton",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "BatonCompiler", targets: ["BatonSchema"]),
        .executable(name: "baton-lsp", targets: ["baton-lsp"]),
    ],
    targets: [
        // MARK: Compiler core, in pipeline order
        .target(name: "BatonDiagnostics", path: "Compiler/BatonCompiler/Diagnostics"),
        .target(name: "BatonSyntax", dependencies: ["BatonDiagnostics"], path: "Compiler/BatonCompiler/Syntax"),
        .target(name: "BatonSchema", dependencies: ["BatonSyntax"], path: "Compiler/BatonCompiler/Schema"),
        .target(name: "BatonJSON", dependencies: ["BatonDiagnostics"], path: "Compiler/BatonCompiler/JSON"),

        // MARK: Language server
        .systemLibrary(name: "CUV", path: "LanguageServer/CUV", pkgConfig: "libuv", providers: [.apt(["libuv1-dev"])]),
        .target(name: "BatonLanguageServer", dependencies: ["BatonDiagnostics", "BatonJSON", "CUV"], path: "LanguageServer/BatonLanguageServer"),
        .executableTarget(name: "baton-lsp", dependencies: ["BatonLanguageServer"], path: "LanguageServer/baton-lsp"),

        // MARK: Tests
        .testTarget(name: "BatonJSONTests", dependencies: ["BatonJSON"]),
        .testTarget(name: "BatonLanguageServerTests", dependencies: ["BatonLanguageServer", "baton-lsp"]),
    ],
    swiftLanguageModes: [.v6]
)
