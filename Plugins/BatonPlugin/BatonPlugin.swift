import Foundation
import PackagePlugin

/// Runs `batonc generate` over a target's Swift sources and `.graphql` documents with the target's
/// `baton.json` (beside the target, else at the package root). One build command per target, every
/// output declared up front: one `.baton.swift` per source (header-only when the source declares no
/// GraphQL, which batonc writes for an `--emit`ed source) and the shared `Baton.baton.swift`. Its
/// inputs are the sources, the configuration, the schema and the extensions, so editing any of them
/// reruns it, and nothing else does. Naming, validation and diagnostics belong to batonc.
@main
struct BatonPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let packageRoot = context.package.directoryURL
        // `Target.directoryURL` needs tools version 6.1 and `Path.string` is deprecated; the
        // package is at 6.0, and a path's description is its text.
        let targetDirectory = URL(fileURLWithPath: String(describing: target.directory), isDirectory: true)
        guard let config = BatonConfigFile.find(target: targetDirectory, packageRoot: packageRoot) else {
            Diagnostics.warning(
                "BatonPlugin: target '\(target.name)' has no baton.json (looked beside the target and at the package root); nothing generated"
            )
            return []
        }
        // The schema may sit among the target's files; it is not a document.
        let schemaPaths = Set(config.schemaFiles.map(\.standardizedFileURL.path))
        let sources = target.sourceFiles.map(\.url).filter { url in
            ["swift", "graphql", "gql"].contains(url.pathExtension) && !schemaPaths.contains(url.standardizedFileURL.path)
        }
        let outputDirectory = context.pluginWorkDirectoryURL.appending(path: "Generated", directoryHint: .isDirectory)
        let shared = outputDirectory.appending(path: "Baton.baton.swift")

        var arguments = ["generate", "--config", config.url.path, "--shared", shared.path]
        // The persisted documents go to the plugin's directory when the configuration persists them
        // (batonc refuses `--persisted` without a `persistConfig`).
        if config.persists {
            arguments += ["--persisted", context.pluginWorkDirectoryURL.appending(path: "persisted-documents.json").path]
        }
        var outputs = [shared]
        for source in sources {
            let output = outputDirectory.appending(path: Self.outputName(source, in: targetDirectory))
            if output.lastPathComponent == shared.lastPathComponent {
                Diagnostics.error(
                    "BatonPlugin: \(source.path) would generate \(shared.lastPathComponent), the shared file's name; rename it")
                return []
            }
            arguments += ["--emit", "\(source.path)=\(output.path)"]
            outputs.append(output)
        }
        arguments += ["--"] + sources.map(\.path)

        return [
            .buildCommand(
                displayName: "Generating Baton code for \(target.name)",
                executable: try context.tool(named: "batonc").url,
                arguments: arguments,
                inputFiles: sources + [config.url] + config.schemaFiles,
                outputFiles: outputs)
        ]
    }

    /// batonc's own naming (GenerateCommand.outputName): the source's path under the target with
    /// `/` as `_`, `.swift` replaced by `.baton.swift`, other extensions kept before it.
    static func outputName(_ source: URL, in directory: URL) -> String {
        let base = directory.standardizedFileURL.path
        var path = source.standardizedFileURL.path
        if path.hasPrefix(base + "/") { path.removeFirst(base.count + 1) }
        let flat = path.split(separator: "/").joined(separator: "_")
        return (flat.hasSuffix(".swift") ? String(flat.dropLast(".swift".count)) : flat) + ".baton.swift"
    }
}

/// What the plugin needs of `baton.json` to declare its inputs: where it is and which schema and
/// extension files it names. batonc reads everything else (and reports a malformed file).
struct BatonConfigFile {
    var url: URL
    var schemaFiles: [URL]
    /// The file has a `persistConfig`.
    var persists = false

    static func find(target: URL, packageRoot: URL) -> BatonConfigFile? {
        for directory in [target, packageRoot] {
            let candidate = directory.appending(path: "baton.json")
            if FileManager.default.fileExists(atPath: candidate.path) { return BatonConfigFile(candidate) }
        }
        return nil
    }

    init(_ url: URL) {
        self.url = url
        schemaFiles = []
        guard let data = try? Data(contentsOf: url),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return }
        persists = object["persistConfig"] != nil
        let directory = url.deletingLastPathComponent()
        var named: [String] = []
        if let schema = object["schema"] as? String { named.append(schema) }
        named += object["schemaExtensions"] as? [String] ?? []
        for path in named {
            let file = path.hasPrefix("/") ? URL(fileURLWithPath: path) : directory.appending(path: path)
            schemaFiles += Self.graphQLFiles(at: file.standardizedFileURL)
        }
    }

    /// The file itself, or the `.graphql` files under a directory (an extension entry may be one).
    /// A missing file is left out: batonc reports it at the configuration, which is clearer than
    /// the build system's missing input.
    static func graphQLFiles(at url: URL) -> [URL] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else { return [url] }
        let found =
            FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL } ?? []
        return found.filter { ["graphql", "gql"].contains($0.pathExtension) }.sorted { $0.path < $1.path }
    }
}
