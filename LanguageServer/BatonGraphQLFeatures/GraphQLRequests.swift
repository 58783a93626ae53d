import BatonDiagnostics
import BatonHosts
import BatonJSON
import BatonLanguageServer
import BatonLanguageService
import BatonSchema

/// Completion, hover, definition and document symbols over the workspace state (references
/// are `SchemaNavigation`'s).
/// Each request takes the document's snapshot on the loop thread and works on the request
/// lane; the GraphQL knowledge is `BatonLanguageService`'s.
struct GraphQLRequests {
    let state: WorkspaceState

    static let capabilities: JSONObject = [
        "completionProvider": ["triggerCharacters": ["@", "$", ".", "(", "{", " ", ":"], "resolveProvider": false],
        "hoverProvider": true,
        "definitionProvider": true,
        "documentSymbolProvider": true,
    ]

    func attach(to server: LanguageServer) {
        let state = self.state
        server.onRequest("textDocument/completion") { context in
            let markdown = Self.clientReads("textDocument.completion.completionItem.documentationFormat", server)
            Self.answer(context, server: server, state: state, staleOnEdit: false) { at in
                guard let schema = at.schema else { return .null }
                let found = Completion.proposals(at: at.offset, in: at.document.source, schema: schema, index: at.index)
                let range = at.hostRange(found.replacing)
                return .array(found.proposals.map { Self.item($0, range: range, markdown: markdown) })
            }
        }
        server.onRequest("textDocument/hover") { context in
            // Markdown reads well as plain text too; the kind tells the client how to show it.
            let kind: JSONValue = Self.clientReads("textDocument.hover.contentFormat", server) ? "markdown" : "plaintext"
            Self.answer(
                context, server: server, state: state, staleOnEdit: true,
                inSchema: { at in
                    let text = at.symbol.hoverText(schema: at.schema, index: at.index)
                    return ["contents": ["kind": kind, "value": .string(text)], "range": at.range]
                }
            ) { at in
                guard let schema = at.schema,
                    let found = GraphQLSymbol.at(at.offset, in: at.document.source, schema: schema, index: at.index)
                else { return .null }
                let text = found.symbol.hoverText(schema: schema, index: at.index, accessor: at.accessor(for: found.symbol))
                return ["contents": ["kind": kind, "value": .string(text)], "range": at.hostRange(found.range)]
            }
        }
        server.onRequest("textDocument/definition") { context in
            Self.answer(
                context, server: server, state: state, staleOnEdit: true,
                inSchema: { at in
                    at.symbol.definition(schema: at.schema, index: at.index).map { Cursor.json($0, at.encoding) } ?? .null
                }
            ) { at in
                guard let schema = at.schema,
                    let found = GraphQLSymbol.at(at.offset, in: at.document.source, schema: schema, index: at.index),
                    let location = found.symbol.definition(schema: schema, index: at.index)
                else { return .null }
                return at.json(location)
            }
        }
        server.onRequest("textDocument/documentSymbol") { context in
            guard let params = context.decodeParams(DocumentSymbolParams.self) else { return }
            guard let document = server.documents[params.textDocument.uri] else {
                context.reply(error: .invalidParams("\(params.textDocument.uri) is not open"))
                return
            }
            let encoding = server.positionEncoding
            server.invalidateOnEdit(context, uri: document.uri)
            server.respondInBackground(context) { _ in
                let entries = ProjectIndex(files: [document.source]).entries
                let symbols = DocumentSymbol.symbols(of: entries).map { symbol -> JSONValue in
                    [
                        "name": .string(symbol.name),
                        "detail": .string(symbol.detail),
                        "kind": .number(symbol.kind == .operation ? 12 : 5),  // Function, Class
                        "range": Self.range(symbol.range, encoding).json,
                        "selectionRange": Self.range(symbol.selectionRange, encoding).json,
                    ]
                }
                return .success(.array(symbols))
            }
        }
    }

    /// Where a position request points: the GraphQL document under the cursor and the
    /// project around it.
    struct Cursor {
        var document: HostDocument
        var offset: Int
        var schema: Schema?
        var project: Project
        /// The project's files as parsed for this request (shared with checks of the same texts).
        var snapshot: ProjectSnapshot
        var index: ProjectIndex
        var host: Source
        var encoding: PositionEncoding

        func hostRange(_ range: SourceRange) -> JSONValue {
            let mapped = Location(source: document.source, range: range).hostLocation
            return PositionConverter.range(of: mapped.range, in: mapped.source, encoding: encoding).json
        }

        func json(_ location: Location) -> JSONValue { Self.json(location, encoding) }

        static func json(_ location: Location, _ encoding: PositionEncoding) -> JSONValue {
            let host = location.hostLocation
            return [
                "uri": .string(LSPDiagnostic.uri(ofSourceNamed: host.source.name)),
                "range": GraphQLRequests.range(host, encoding).json,
            ]
        }

        func accessor(for symbol: GraphQLSymbol) -> String? {
            LensAccessor.declaration(for: symbol, at: offset, in: document, project: project, snapshot: snapshot)
        }
    }

    static func range(_ location: Location, _ encoding: PositionEncoding) -> Range {
        PositionConverter.range(of: location.range, in: location.source, encoding: encoding)
    }

    /// Decodes a position request and answers it in the background with `work`, or null when
    /// the position is in no GraphQL of a project.
    /// Where a position request points in a project's schema file: the element named there.
    struct SchemaCursor {
        var symbol: GraphQLSymbol
        var schema: Schema
        var index: ProjectIndex
        /// The name's range, as the client counts.
        var range: JSONValue
        var encoding: PositionEncoding
    }

    static func answer(
        _ context: RequestContext, server: LanguageServer, state: WorkspaceState, staleOnEdit: Bool,
        inSchema: (@Sendable (SchemaCursor) -> JSONValue)? = nil,
        _ work: @escaping @Sendable (Cursor) -> JSONValue
    ) {
        guard let params = context.decodeParams(TextDocumentPositionParams.self) else { return }
        guard let document = server.documents[params.textDocument.uri] else {
            context.reply(error: .invalidParams("\(params.textDocument.uri) is not open"))
            return
        }
        let encoding = server.positionEncoding
        if staleOnEdit { server.invalidateOnEdit(context, uri: document.uri) }
        server.respondInBackground(context) { token in
            state.waitForFirstScan { token.isCancelled }
            let workspace = state.snapshot()
            let source = document.source
            let hostOffset = PositionConverter.offset(of: params.position, in: source, encoding: encoding)
            // A schema file is no document: what its SDL names there, in the project's schema.
            if let inSchema, let project = workspace.projects.first(where: { $0.schemaFiles.contains(source.name) }) {
                guard let schema = project.schema, let (element, range) = SchemaElement.inSchemaFile(source, at: hostOffset),
                    let symbol = element.symbol(in: schema)
                else { return .success(.null) }
                let files = workspace.sources.sources(of: project, among: workspace.projects, open: workspace.open)
                let cursor = SchemaCursor(
                    symbol: symbol, schema: schema, index: project.parsedFiles.snapshot(of: files).index,
                    range: PositionConverter.range(of: range, in: source, encoding: encoding).json, encoding: encoding)
                return .success(inSchema(cursor))
            }
            guard let (project, files) = workspace.files(for: source),
                let (hostDocument, offset) = HostCursor.locate(source, offset: hostOffset)
            else { return .success(.null) }
            let snapshot = project.parsedFiles.snapshot(of: files)
            let cursor = Cursor(
                document: hostDocument, offset: offset, schema: project.schema, project: project,
                snapshot: snapshot, index: snapshot.index, host: source, encoding: encoding)
            return .success(work(cursor))
        }
    }

    /// Whether the client lists Markdown among the formats at `path` of its capabilities.
    static func clientReads(_ path: String, _ server: LanguageServer) -> Bool {
        server.clientParams?.clientCapability(path)?.arrayValue?.contains("markdown") == true
    }

    static func item(_ proposal: CompletionProposal, range: JSONValue, markdown: Bool) -> JSONValue {
        var item: JSONObject = [
            "label": .string(proposal.label),
            "kind": .number(kindNumber(proposal.kind)),
            "textEdit": ["range": range, "newText": .string(proposal.insertText ?? proposal.label)],
        ]
        if let detail = proposal.detail { item["detail"] = .string(detail) }
        if let documentation = proposal.documentation {
            item["documentation"] = markdown ? ["kind": "markdown", "value": .string(documentation)] : .string(documentation)
        }
        if proposal.isDeprecated {
            item["deprecated"] = true
            item["tags"] = [1]
        }
        return .object(item)
    }

    /// LSP `CompletionItemKind`.
    static func kindNumber(_ kind: CompletionProposal.Kind) -> Int {
        switch kind {
        case .field: 5
        case .argument, .inputField: 10
        case .enumValue: 20
        case .value: 12
        case .variable: 6
        case .directive: 3
        case .fragment: 18
        case .type: 7
        case .keyword: 14
        }
    }
}

/// `textDocument/documentSymbol` params.
struct DocumentSymbolParams: Sendable, LSPDecodable {
    var textDocument: TextDocumentIdentifier

    init(json: JSONValue, path: String) throws(ResponseError) {
        textDocument = try JSONFields(json, path: path).decode("textDocument")
    }
}
