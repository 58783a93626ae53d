// swift-tools-version:6.0
import PackageDescription

// A package outside Baton that uses it as a user would: Baton by path, BatonPlugin on a target
// whose views hold GraphQL in markers, baton.json at this package's root (the plugin looks beside
// the target first). Tests/BatonPluginTests builds and tests it; it is not part of Baton's build.
let package = Package(
    name: "PluginPackage",
    platforms: [.macOS(.v14)],
    dependencies: [
        // Named: a path dependency's identity is its directory's name, which depends on the clone.
        .package(name: "Baton", path: "../..")
    ],
    targets: [
        .target(
            name: "Cast", dependencies: [.product(name: "Baton", package: "Baton")],
            plugins: [.plugin(name: "BatonPlugin", package: "Baton")]),
        .testTarget(name: "CastTests", dependencies: ["Cast"]),
    ],
    swiftLanguageModes: [.v6]
)
