// swift-tools-version:6.0
import PackageDescription

// One package: the compiler core (one module per pipeline stage, like Relay's crates), the
// batonc and baton-lsp executables, the runtime, the build plugin, tests and benchmarks.
let package = Package(
    name: "Baton",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "BatonCompiler", targets: ["BatonSchema"]),
        .library(name: "Baton", targets: ["Baton"]),
        .library(name: "BatonTesting", targets: ["BatonTesting"]),
        .library(name: "BatonInspector", targets: ["BatonInspector"]),
    ],
    targets: [
        // MARK: Compiler core, in pipeline order
        .target(name: "BatonDiagnostics", path: "Compiler/BatonCompiler/Diagnostics"),
        .target(name: "BatonSyntax", dependencies: ["BatonDiagnostics"], path: "Compiler/BatonCompiler/Syntax"),
        .target(name: "BatonSchema", dependencies: ["BatonSyntax"], path: "Compiler/BatonCompiler/Schema"),

        // MARK: Runtime
        .target(name: "Baton", path: "Runtime/Baton"),
        .target(name: "BatonTesting", dependencies: ["Baton"], path: "Runtime/BatonTesting"),
        .target(name: "BatonInspector", dependencies: ["Baton"], path: "Runtime/BatonInspector"),
        .testTarget(name: "BatonTests", dependencies: ["Baton", "BatonTesting", "BatonInspector"],
                    path: "Tests/BatonTests"),
    ],
    swiftLanguageModes: [.v6]
)
