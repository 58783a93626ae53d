import BatonDiagnostics
import BatonJSON
import BatonLanguageServer
import BatonLanguageService
import Foundation

/// What worker threads read about the workspace: the projects found by the last scan and the
/// open documents' texts. Written on the loop thread, read anywhere, under a lock.
final class WorkspaceState: @unchecked Sendable {
    private let lock = NSCondition()
    private var _projects: [Project] = []
    private var _scanned = false
    private var _open: [String: Source] = [:]
    let sources = ProjectSources()

    var projects: [Project] { lock.withLock { _projects } }
    /// False until the first scan has finished: no document is "outside every project" yet.
    var scanned: Bool { lock.withLock { _scanned } }

    func setProjects(_ projects: [Project]) {
        lock.withLock {
            _projects = projects
            _scanned = true
            lock.broadcast()
        }
    }

    /// Waits (on a worker thread) until the first scan has finished, so a request or check
    /// that arrives with the first messages is answered against the projects rather than
    /// as if there were none. Gives up when `isCancelled` says so, or after `limit` seconds.
    func waitForFirstScan(limit: Double = 60, isCancelled: () -> Bool) {
        let deadline = Date().addingTimeInterval(limit)
        lock.lock()
        defer { lock.unlock() }
        while !_scanned && !isCancelled() && Date() < deadline {
            _ = lock.wait(until: min(deadline, Date().addingTimeInterval(0.05)))
        }
    }

    func setOpen(_ path: String, _ source: Source?) {
        lock.withLock { _open[path] = source }
    }

    /// A consistent view for one piece of work.
    func snapshot() -> WorkspaceSnapshot {
        lock.withLock { WorkspaceSnapshot(projects: _projects, scanned: _scanned, open: _open, sources: sources) }
    }
}

/// The workspace as one request or check sees it.
struct WorkspaceSnapshot: Sendable {
    var projects: [Project]
    var scanned: Bool
    var open: [String: Source]
    var sources: ProjectSources

    /// The project of a file and all its host files, with `document` as the file's text.
    func files(for document: Source) -> (project: Project, files: [Source])? {
        guard let project = projects.project(forPath: document.name) else { return nil }
        var open = self.open
        open[document.name] = document
        return (project, sources.sources(of: project, among: projects, open: open))
    }
}

extension WorkspaceState {
    /// Answers a request about the open document `uri` on the request lane, once the first scan
    /// is done, with `work` on the document's snapshot: InvalidParams when it is not open,
    /// ContentModified when it is edited before the answer is ready.
    func answer(
        _ context: RequestContext, server: LanguageServer, uri: String,
        _ work: @escaping @Sendable (Source, PositionEncoding, CancellationToken) -> Result<JSONValue, ResponseError>
    ) {
        guard let document = server.documents[uri] else {
            context.reply(error: .invalidParams("\(uri) is not open"))
            return
        }
        let encoding = server.positionEncoding
        server.invalidateOnEdit(context, uri: document.uri)
        server.respondInBackground(context) { [self] token in
            waitForFirstScan { token.isCancelled }
            return work(document.source, encoding, token)
        }
    }
}
