import BatonJSON

/// A language feature plugged into the server (diagnostics, completion, hover, definition,
/// references, symbols). Features hold the GraphQL knowledge (through the compiler core); the
/// server holds the protocol, lifecycle and documents, and tells features what changed.
///
/// A feature registers its request handlers in `attach`, advertises exactly what it answers in
/// `capabilities`, and may follow document events (to debounce and publish diagnostics, say).
package protocol LanguageFeature: AnyObject {
    /// Members merged into `InitializeResult.capabilities` (for example `["hoverProvider": true]`).
    func capabilities(for client: InitializeParams) -> JSONObject
    /// Registers handlers with `server.onRequest` / `server.onNotification`. Called once, when
    /// the feature is added.
    func attach(to server: LanguageServer)
    func documentDidOpen(_ document: TextDocument, server: LanguageServer)
    /// The document after an edit; work still running on the older version should be cancelled.
    func documentDidChange(_ document: TextDocument, previous: TextDocument, server: LanguageServer)
    func documentDidSave(_ document: TextDocument, server: LanguageServer)
    func documentDidClose(_ document: TextDocument, server: LanguageServer)
    /// Glob patterns of files on disk the feature follows (`**/baton.json`, `**/*.graphql`);
    /// the server asks the client to watch their union once initialized.
    var watchedFilePatterns: [String] { get }
    func watchedFilesDidChange(_ events: [FileEvent], server: LanguageServer)
    func workspaceFoldersDidChange(added: [WorkspaceFolder], removed: [WorkspaceFolder], server: LanguageServer)
}

extension LanguageFeature {
    package func capabilities(for client: InitializeParams) -> JSONObject { [:] }
    package func attach(to server: LanguageServer) {}
    package func documentDidOpen(_ document: TextDocument, server: LanguageServer) {}
    package func documentDidChange(_ document: TextDocument, previous: TextDocument, server: LanguageServer) {}
    package func documentDidSave(_ document: TextDocument, server: LanguageServer) {}
    package func documentDidClose(_ document: TextDocument, server: LanguageServer) {}
    package var watchedFilePatterns: [String] { [] }
    package func watchedFilesDidChange(_ events: [FileEvent], server: LanguageServer) {}
    package func workspaceFoldersDidChange(added: [WorkspaceFolder], removed: [WorkspaceFolder], server: LanguageServer) {}
}
