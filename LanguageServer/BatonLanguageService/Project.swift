import BatonCompiler
import BatonConfig
import BatonDiagnostics
import BatonSchema
import Foundation

/// One `baton.json` and what it names: the schema and its client extensions, built once.
/// The documents it covers are the host files under its directory. A project is immutable;
/// a change on disk makes a new one (`isCurrent` tells when).
package final class Project: Sendable {
    /// The configuration file's absolute path.
    package let configPath: String
    /// Where its documents live: the configuration's directory.
    package let directory: String
    package let config: BatonConfig?
    package let schema: Schema?
    /// Everything wrong with the configuration, the schema or its extensions.
    package let diagnostics: [Diagnostic]
    /// The schema and extension files (never documents of the project).
    package let schemaFiles: Set<String>
    /// Modification times of the configuration, schema and extensions when built.
    let stamps: [String: Date?]
    /// Its host files as parsed, per text (kept across checks and requests).
    package let parsedFiles: ProjectFiles
    /// Its host files on disk as listed while it was loaded, when `load` was asked to prepare
    /// its documents.
    package let documentPathsAtLoad: [String]?

    init(
        configPath: String, directory: String, config: BatonConfig?, schema: Schema?, diagnostics: [Diagnostic],
        schemaFiles: Set<String>, stamps: [String: Date?], parsedFiles: ProjectFiles = ProjectFiles(),
        documentPathsAtLoad: [String]? = nil
    ) {
        self.configPath = configPath
        self.directory = directory
        self.config = config
        self.schema = schema
        self.diagnostics = diagnostics
        self.schemaFiles = schemaFiles
        self.stamps = stamps
        self.parsedFiles = parsedFiles
        self.documentPathsAtLoad = documentPathsAtLoad
    }

    /// Reads the configuration at `configPath` and builds its schema. With `prepareDocuments`,
    /// its host files are listed, read and parsed meanwhile, on another core (what the first
    /// check needs, so a language server's first diagnostics do not wait for both in turn).
    package static func load(configPath: String, prepareDocuments: Bool = false) -> Project {
        let path = ConfigPaths.resolve(configPath, against: FileManager.default.currentDirectoryPath)
        let directory = ConfigPaths.directory(of: path)
        var stamps: [String: Date?] = [path: modificationDate(path)]
        let prepared = CompilationSetup.prepare(.init(configPath: path, schemaPath: nil, paths: []))
        var diagnostics = prepared.diagnostics
        let config = prepared.prepared?.config ?? BatonConfig.load(path: path).config
        var schemaFiles: Set<String> = []
        if let config {
            // Watched even when missing, so creating them reloads the project.
            if let schema = config.schema?.resolved { schemaFiles.insert(schema) }
            for file in config.extensionFiles() { schemaFiles.insert(ConfigPaths.resolve(file, against: directory)) }
            for entry in config.schemaExtensions { stamps[entry.resolved] = modificationDate(entry.resolved) }
        }
        for file in schemaFiles { stamps[file] = modificationDate(file) }
        let parsedFiles = ProjectFiles()
        let documents = DocumentsAtLoad()
        let built = BuiltSchema()
        let input = prepared.prepared?.input
        let excluded = schemaFiles
        DispatchQueue.concurrentPerform(iterations: prepareDocuments ? 2 : 1) { part in
            if part == 1 {
                let paths = documentPaths(directory: directory, excluding: excluded)
                documents.paths = paths
                _ = parsedFiles.snapshot(
                    of: paths.compactMap { path in
                        if case .loaded(let source) = SourceLoader.load(path) { return source }
                        return nil
                    })
            } else if let input {
                var found: [Diagnostic] = []
                built.schema = Compilation.buildSchema(input.schema, extensions: input.schemaExtensions, into: &found)
                built.diagnostics = found
            }
        }
        diagnostics += built.diagnostics
        if input != nil && built.schema == nil {
            diagnostics.append(
                .error(
                    "the schema named by \(path) cannot be built; documents are not validated",
                    at: [], code: .schema))
        }
        return Project(
            configPath: path, directory: directory, config: config, schema: built.schema, diagnostics: diagnostics,
            schemaFiles: schemaFiles, stamps: stamps, parsedFiles: parsedFiles, documentPathsAtLoad: documents.paths)
    }

    /// Whether the configuration, schema and extension files are as they were when built
    /// (the modification-time check behind file watching).
    package var isCurrent: Bool {
        stamps.allSatisfy { Project.modificationDate($0.key) == $0.value }
    }

    /// Whether a file belongs to the project: under its directory and not its schema.
    package func contains(path: String) -> Bool {
        Self.contains(path, directory: directory, excluding: schemaFiles)
    }

    static func contains(_ path: String, directory: String, excluding schemaFiles: Set<String>) -> Bool {
        let standardized = ConfigPaths.resolve(path, against: "/")
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        return standardized.hasPrefix(prefix) && !schemaFiles.contains(standardized)
    }

    /// Whether a change to `path` concerns the project's schema or configuration.
    package func dependsOn(path: String) -> Bool {
        let standardized = ConfigPaths.resolve(path, against: "/")
        return standardized == configPath || stamps.keys.contains(standardized)
            || stamps.keys.contains { standardized.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
    }

    /// The host files of the project on disk (`.swift`, `.graphql`, `.gql`), schema excluded.
    package func documentPaths() -> [String] {
        Self.documentPaths(directory: directory, excluding: schemaFiles)
    }

    static func documentPaths(directory: String, excluding schemaFiles: Set<String>) -> [String] {
        CompilationSetup.expand([directory]).filter {
            !$0.contains("/.build/") && contains($0, directory: directory, excluding: schemaFiles)
        }
    }

    static func modificationDate(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }
}

/// What the two halves of a load hand back (each written by one half, read after both end).
private final class DocumentsAtLoad: @unchecked Sendable {
    var paths: [String]?
}

private final class BuiltSchema: @unchecked Sendable {
    var schema: Schema?
    var diagnostics: [Diagnostic] = []
}
