import BatonDiagnostics
import BatonJSON
import Foundation

package enum ConfigFileKind: Sendable, Hashable {
    case file
    case directory
}

/// The language a run generates for; some configuration entries are required by one only.
package enum RunLanguage: Sendable, Hashable {
    case swift
    case kotlin
}

extension BatonConfig {
    package static let fileName = "baton.json"

    /// Reads a configuration text. Relative paths start at `directory`, by default the
    /// directory of `source.name`. The result is nil when the text is not JSON or not an
    /// object; otherwise it holds every part that was well formed, and the diagnostics say
    /// what was left out and why.
    package static func read(
        _ source: Source, directory: String? = nil,
        fileKind: @escaping @Sendable (String) -> ConfigFileKind? = ConfigPaths.kind(of:)
    ) -> (config: BatonConfig?, diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        guard let root = JSONParser.parse(source, diagnostics: &diagnostics) else { return (nil, diagnostics) }
        let directory = directory ?? ConfigPaths.directory(of: source.name)
        var reader = ConfigReader(source: source, directory: directory, fileKind: fileKind)
        let config = reader.read(root)
        return (config, reader.diagnostics)
    }

    /// Reads the configuration file at `path`.
    package static func load(path: String) -> (config: BatonConfig?, diagnostics: [Diagnostic]) {
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            return read(Source(name: path, bytes: Array(data)))
        } catch {
            return (nil, [.error(DiagnosticCode.cannotRead(path, because: error.localizedDescription), at: [], code: .config)])
        }
    }

    /// The configuration a target uses: `baton.json` beside the target's sources, else at the
    /// package root. Nil when there is neither.
    package static func find(forTarget targetDirectory: String, packageRoot: String) -> String? {
        for directory in [targetDirectory, packageRoot] {
            let candidate = ConfigPaths.resolve(fileName, against: directory)
            if ConfigPaths.kind(of: candidate) == .file { return candidate }
        }
        return nil
    }

    /// The extension files to read, in order: each file entry as written, and the `.graphql`
    /// files under each directory entry (recursively, sorted by path).
    package func extensionFiles() -> [String] {
        var files: [String] = []
        for entry in schemaExtensions {
            if ConfigPaths.kind(of: entry.resolved) == .directory {
                files += ConfigPaths.graphQLFiles(under: entry.resolved)
            } else {
                files.append(entry.resolved)
            }
        }
        return files
    }

    /// Custom scalar name → the Swift type it maps to (the entries that name one).
    package var swiftScalarTypes: [String: String] {
        var types: [String: String] = [:]
        for entry in customScalarTypes {
            if let swift = entry.swift?.value { types[entry.scalar.value] = swift }
        }
        return types
    }

    /// Errors that depend on the language of the run: a mapped custom scalar must name a type
    /// in that language (and a Kotlin converter).
    package func diagnostics(forRunIn language: RunLanguage) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for entry in customScalarTypes {
            switch language {
            case .swift where entry.swift == nil:
                diagnostics.append(
                    .error(
                        "custom scalar `\(entry.scalar.value)` has no Swift type: give \"swift\": \"<type>\"",
                        at: [location(entry.scalar.range)], code: .config))
            case .kotlin where entry.kotlin == nil:
                diagnostics.append(
                    .error(
                        "custom scalar `\(entry.scalar.value)` has no Kotlin type: give \"kotlin\": {\"type\": …, \"converter\": …}",
                        at: [location(entry.scalar.range)], code: .config))
            default:
                break
            }
        }
        return diagnostics
    }
}

/// Path handling for configuration files.
package enum ConfigPaths {
    /// `path` against `directory` unless it is absolute, with `.` and `..` resolved.
    package static func resolve(_ path: String, against directory: String) -> String {
        let base = URL(fileURLWithPath: directory.isEmpty ? "." : directory, isDirectory: true)
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : URL(fileURLWithPath: path, relativeTo: base)
        return url.standardizedFileURL.path
    }

    package static func directory(of path: String) -> String {
        URL(fileURLWithPath: path).deletingLastPathComponent().path
    }

    package static func kind(of path: String) -> ConfigFileKind? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        return isDirectory.boolValue ? .directory : .file
    }

    /// `.graphql` and `.gql` files under a directory, sorted.
    package static func graphQLFiles(under directory: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            if relative.hasSuffix(".graphql") || relative.hasSuffix(".gql") {
                let full = resolve(relative, against: directory)
                if kind(of: full) == .file { files.append(full) }
            }
        }
        return files.sorted()
    }
}
