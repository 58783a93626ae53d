import BatonConfig
import BatonDiagnostics
import Foundation

/// Gathers a compilation's inputs the way every tool does: the configuration (when given),
/// the schema it names or the one given on the command line, its extensions, and the host
/// files, with directories expanded.
package enum CompilationSetup {
    package struct Request: Sendable {
        package var configPath: String?
        /// Overrides the configuration's `schema`.
        package var schemaPath: String?
        package var extensionPaths: [String]
        package var paths: [String]

        package init(configPath: String?, schemaPath: String?, extensionPaths: [String] = [], paths: [String]) {
            self.configPath = configPath
            self.schemaPath = schemaPath
            self.extensionPaths = extensionPaths
            self.paths = paths
        }
    }

    package struct Prepared: Sendable {
        package var input: CompilationInput
        package var config: BatonConfig?
    }

    /// The inputs, or nil when they cannot be had (a bad configuration, no schema, an
    /// unreadable schema); the diagnostics say why.
    package static func prepare(_ request: Request) -> (prepared: Prepared?, diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var config: BatonConfig?
        if let configPath = request.configPath {
            let loaded = BatonConfig.load(path: configPath)
            diagnostics.append(contentsOf: loaded.diagnostics)
            config = loaded.config
            if config == nil || loaded.diagnostics.hasErrors { return (nil, diagnostics) }
            diagnostics.append(contentsOf: config!.diagnostics(forRunIn: .swift))
        }
        guard let schemaPath = request.schemaPath ?? config?.schema?.resolved else {
            let message =
                request.configPath.map { "\($0) names no schema; add \"schema\" or pass --schema" }
                ?? "no schema: pass --schema <sdl> or --config <baton.json>"
            diagnostics.append(.error(message, at: [], code: .config))
            return (nil, diagnostics)
        }
        let extensionPaths = (config?.extensionFiles() ?? []) + request.extensionPaths
        func load(_ paths: [String]) -> [Source] {
            paths.compactMap { path in
                switch SourceLoader.load(path) {
                case .loaded(let source): return source
                case .failed(let diagnostic):
                    diagnostics.append(diagnostic)
                    return nil
                }
            }
        }
        let schema = load([schemaPath])
        let extensions = load(extensionPaths)
        // A directory given as documents may hold the schema itself; it is not a document.
        let schemaFiles = Set(([schemaPath] + extensionPaths).map(standardized))
        let files = load(expand(request.paths).filter { !schemaFiles.contains(standardized($0)) })
        if schema.isEmpty { return (nil, diagnostics) }
        let input = CompilationInput(schema: schema, schemaExtensions: extensions, files: files)
        return (Prepared(input: input, config: config), diagnostics)
    }

    static func standardized(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// Directories become the host files they hold (`.swift`, `.graphql`, `.gql`), sorted so
    /// output is stable; build folders are skipped.
    package static func expand(_ paths: [String]) -> [String] {
        var result: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
                result.append(path)
                continue
            }
            let base = path.hasSuffix("/") ? String(path.dropLast()) : path
            let found = (FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String } ?? [])
                .filter { relative in
                    !relative.split(separator: "/").contains { $0.hasPrefix(".") }
                        && [".swift", ".graphql", ".gql"].contains { relative.hasSuffix($0) }
                }
                .sorted()
                .map { "\(base)/\($0)" }
            result.append(contentsOf: found)
        }
        return result
    }
}
