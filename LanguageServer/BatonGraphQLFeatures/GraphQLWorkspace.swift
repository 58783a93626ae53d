import BatonDiagnostics
import BatonHosts
import BatonJSON
import BatonLanguageServer
import BatonLanguageService

/// The GraphQL side of baton-lsp: finds the `baton.json` projects under the workspace folders
/// (on the scan lane), follows their schema and configuration files, and checks open
/// documents with the compiler core. Requests (completion, hover, ...) are answered by
/// `GraphQLRequests` from the same state.
package final class GraphQLWorkspace: LanguageFeature {
    let state = WorkspaceState()
    /// The semantic tokens last sent per document, for deltas.
    let semanticTokens = SemanticTokenResults()
    package let diagnostics: DocumentDiagnostics
    private weak var server: LanguageServer?
    private var scanning = false
    private var rescanRequested = false
    private var otherDocumentsCheck: ScheduledAction?
    /// Quiet time before other open documents are checked again after an edit (ms).
    let crossFileDelay: Int

    /// - Parameter delay: quiet time before pushed diagnostics are recomputed after an edit.
    package init(delay: Int = 250) {
        crossFileDelay = delay * 4
        let state = self.state
        diagnostics = DocumentDiagnostics(delay: delay) { document, token in
            state.waitForFirstScan { token.isCancelled }
            return GraphQLWorkspace.check(document.source, in: state.snapshot(), token: token)
        }
    }

    /// The diagnostics of one snapshot, or nil when cancelled.
    static func check(_ source: Source, in workspace: WorkspaceSnapshot, token: CancellationToken) -> [Diagnostic]? {
        guard HostFile.language(ofPath: source.name) == .swift || HostFile.language(ofPath: source.name) == .graphQL else { return [] }
        guard workspace.scanned else { return [] }
        if let owner = workspace.projects.first(where: { $0.schemaFiles.contains(source.name) }) {
            // A schema file: its own build findings.
            return owner.diagnostics.filter { $0.primaryLocation?.source.name == source.name }
        }
        guard let (project, files) = workspace.files(for: source) else {
            // A Swift file without markers is no concern of Baton's, project or not.
            if HostFile.language(ofPath: source.name) == .swift && HostFile.documents(for: source).documents.isEmpty { return [] }
            return [DocumentCheck.outsideEveryProject(source)]
        }
        if token.isCancelled { return nil }
        return DocumentCheck.diagnostics(for: source, in: project, files: files)
    }

    package func attach(to server: LanguageServer) {
        self.server = server
        server.add(diagnostics)
        GraphQLRequests(state: state).attach(to: server)
        InlayHints.attach(to: server, state: state)
        SemanticHighlighting.attach(to: server, results: semanticTokens)
        Formatting.attach(to: server)
        CodeActionRequests.attach(to: server, state: state)
        RenameRequests.attach(to: server, state: state)
        SchemaNavigation.attach(to: server, state: state)
        WorkspaceSymbols.attach(to: server, state: state)
        SignatureHelp.attach(to: server, state: state)
    }

    package func capabilities(for client: InitializeParams) -> JSONObject {
        // The folders are known by now. Queued first on the scan lane, the scan precedes any
        // check, and checks or requests that come early wait for it.
        rescan()
        var capabilities = GraphQLRequests.capabilities
        for member in InlayHints.capabilities.members { capabilities[member.key] = member.value }
        for member in SemanticHighlighting.capabilities.members { capabilities[member.key] = member.value }
        let features = [
            Formatting.capabilities, CodeActionRequests.capabilities, RenameRequests.capabilities,
            SchemaNavigation.capabilities, WorkspaceSymbols.capabilities, SignatureHelp.capabilities,
        ]
        for feature in features {
            for member in feature.members { capabilities[member.key] = member.value }
        }
        return capabilities
    }

    package var watchedFilePatterns: [String] {
        ["**/baton.json", "**/*.graphql", "**/*.graphqls", "**/*.gql", "**/*.swift"]
    }

    /// Finds the projects again (reusing those whose files did not change), then checks
    /// every open document again.
    package func rescan() {
        guard let server else { return }
        if scanning {
            rescanRequested = true
            return
        }
        scanning = true
        let folders = server.workspaceFolders.compactMap { DocumentURI.filePath(of: $0.uri) }
        let previous = state.projects
        let firstScan = !state.scanned
        let state = self.state
        server.runInBackground(
            lane: .scan,
            { () -> [Project] in
                let projects = ProjectDiscovery.projects(under: folders, previous: previous)
                state.setProjects(projects)
                return projects
            },
            completion: { [weak self] projects in
                guard let self else { return }
                self.scanning = false
                if firstScan && !self.diagnostics.clientPulls {
                    server.logMessage(
                        .info,
                        "baton: diagnostics are pushed after the last edit, waiting three times the last check's time (10 to \(self.diagnostics.delay) ms)"
                    )
                }
                let changed = firstScan || projects.map(ObjectIdentifier.init) != previous.map(ObjectIdentifier.init)
                if changed {
                    for project in projects where !previous.contains(where: { $0 === project }) {
                        server.logMessage(
                            .info, "baton: project \(project.configPath) (\(project.schema == nil ? "no usable schema" : "schema built"))")
                    }
                    self.diagnostics.refreshAll()
                }
                if self.rescanRequested {
                    self.rescanRequested = false
                    self.rescan()
                }
            })
    }

    /// The modification-time fallback: whether any project's files changed without a
    /// watched-files event; if so, scan again.
    func rescanIfStale() {
        guard let server else { return }
        let projects = state.projects
        server.runInBackground(
            lane: .scan, { !projects.allSatisfy(\.isCurrent) },
            completion: { [weak self] stale in
                if stale { self?.rescan() }
            })
    }

    package func watchedFilesDidChange(_ events: [FileEvent], server: LanguageServer) {
        var rescanNeeded = false
        if events.contains(where: { $0.type != .changed }) { state.sources.forgetFileLists() }
        for event in events {
            guard let path = DocumentURI.filePath(of: event.uri) else { continue }
            state.sources.forget(path)
            if path.hasSuffix("/baton.json") || state.projects.contains(where: { $0.dependsOn(path: path) }) {
                rescanNeeded = true
            }
        }
        if rescanNeeded { rescan() } else { diagnostics.refreshAll() }
    }

    package func workspaceFoldersDidChange(added: [WorkspaceFolder], removed: [WorkspaceFolder], server: LanguageServer) {
        rescan()
    }

    package func documentDidOpen(_ document: TextDocument, server: LanguageServer) {
        if let path = DocumentURI.filePath(of: document.uri) { state.setOpen(path, document.source) }
        rescanIfStale()
    }

    package func documentDidChange(_ document: TextDocument, previous: TextDocument, server: LanguageServer) {
        if let path = DocumentURI.filePath(of: document.uri) { state.setOpen(path, document.source) }
        // What this document declares may be spread in other open ones: once edits settle,
        // they are checked again too (the edited one is re-checked by its own debounce).
        guard server.documents.count > 1 else { return }
        otherDocumentsCheck?.cancel()
        otherDocumentsCheck = server.schedule(after: crossFileDelay) { [weak self] in
            self?.otherDocumentsCheck = nil
            self?.diagnostics.refreshAll()
        }
    }

    package func documentDidSave(_ document: TextDocument, server: LanguageServer) {
        // Without file watching, a save is when files created meanwhile are looked for.
        state.sources.forgetFileLists()
        if document.uri.hasSuffix("/baton.json") { rescan() } else { rescanIfStale() }
        // Other documents may spread what this one declares, and closed files are read from disk.
        diagnostics.refreshAll()
    }

    package func documentDidClose(_ document: TextDocument, server: LanguageServer) {
        semanticTokens.forget(document.uri)
        if let path = DocumentURI.filePath(of: document.uri) { state.setOpen(path, nil) }
    }
}
