// swift-tools-version:6.0
import PackageDescription

// One package: the compiler core (one module per pipeline stage, like Relay's crates), the
// batonc and baton-lsp executables, the runtime, tests and benchmarks.
let package = Package(
    name: "Baton",
    // Observation (per-field invalidation) sets the floor on Apple platforms; Linux needs none.
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .executable(name: "batonc", targets: ["batonc"]),
        .executable(name: "baton-lsp", targets: ["baton-lsp"]),
        .library(name: "Baton", targets: ["Baton", "BatonMarkers"]),
        .library(name: "BatonTesting", targets: ["BatonTesting"]),
        .library(name: "BatonInspector", targets: ["BatonInspector"]),
        .library(name: "BatonImage", targets: ["BatonImage"]),
        .library(name: "BatonSockets", targets: ["BatonSockets"]),
        .executable(name: "baton-spec", targets: ["baton-spec"]),
        .plugin(name: "BatonPlugin", targets: ["BatonPlugin"]),
    ],
    targets: [
        // MARK: Common: positions, diagnostics and JSON, under the compiler and the language server
        .target(name: "BatonDiagnostics", path: "Common/BatonDiagnostics"),
        // libuv: the language server's event loop and the runtime's sockets (BatonSockets).
        .systemLibrary(name: "CUV", path: "Common/CUV", pkgConfig: "libuv", providers: [.apt(["libuv1-dev"])]),
        .target(name: "BatonSyntax", dependencies: ["BatonDiagnostics"], path: "Compiler/BatonSyntax"),
        .target(name: "BatonSchema", dependencies: ["BatonSyntax", "BatonDiagnostics"], path: "Compiler/BatonSchema"),
        .target(
            name: "BatonValidation",
            dependencies: ["BatonSchema", "BatonDiagnostics", "BatonSyntax"],
            path: "Compiler/BatonValidation"),
        .target(
            name: "BatonIR",
            dependencies: ["BatonSyntax", "BatonSchema", "BatonDiagnostics"],
            path: "Compiler/BatonIR"),
        .target(
            name: "BatonTransforms",
            dependencies: ["BatonIR", "BatonJSON", "BatonDiagnostics", "BatonSyntax", "BatonSchema"],
            path: "Compiler/BatonTransforms"),
        .target(
            name: "BatonPlans",
            dependencies: ["BatonIR", "BatonTransforms", "BatonSchema"],
            path: "Compiler/BatonPlans"),
        .target(
            name: "BatonEmit",
            dependencies: [
                "BatonPlans", "BatonIR", "BatonTransforms", "BatonDiagnostics", "BatonSyntax",
                "BatonSchema",
            ],
            path: "Compiler/BatonEmit"),
        .target(name: "BatonJSON", dependencies: ["BatonDiagnostics"], path: "Common/BatonJSON"),
        .target(name: "BatonHosts", dependencies: ["BatonDiagnostics", "BatonSyntax"], path: "Compiler/BatonHosts"),
        .target(name: "BatonConfig", dependencies: ["BatonDiagnostics", "BatonJSON"], path: "Compiler/BatonConfig"),
        // The pipeline batonc and baton-lsp share.
        .target(
            name: "BatonCompiler",
            dependencies: [
                "BatonSyntax", "BatonSchema", "BatonValidation", "BatonHosts", "BatonConfig", "BatonIR",
                "BatonTransforms", "BatonPlans", "BatonEmit", "BatonJSON", "BatonDiagnostics",
            ],
            path: "Compiler/BatonCompiler"),
        .executableTarget(name: "batonc", dependencies: ["BatonCompiler", "BatonDiagnostics"], path: "Compiler/batonc"),
        // Documents printed from random trees over a schema, for the structure-aware fuzz target
        // (fuzz-documents) and the compiler's property test; no product ships it.
        .target(
            name: "BatonDocumentGenerator",
            dependencies: [
                "BatonCompiler", "BatonDiagnostics", "BatonSchema", "BatonSyntax", "BatonValidation", "BatonPlans",
                "BatonEmit", "BatonTransforms",
            ],
            path: "Fuzz/DocumentGenerator"),
        // What editors ask of GraphQL (projects, per-document checks, completion, hover,
        // definitions), on the compiler core; baton-lsp speaks it over LSP.
        .target(
            name: "BatonLanguageService",
            dependencies: [
                "BatonCompiler", "BatonDiagnostics", "BatonSyntax", "BatonSchema", "BatonHosts",
                "BatonConfig", "BatonIR", "BatonEmit",
            ],
            path: "LanguageServer/BatonLanguageService"),

        // MARK: Runtime
        .target(name: "Baton", path: "Runtime/Baton"),
        .target(name: "BatonTesting", dependencies: ["Baton"], path: "Runtime/BatonTesting"),
        .target(name: "BatonInspector", dependencies: ["Baton"], path: "Runtime/BatonInspector"),
        // The image: one SQLite file (Debian's libsqlite3-dev) behind the core's StoreImage protocol;
        // SQLite never enters Baton.
        .systemLibrary(
            name: "CSQLite", path: "Runtime/CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .target(name: "BatonImage", dependencies: ["Baton", "CSQLite"], path: "Runtime/BatonImage"),
        // OpenSSL (Debian's libssl-dev) for wss://, used by BatonSockets only.
        .systemLibrary(
            name: "COpenSSL", path: "Runtime/COpenSSL", pkgConfig: "openssl", providers: [.apt(["libssl-dev"])]),
        // RFC 6455 on libuv sockets, the core's WebSocketClient under its GraphQLTransportWebSocket;
        // libuv and OpenSSL never enter Baton.
        .target(name: "BatonSockets", dependencies: ["Baton", "CUV", "COpenSSL"], path: "Runtime/BatonSockets"),
        // @Fragment/@Query/@Mutation/@Subscription; re-exports Baton (Runtime/BatonMarkers/Markers.swift says why).
        .target(name: "BatonMarkers", dependencies: ["Baton"], path: "Runtime/BatonMarkers"),

        // MARK: Build-tool plugin: `batonc generate` on each target that uses it
        .plugin(name: "BatonPlugin", capability: .buildTool(), dependencies: ["batonc"], path: "Plugins/BatonPlugin"),

        // MARK: Examples
        .executableTarget(
            name: "rick-and-morty-example", dependencies: ["BatonMarkers", "BatonImage", "BatonSockets", "BatonTesting"],
            path: "Examples/RickAndMorty", exclude: ["Server"],
            plugins: ["BatonPlugin"]),
        // The design's "exchange" (a transport wrapping another: 401 replay, bounded retry, deadline),
        // app-owned sample code; tested against the example's server in BatonWireTests.
        .target(name: "ExchangeSample", dependencies: ["Baton"], path: "Examples/Exchange"),

        // MARK: Conformance harness
        // The library runs a conformance manifest (spec/conformance's, or any directory in its
        // format) against the lenses batonc generated from spec/conformance/sources, compiled in
        // (Conformance/BatonConformance/Generated/). Both BatonConformanceTests and the
        // `baton-spec <spec-dir>` executable run it.
        .target(
            name: "BatonConformance",
            dependencies: ["Baton", "BatonImage", "BatonInspector", "BatonJSON", "BatonDiagnostics", "BatonTesting"],
            path: "Conformance/BatonConformance"),
        .executableTarget(name: "baton-spec", dependencies: ["BatonConformance"], path: "Conformance/baton-spec"),

        // MARK: Benchmarks
        .executableTarget(
            name: "baton-bench",
            dependencies: [
                "BatonCompiler", "Baton", "BatonImage", "BatonSockets", "BatonTesting", "BatonDiagnostics",
                "BatonSyntax", "BatonSchema", "BatonValidation",
            ],
            path: "Benchmarks/baton-bench"),

        // MARK: Language server
        .target(
            name: "BatonLanguageServer",
            dependencies: ["BatonDiagnostics", "BatonJSON", "CUV"],
            path: "LanguageServer/BatonLanguageServer"),
        .target(
            name: "BatonGraphQLFeatures",
            dependencies: [
                "BatonLanguageServer", "BatonLanguageService", "BatonEmit", "BatonDiagnostics",
                "BatonJSON", "BatonSchema", "BatonHosts",
            ],
            path: "LanguageServer/BatonGraphQLFeatures"),
        .executableTarget(
            name: "baton-lsp",
            dependencies: ["BatonLanguageServer", "BatonGraphQLFeatures"],
            path: "LanguageServer/baton-lsp"),

        // MARK: Tests
        .testTarget(
            name: "BatonSyntaxTests",
            dependencies: ["BatonSyntax", "BatonDiagnostics"],
            path: "Tests/BatonSyntaxTests"),
        .testTarget(
            name: "BatonSchemaTests",
            dependencies: ["BatonSchema", "BatonDiagnostics", "BatonSyntax"],
            path: "Tests/BatonSchemaTests"),
        .testTarget(
            name: "BatonValidationTests",
            dependencies: ["BatonValidation", "BatonDiagnostics", "BatonSyntax", "BatonSchema"],
            path: "Tests/BatonValidationTests"),
        .testTarget(
            name: "BatonDifferentialTests",
            dependencies: ["BatonSyntax", "BatonSchema", "BatonValidation", "BatonDiagnostics"],
            path: "Tests/BatonDifferentialTests"),
        .testTarget(
            name: "BatonJSONTests",
            dependencies: ["BatonJSON", "BatonDiagnostics"],
            path: "Tests/BatonJSONTests"),
        .testTarget(
            name: "BatonHostsTests",
            dependencies: ["BatonHosts", "BatonSyntax", "BatonDiagnostics"],
            path: "Tests/BatonHostsTests"),
        .testTarget(
            name: "BatonConfigTests",
            dependencies: ["BatonConfig", "BatonDiagnostics"],
            path: "Tests/BatonConfigTests"),
        .testTarget(
            name: "BatonTransformsTests",
            dependencies: ["BatonTransforms", "BatonIR", "BatonSchema", "BatonSyntax", "BatonDiagnostics"],
            path: "Tests/BatonTransformsTests"),
        .testTarget(
            name: "BatonCompilerTests",
            dependencies: [
                "BatonCompiler", "BatonTransforms", "BatonDiagnostics", "BatonLanguageService",
                "BatonConfig", "BatonValidation", "BatonSchema", "BatonDocumentGenerator", "BatonSyntax",
            ],
            path: "Tests/BatonCompilerTests"),
        .testTarget(
            name: "BatonEmitTests",
            dependencies: [
                "BatonCompiler", "BatonEmit", "BatonPlans", "BatonTransforms", "BatonDiagnostics",
                "BatonSyntax", "BatonIR", "Baton",
            ],
            path: "Tests/BatonEmitTests"),
        .testTarget(
            name: "BatonConformanceTests",
            dependencies: ["BatonConformance", "Baton", "BatonCompiler", "baton-spec", "BatonJSON", "BatonInspector", "BatonTesting"],
            path: "Tests/BatonConformanceTests"),
        // Generated code of spec/generated-code (argument sites, actions, inputs, transient), compiled.
        .testTarget(
            name: "BatonGeneratedCodeTests", dependencies: ["Baton", "BatonTesting", "BatonCompiler"],
            path: "Tests/BatonGeneratedCodeTests"),
        .testTarget(
            name: "BatonTests", dependencies: ["Baton", "BatonTesting", "BatonInspector"],
            path: "Tests/BatonTests"),
        // Real SQLite files in temporary directories; the kill test runs baton-image-writer as the
        // child it kills.
        .testTarget(
            name: "BatonImageTests",
            dependencies: ["BatonImage", "Baton", "BatonTesting", "BatonInspector", "baton-image-writer"],
            path: "Tests/BatonImageTests"),
        .executableTarget(
            name: "baton-image-writer", dependencies: ["BatonImage", "Baton"], path: "Tests/BatonImageWriter"),
        // Frame codec and handshake units; the socket (ws:// and wss://) against a hostile Python
        // server and the real strawberry server, on 127.0.0.1.
        .testTarget(
            name: "BatonSocketsTests", dependencies: ["BatonSockets", "Baton", "BatonTestServer", "BatonTesting"],
            path: "Tests/BatonSocketsTests",
            exclude: ["hostile_server.py"]),
        // Builds and tests Tests/PluginPackage (Baton by path, BatonPlugin on a target) with `swift`.
        .testTarget(name: "BatonPluginTests", path: "Tests/BatonPluginTests"),
        // The example's server (Examples/RickAndMorty/Server) as a child process, for tests only.
        .target(name: "BatonTestServer", path: "Tests/BatonTestServer"),
        // Transports and `batonc fetch-schema` against that real server on 127.0.0.1.
        .testTarget(
            name: "BatonWireTests",
            dependencies: [
                "Baton", "BatonTestServer", "BatonTesting", "BatonCompiler", "batonc", "ExchangeSample",
                "rick-and-morty-example",
            ],
            path: "Tests/BatonWireTests"),
        .testTarget(
            name: "BatonLanguageServerTests",
            dependencies: [
                "BatonLanguageServer", "BatonGraphQLFeatures", "baton-lsp", "BatonDiagnostics",
                "BatonJSON", "BatonCompiler", "BatonLanguageService", "Baton", "BatonHosts",
            ],
            path: "Tests/BatonLanguageServerTests"),
    ],
    swiftLanguageModes: [.v6]
)

// MARK: Fuzz targets, only when BATON_FUZZ is set (scripts/fuzz sets it and builds them with
// -sanitize=fuzzer,address in their own scratch path), so a normal build never sees them. Each is
// Fuzz/<name>/, one file defining LLVMFuzzerTestOneInput and a main that starts libFuzzer's
// driver (CFuzzDriver).
if Context.environment["BATON_FUZZ"] != nil {
    let fuzzTargets: [(name: String, dependencies: [Target.Dependency])] = [
        ("fuzz-syntax", ["BatonSyntax", "BatonDiagnostics"]),
        ("fuzz-hosts", ["BatonHosts", "BatonSyntax", "BatonDiagnostics"]),
        ("fuzz-config", ["BatonConfig", "BatonDiagnostics"]),
        ("fuzz-jsonrpc", ["BatonLanguageServer"]),
        ("fuzz-multipart", ["Baton"]),
        ("fuzz-eventstream", ["Baton"]),
        ("fuzz-websocket", ["BatonSockets"]),
        ("fuzz-schema", ["BatonCompiler", "BatonDiagnostics"]),
        ("fuzz-compile", ["BatonCompiler", "BatonDiagnostics", "BatonSchema"]),
        ("fuzz-image", ["BatonImage", "Baton"]),
        ("fuzz-ingest", ["Baton"]),
        ("fuzz-documents", ["BatonDocumentGenerator", "BatonCompiler", "BatonDiagnostics", "BatonSchema"]),
        ("fuzz-introspection", ["BatonCompiler", "BatonDiagnostics", "BatonSyntax"]),
    ]
    // No build-tool plugin runs in a fuzz build: its tool (batonc) would be built, instrumented,
    // for nothing.
    for target in package.targets where target.plugins != nil { target.plugins = nil }
    package.targets.append(.target(name: "CFuzzDriver", path: "Fuzz/CFuzzDriver"))
    for target in fuzzTargets {
        package.targets.append(
            .executableTarget(
                name: target.name, dependencies: target.dependencies + ["CFuzzDriver"], path: "Fuzz/\(target.name)"))
        package.products.append(.executable(name: target.name, targets: [target.name]))
    }
}
