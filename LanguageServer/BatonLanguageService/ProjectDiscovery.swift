import BatonConfig
import Foundation

/// Finds the `baton.json` files under workspace folders: one project each.
package enum ProjectDiscovery {
    /// Configuration paths under `folders`, sorted; hidden and build directories are skipped.
    package static func configPaths(under folders: [String]) -> [String] {
        var found: Set<String> = []
        for folder in folders {
            let root = ConfigPaths.resolve(folder, against: "/")
            if ConfigPaths.kind(of: root + "/" + BatonConfig.fileName) == .file { found.insert(root + "/" + BatonConfig.fileName) }
            guard let enumerator = FileManager.default.enumerator(atPath: root) else { continue }
            while let relative = enumerator.nextObject() as? String {
                let last = relative.split(separator: "/").last.map(String.init) ?? relative
                if last.hasPrefix(".") || last == "node_modules" {
                    enumerator.skipDescendants()
                    continue
                }
                if last == BatonConfig.fileName { found.insert(ConfigPaths.resolve(relative, against: root)) }
            }
        }
        return found.sorted()
    }

    /// The projects under `folders`, reusing those of `previous` whose files have not changed.
    /// New ones are loaded with their documents prepared (`Project.load(configPath:prepareDocuments:)`).
    package static func projects(under folders: [String], previous: [Project] = []) -> [Project] {
        configPaths(under: folders).map { path in
            if let kept = previous.first(where: { $0.configPath == path }), kept.isCurrent { return kept }
            return Project.load(configPath: path, prepareDocuments: true)
        }
    }
}

extension Array where Element == Project {
    /// The project a file belongs to: the innermost configuration above it.
    package func project(forPath path: String) -> Project? {
        filter { $0.contains(path: path) }.max { $0.directory.count < $1.directory.count }
    }
}
