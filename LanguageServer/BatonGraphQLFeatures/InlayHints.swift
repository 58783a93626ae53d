import BatonDiagnostics
import BatonJSON
import BatonLanguageServer
import BatonLanguageService

/// `textDocument/inlayHint`: the Swift type of each field's lens accessor beside its name
/// (`name: String?`), the type hover shows, for the fields in the requested range. The
/// client asks; nothing is shown unless it does.
enum InlayHints {
    static let capabilities: JSONObject = ["inlayHintProvider": true]

    static func attach(to server: LanguageServer, state: WorkspaceState) {
        server.onRequest("textDocument/inlayHint") { context in
            guard let params = context.decodeParams(InlayHintParams.self) else { return }
            state.answer(context, server: server, uri: params.textDocument.uri) { source, encoding, _ in
                guard let (project, files) = state.snapshot().files(for: source) else { return .success(.array([])) }
                let snapshot = project.parsedFiles.snapshot(of: files)
                let hints = LensAccessor.fieldTypes(in: source, project: project, snapshot: snapshot).compactMap {
                    field -> (Position, String)? in
                    let end = PositionConverter.position(of: field.name.range.end, in: field.name.source, encoding: encoding)
                    return contains(params.range, end) ? (end, field.type) : nil
                }
                // Editors expect hints in document order; merged selections may come out of order.
                let sorted = hints.sorted { ($0.0.line, $0.0.character) < ($1.0.line, $1.0.character) }
                return .success(
                    .array(
                        sorted.map { position, type in
                            ["position": position.json, "label": .string(": " + type), "kind": 1]  // InlayHintKind.Type
                        }))
            }
        }
    }

    /// Whether `position` is in `range`, ends included (a hint at a range's end belongs to it).
    static func contains(_ range: Range, _ position: Position) -> Bool {
        let p = (position.line, position.character)
        return (range.start.line, range.start.character) <= p && p <= (range.end.line, range.end.character)
    }
}

/// `textDocument/inlayHint` params.
struct InlayHintParams: Sendable, LSPDecodable {
    var textDocument: TextDocumentIdentifier
    var range: Range

    init(json: JSONValue, path: String) throws(ResponseError) {
        let fields = try JSONFields(json, path: path)
        textDocument = try fields.decode("textDocument")
        range = try fields.decode("range")
    }
}
