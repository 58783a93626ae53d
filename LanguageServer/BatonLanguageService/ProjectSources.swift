import BatonCompiler
import BatonDiagnostics
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The texts of a project's files: the editor's snapshot for open ones, the disk for the
/// rest. Disk reads are cached by modification time and size, so checking an edit re-reads
/// only files that changed.
package final class ProjectSources: @unchecked Sendable {
    private let lock = NSLock()
    private var cache: [String: (stamp: FileStamp?, source: Source)] = [:]
    private var fileLists: [ObjectIdentifier: (project: Project, paths: [String])] = [:]
    /// Per project, its files among the projects of the workspace (nested projects' files left
    /// out), sorted: deciding which project owns a path resolves it, too slow to do per request.
    private var ownedLists: [ObjectIdentifier: (project: Project, among: [Project], paths: [String], set: Set<String>)] = [:]

    /// False once files were forgotten: a listing made at load may miss files created since.
    private var listingsAtLoadAreCurrent = true

    package init() {}

    /// Every host file of `project`: `open` (keyed by path) wins over the disk. Files that
    /// belong to a nested project are left to it.
    package func sources(of project: Project, among projects: [Project], open: [String: Source]) -> [Source] {
        let owned = ownedPaths(of: project, among: projects)
        let extra = open.keys.filter { !owned.set.contains($0) && projects.project(forPath: $0) === project }
        let paths = extra.isEmpty ? owned.paths : (owned.paths + extra).sorted()
        return paths.compactMap { path in open[path] ?? read(path) }
    }

    private func ownedPaths(of project: Project, among projects: [Project]) -> (paths: [String], set: Set<String>) {
        let key = ObjectIdentifier(project)
        lock.lock()
        if let listed = ownedLists[key], listed.project === project, listed.among.count == projects.count,
            zip(listed.among, projects).allSatisfy({ $0 === $1 })
        {
            lock.unlock()
            return (listed.paths, listed.set)
        }
        lock.unlock()
        let paths = documentPaths(of: project).filter { projects.project(forPath: $0) === project }.sorted()
        let set = Set(paths)
        lock.lock()
        ownedLists[key] = (project, projects, paths, set)
        lock.unlock()
        return (paths, set)
    }

    /// The project's host files on disk: listed once, then again after `forgetFileList`
    /// (a file created or deleted), so a check does not walk the directory tree each time.
    package func documentPaths(of project: Project) -> [String] {
        let key = ObjectIdentifier(project)
        lock.lock()
        if let listed = fileLists[key], listed.project === project {
            lock.unlock()
            return listed.paths
        }
        // The listing made while the project loaded serves until files are first forgotten.
        let atLoad = listingsAtLoadAreCurrent ? project.documentPathsAtLoad : nil
        lock.unlock()
        let paths = atLoad ?? project.documentPaths()
        lock.lock()
        fileLists[key] = (project, paths)
        lock.unlock()
        return paths
    }

    /// Forgets every project's file list (files were created or deleted, or might have been).
    package func forgetFileLists() {
        lock.lock()
        fileLists.removeAll()
        ownedLists.removeAll()
        listingsAtLoadAreCurrent = false
        lock.unlock()
    }

    /// A file from disk, or nil when it cannot be read.
    package func read(_ path: String) -> Source? {
        let stamp = FileStamp(path)
        lock.lock()
        if let cached = cache[path], cached.stamp == stamp {
            lock.unlock()
            return cached.source
        }
        lock.unlock()
        guard case .loaded(let source) = SourceLoader.load(path) else { return nil }
        lock.lock()
        cache[path] = (stamp, source)
        lock.unlock()
        return source
    }

    /// Forgets a file (deleted or changed on disk).
    package func forget(_ path: String) {
        lock.lock()
        cache[path] = nil
        lock.unlock()
    }
}

/// A file's modification time and size: one `stat` (every check looks at every file of the
/// project, so this is kept far cheaper than Foundation's attribute dictionary).
struct FileStamp: Equatable {
    var seconds: Int
    var nanoseconds: Int
    var size: Int

    /// Nil when the file cannot be looked at.
    init?(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
            seconds = Int(info.st_mtimespec.tv_sec)
            nanoseconds = Int(info.st_mtimespec.tv_nsec)
        #else
            seconds = Int(info.st_mtim.tv_sec)
            nanoseconds = Int(info.st_mtim.tv_nsec)
        #endif
        size = Int(info.st_size)
    }
}
