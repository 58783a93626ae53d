import BatonJSON
import BatonLanguageServer
import BatonLanguageService

/// `workspace/symbol`: the operations and fragments of every project, matched as editors
/// match symbol queries (the query's characters in order, case ignored; an empty query
/// matches all), at their names in the host files.
enum WorkspaceSymbols {
    static let capabilities: JSONObject = ["workspaceSymbolProvider": true]

    static func attach(to server: LanguageServer, state: WorkspaceState) {
        server.onRequest("workspace/symbol") { context in
            guard let params = context.params, let query = params["query"]?.stringValue else {
                context.reply(error: .invalidParams("workspace/symbol needs a query string"))
                return
            }
            let encoding = server.positionEncoding
            server.respondInBackground(context) { token in
                state.waitForFirstScan { token.isCancelled }
                let workspace = state.snapshot()
                var found: [(symbol: DocumentSymbol, prefix: Bool)] = []
                for project in workspace.projects {
                    if token.isCancelled { return .failure(.requestCancelled) }
                    let files = workspace.sources.sources(of: project, among: workspace.projects, open: workspace.open)
                    let index = project.parsedFiles.snapshot(of: files).index
                    for symbol in DocumentSymbol.symbols(of: index.entries) where matches(query, symbol.name) {
                        found.append((symbol, symbol.name.lowercased().hasPrefix(query.lowercased())))
                    }
                }
                // Names starting with the query first; otherwise in project and file order.
                let ordered = found.filter { $0.prefix } + found.filter { !$0.prefix }
                return .success(
                    .array(
                        ordered.map { entry in
                            let symbol = entry.symbol
                            return [
                                "name": .string(symbol.name),
                                "kind": .number(symbol.kind == .operation ? 12 : 5),  // Function, Class
                                "containerName": .string(symbol.detail),
                                "location": SchemaNavigation.json(symbol.selectionRange, encoding),
                            ]
                        }))
            }
        }
    }

    /// Whether `query`'s characters appear in `name` in order, case ignored.
    static func matches(_ query: String, _ name: String) -> Bool {
        var rest = Substring(name.lowercased())
        for character in query.lowercased() where !character.isWhitespace {
            guard let found = rest.firstIndex(of: character) else { return false }
            rest = rest[rest.index(after: found)...]
        }
        return true
    }
}
