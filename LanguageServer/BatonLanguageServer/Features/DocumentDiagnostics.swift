import BatonDiagnostics
import BatonJSON

/// Diagnostics for open documents, pulled or pushed as the client prefers, from a provider
/// that knows what to check (the GraphQL feature gives one that calls the compiler core).
///
/// - Pull (`textDocument/diagnostic`, when the client declares `textDocument.diagnostic`):
///   computed on the request lane; `unchanged` when neither the text nor the generation
///   moved since the client's `previousResultId`; ServerCancelled with `retriggerRequest` when
///   the document is edited meanwhile. Nothing is pushed then, so nothing is shown twice.
/// - Push (otherwise): on open at once, on edits after `delay` ms of quiet, on the scan lane;
///   an edit cancels work on the older text, and results for an outdated text are dropped.
///
/// `refreshAll()` is for changes outside the open texts (the schema, baton.json, a file on
/// disk): pushed diagnostics are recomputed, a pulling client is asked to pull again.
package final class DocumentDiagnostics: LanguageFeature {
    /// Diagnostics of one snapshot; nil when it gave up because the token was cancelled.
    package typealias Provider = @Sendable (TextDocument, CancellationToken) -> [Diagnostic]?

    private let provider: Provider
    /// Quiet time in milliseconds before pushed diagnostics are recomputed after an edit.
    package let delay: Int
    private weak var server: LanguageServer?
    private var pushing: DebouncedDocumentWork<[Diagnostic]>?
    /// Bumped by `refreshAll`: results of an older generation are stale even for the same text.
    private var generation = 0
    /// Bumped on each open and edit, so a result id names one exact text.
    private var revisions: [String: Int] = [:]
    private var nextRevision = 0

    /// - Parameters:
    ///   - delay: quiet time in milliseconds before pushed diagnostics are recomputed.
    ///   - provider: runs on a worker thread with a document snapshot.
    package init(delay: Int = 250, provider: @escaping Provider) {
        self.delay = delay
        self.provider = provider
    }

    /// Whether the client pulls (decided in `initialize`).
    package var clientPulls: Bool {
        server?.clientParams?.clientCapability("textDocument.diagnostic") != nil
    }

    package func capabilities(for client: InitializeParams) -> JSONObject {
        guard client.clientCapability("textDocument.diagnostic") != nil else { return [:] }
        return ["diagnosticProvider": ["identifier": "baton", "interFileDependencies": true, "workspaceDiagnostics": false]]
    }

    package func attach(to server: LanguageServer) {
        self.server = server
        let provider = self.provider
        pushing = DebouncedDocumentWork(server: server, delay: delay, lane: .scan, work: provider) { [weak server] document, diagnostics in
            server?.publishDiagnostics(diagnostics, for: document)
        }
        server.onRequest("textDocument/diagnostic") { [weak self] context in
            self?.pull(context)
        }
    }

    package func documentDidOpen(_ document: TextDocument, server: LanguageServer) {
        bumpRevision(document.uri)
        if !clientPulls { pushing?.runNow(document) }
    }

    package func documentDidChange(_ document: TextDocument, previous: TextDocument, server: LanguageServer) {
        bumpRevision(document.uri)
        if !clientPulls { pushing?.documentChanged(document) }
    }

    package func documentDidClose(_ document: TextDocument, server: LanguageServer) {
        revisions[document.uri] = nil
        pushing?.cancel(uri: document.uri)
        if !clientPulls { server.clearDiagnostics(uri: document.uri) }
    }

    /// Recomputes everything: something all diagnostics may depend on has changed.
    package func refreshAll() {
        guard let server else { return }
        generation += 1
        if clientPulls {
            if server.clientParams?.clientCapability("workspace.diagnostics.refreshSupport")?.boolValue == true {
                server.sendRequest("workspace/diagnostic/refresh", params: nil) { _ in }
            }
        } else {
            // Nothing was typed: the checks run now rather than after an edit's debounce (the
            // first scan's refresh would otherwise hold every first diagnostic for the delay).
            for document in server.documents.all { pushing?.runNow(document) }
        }
    }

    private func bumpRevision(_ uri: String) {
        nextRevision += 1
        revisions[uri] = nextRevision
    }

    private func resultID(_ uri: String) -> String? {
        revisions[uri].map { "\(generation).\($0)" }
    }

    private func pull(_ context: RequestContext) {
        guard let server, let params = context.decodeParams(DocumentDiagnosticParams.self) else { return }
        guard let document = server.documents[params.textDocument.uri], let resultID = resultID(document.uri) else {
            // Only open documents are checked; a closed one has nothing to show.
            context.reply(["kind": "full", "items": []])
            return
        }
        if params.previousResultID == resultID {
            context.reply(["kind": "unchanged", "resultId": .string(resultID)])
            return
        }
        let provider = self.provider
        let encoding = server.positionEncoding
        let token = context.cancellation
        server.runInBackground(
            lane: .request,
            {
                token.isCancelled ? nil : provider(document, token)
            },
            completion: { [weak self, weak server] diagnostics in
                guard let self, let server else { return }
                guard let diagnostics, server.documents[document.uri]?.source === document.source,
                    self.resultID(document.uri) == resultID
                else {
                    context.reply(
                        error: ResponseError(
                            code: ResponseError.serverCancelledCode, message: "The document changed",
                            data: ["retriggerRequest": true]))
                    return
                }
                context.reply([
                    "kind": "full",
                    "resultId": .string(resultID),
                    "items": .array(diagnostics.map { LSPDiagnostic.json($0, encoding: encoding) }),
                ])
            })
    }
}

/// `textDocument/diagnostic` params.
package struct DocumentDiagnosticParams: Sendable, LSPDecodable {
    package var textDocument: TextDocumentIdentifier
    package var previousResultID: String?

    package init(json: JSONValue, path: String) throws(ResponseError) {
        let fields = try JSONFields(json, path: path)
        textDocument = try fields.decode("textDocument")
        previousResultID = try fields.optionalString("previousResultId")
    }
}
