import BatonDiagnostics
import BatonHosts
import BatonJSON
import BatonLanguageServer
import BatonLanguageService

/// `textDocument/codeAction`: the fixes and refactorings of `CodeActions` for the range, each
/// a `WorkspaceEdit`. The document's diagnostics are computed again here rather than taken
/// from the client, whose copy may be older than the text.
enum CodeActionRequests {
    static let capabilities: JSONObject = [
        "codeActionProvider": ["codeActionKinds": ["quickfix", "refactor.extract"]]
    ]

    static func attach(to server: LanguageServer, state: WorkspaceState) {
        server.onRequest("textDocument/codeAction") { context in
            guard let params = context.decodeParams(CodeActionParams.self) else { return }
            state.answer(context, server: server, uri: params.textDocument.uri) { source, encoding, _ in
                guard let (project, files) = state.snapshot().files(for: source) else { return .success(.array([])) }
                let snapshot = project.parsedFiles.snapshot(of: files)
                let diagnostics = DocumentCheck.diagnostics(for: source, in: project, snapshot: snapshot)
                let range = SourceRange(
                    PositionConverter.offset(of: params.range.start, in: source, encoding: encoding),
                    PositionConverter.offset(of: params.range.end, in: source, encoding: encoding))
                let actions = CodeActions.actions(
                    in: source, range: range, diagnostics: diagnostics, schema: project.schema, index: snapshot.index)
                let wanted = actions.filter { action in
                    params.only.map { kinds in kinds.contains { action.kind.rawValue.hasPrefix($0) } } ?? true
                }
                return .success(.array(wanted.map { json($0, host: source, encoding: encoding) }))
            }
        }
    }

    static func json(_ action: CodeAction, host: Source, encoding: PositionEncoding) -> JSONValue {
        var changes: JSONObject = [:]
        for (path, edits) in action.edits {
            // Every action edits the file it was asked for.
            guard path == host.name else { continue }
            changes[LSPDiagnostic.uri(ofSourceNamed: path)] = .array(
                edits.map { edit in
                    [
                        "range": PositionConverter.range(of: edit.range, in: host, encoding: encoding).json,
                        "newText": .string(edit.newText),
                    ]
                })
        }
        var object: JSONObject = [
            "title": .string(action.title),
            "kind": .string(action.kind.rawValue),
            "edit": ["changes": .object(changes)],
        ]
        if let diagnostic = action.diagnostic { object["diagnostics"] = [LSPDiagnostic.json(diagnostic, encoding: encoding)] }
        if action.isPreferred { object["isPreferred"] = true }
        return .object(object)
    }
}

/// `textDocument/codeAction` params (the client's diagnostics are not needed: see above).
struct CodeActionParams: Sendable, LSPDecodable {
    var textDocument: TextDocumentIdentifier
    var range: Range
    var only: [String]?

    init(json: JSONValue, path: String) throws(ResponseError) {
        let fields = try JSONFields(json, path: path)
        textDocument = try fields.decode("textDocument")
        range = try fields.decode("range")
        only = json["context"]?["only"]?.arrayValue?.compactMap(\.stringValue)
    }
}
