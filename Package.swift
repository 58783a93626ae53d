// swift-tools-version:6.0
import PackageDescription

// One package: the compiler core (one module per pipeline stage, like Relay's crates), the
// batonc and baton-lsp executables, the runtime, tests and benchmarks.
let package = Package(
    name: "Baton",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "BatonCompiler", targets: ["BatonCompiler"]),
        .executable(name: "batonc", targets: ["batonc"]),
        .executable(name: "baton-lsp", targets: ["baton-lsp"]),
        .library(name: "Baton", targets: ["Baton"]),
        .library(name: "BatonTesting", targets: ["BatonTesting"]),
        .library(name: "BatonInspector", targets: ["BatonInspector"]),
    ],
    targets: [
        // MARK: Compiler core, in pipeline order
        .target(name: "BatonDiagnostics", path: "Compiler/BatonCompiler/Diagnostics"),
        .target(name: "BatonSyntax", dependencies: ["BatonDiagnostics"], path: "Compiler/BatonCompiler/Syntax"),
        .target(name: "BatonSchema", dependencies: ["BatonSyntax"], path: "Compiler/BatonCompiler/Schema"),
        .target(name: "BatonValidation", dependencies: ["BatonSchema"], path: "Compiler/BatonCompiler/Validation"),
        .target(name: "BatonIR", dependencies: ["BatonSyntax", "BatonSchema"], path: "Compiler/BatonCompiler/IR"),
        .target(name: "BatonTransforms", dependencies: ["BatonIR", "BatonJSON"], path: "Compiler/BatonCompiler/Transforms"),
        .target(name: "BatonPlans", dependencies: ["BatonIR", "BatonTransforms"], path: "Compiler/BatonCompiler/Plans"),
        .target(name: "BatonEmit", dependencies: ["BatonPlans", "BatonIR", "BatonTransforms"], path: "Compiler/BatonCompiler/Emit"),
        .target(name: "BatonJSON", dependencies: ["BatonDiagnostics"], path: "Compiler/BatonCompiler/JSON"),
        .target(name: "BatonHosts", dependencies: ["BatonDiagnostics", "BatonSyntax"], path: "Compiler/BatonCompiler/Hosts"),
        .target(name: "BatonConfig", dependencies: ["BatonDiagnostics", "BatonJSON"], path: "Compiler/BatonCompiler/Config"),
        // The pipeline batonc and baton-lsp share.
        .target(name: "BatonCompiler",
                dependencies: ["BatonSyntax", "BatonSchema", "BatonValidation", "BatonHosts", "BatonConfig",
                               "BatonIR", "BatonTransforms", "BatonPlans", "BatonEmit", "BatonJSON"],
                path: "Compiler/BatonCompiler/Compilation"),
        .executableTarget(name: "batonc", dependencies: ["BatonCompiler"], path: "Compiler/batonc"),
        // What editors ask of GraphQL (projects, per-document checks, completion, hover,
        // definitions), on the compiler core; baton-lsp speaks it over LSP.
        .target(name: "BatonLanguageService", dependencies: ["BatonCompiler"], path: "Compiler/BatonCompiler/LanguageService"),

        // MARK: Runtime
        .target(name: "Baton", path: "Runtime/Baton"),
        .target(name: "BatonTesting", dependencies: ["Baton"], path: "Runtime/BatonTesting"),
        .target(name: "BatonInspector", dependencies: ["Baton"], path: "Runtime/BatonInspector"),

        // MARK: Benchmarks
        .executableTarget(name: "baton-bench", dependencies: ["BatonCompiler", "Baton", "BatonTesting"], path: "Benchmarks/baton-bench"),

        // MARK: Language server
        .systemLibrary(name: "CUV", path: "LanguageServer/CUV", pkgConfig: "libuv", providers: [.apt(["libuv1-dev"])]),
        .target(name: "BatonLanguageServer", dependencies: ["BatonDiagnostics", "BatonJSON", "CUV"], path: "LanguageServer/BatonLanguageServer"),
        .target(name: "BatonGraphQLFeatures", dependencies: ["BatonLanguageServer", "BatonLanguageService", "BatonEmit"],
                path: "LanguageServer/BatonGraphQLFeatures"),
        .executableTarget(name: "baton-lsp", dependencies: ["BatonLanguageServer", "BatonGraphQLFeatures"], path: "LanguageServer/baton-lsp"),

        // MARK: Tests
        .testTarget(name: "BatonSyntaxTests", dependencies: ["BatonSyntax"], path: "Tests/BatonSyntaxTests"),
        .testTarget(name: "BatonSchemaTests", dependencies: ["BatonSchema"], path: "Tests/BatonSchemaTests"),
        .testTarget(name: "BatonValidationTests", dependencies: ["BatonValidation"], path: "Tests/BatonValidationTests"),
        .testTarget(name: "BatonDifferentialTests", dependencies: ["BatonSyntax", "BatonSchema", "BatonValidation"],
                    path: "Tests/BatonDifferentialTests"),
        .testTarget(name: "BatonJSONTests", dependencies: ["BatonJSON"], path: "Tests/BatonJSONTests"),
        .testTarget(name: "BatonHostsTests", dependencies: ["BatonHosts", "BatonSyntax"], path: "Tests/BatonHostsTests"),
        .testTarget(name: "BatonConfigTests", dependencies: ["BatonConfig"], path: "Tests/BatonConfigTests"),
        .testTarget(name: "BatonTransformsTests", dependencies: ["BatonTransforms", "BatonIR", "BatonSchema", "BatonSyntax"],
                    path: "Tests/BatonTransformsTests"),
        .testTarget(name: "BatonCompilerTests", dependencies: ["BatonCompiler", "BatonTransforms", "BatonDiagnostics"],
                    path: "Tests/BatonCompilerTests"),
        .testTarget(name: "BatonEmitTests", dependencies: ["BatonCompiler", "BatonEmit", "BatonPlans", "BatonTransforms",
                                                           "BatonDiagnostics"],
                    path: "Tests/BatonEmitTests"),
        .testTarget(name: "BatonConformanceTests", dependencies: ["Baton", "BatonInspector", "BatonCompiler"],
                    path: "Tests/BatonConformanceTests"),
        .testTarget(name: "BatonTests", dependencies: ["Baton", "BatonTesting", "BatonInspector"],
                    path: "Tests/BatonTests"),
        .testTarget(name: "BatonLanguageServerTests", dependencies: ["BatonLanguageServer", "BatonGraphQLFeatures", "baton-lsp"],
                    path: "Tests/BatonLanguageServerTests"),
    ],
    swiftLanguageModes: [.v6]
)
