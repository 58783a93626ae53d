import BatonCompiler
import BatonDiagnostics
import Foundation

/// The texts of a project's files: the editor's snapshot for open ones, the disk for the
/// rest. Disk reads are cached by modification time and size, so checking an edit re-reads
/// only files that changed.
public final class ProjectSources: @unchecked Sendable {
    private let lock = NSLock()
    private var cache: [String: (stamp: Date?, size: Int?, source: Source)] = [:]

    public init() {}

    /// Every host file of `project`: `open` (keyed by path) wins over the disk. Files that
    /// belong to a nested project are left to it.
    public func sources(of project: Project, among projects: [Project], open: [String: Source]) -> [Source] {
        var paths = Set(project.documentPaths().filter { projects.project(forPath: $0) === project })
        for path in open.keys where projects.project(forPath: path) === project { paths.insert(path) }
        return paths.sorted().compactMap { path in open[path] ?? read(path) }
    }

    /// A file from disk, or nil when it cannot be read.
    public func read(_ path: String) -> Source? {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let stamp = attributes?[.modificationDate] as? Date
        let size = (attributes?[.size] as? NSNumber)?.intValue
        lock.lock()
        if let cached = cache[path], cached.stamp == stamp, cached.size == size {
            lock.unlock()
            return cached.source
        }
        lock.unlock()
        guard case .loaded(let source) = SourceLoader.load(path) else { return nil }
        lock.lock()
        cache[path] = (stamp, size, source)
        lock.unlock()
        return source
    }

    /// Forgets a file (deleted or changed on disk).
    public func forget(_ path: String) {
        lock.lock()
        cache[path] = nil
        lock.unlock()
    }
}
