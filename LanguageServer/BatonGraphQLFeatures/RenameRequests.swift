import BatonDiagnostics
import BatonHosts
import BatonJSON
import BatonLanguageServer
import BatonLanguageService

/// `textDocument/prepareRename` and `textDocument/rename` over `Rename`: what may be renamed
/// under the cursor, and the workspace edit across the project's documents and Swift files.
/// A refusal (not a name, a clash, something that cannot be renamed) is a request error whose
/// message the editor shows.
enum RenameRequests {
    static let capabilities: JSONObject = ["renameProvider": ["prepareProvider": true]]

    static func attach(to server: LanguageServer, state: WorkspaceState) {
        server.onRequest("textDocument/prepareRename") { context in
            guard let params = context.decodeParams(TextDocumentPositionParams.self) else { return }
            run(context, server: server, state: state, uri: params.textDocument.uri, position: params.position) { at in
                switch at.prepared {
                case .failure(let refusal): return .failure(ResponseError(code: ResponseError.requestFailedCode, message: refusal.message))
                case .success(let prepared):
                    return .success([
                        "range": PositionConverter.range(of: prepared.location.range, in: prepared.location.source, encoding: at.encoding)
                            .json,
                        "placeholder": .string(prepared.target.placeholder),
                    ])
                }
            }
        }
        server.onRequest("textDocument/rename") { context in
            guard let params = context.decodeParams(RenameParams.self) else { return }
            run(context, server: server, state: state, uri: params.textDocument.uri, position: params.position) { at in
                let prepared: Rename.Prepared
                switch at.prepared {
                case .failure(let refusal): return .failure(ResponseError(code: ResponseError.requestFailedCode, message: refusal.message))
                case .success(let found): prepared = found
                }
                switch Rename.edits(prepared.target, to: params.newName, index: at.index, hosts: at.files) {
                case .failure(let refusal):
                    return .failure(ResponseError(code: ResponseError.requestFailedCode, message: refusal.message))
                case .success(let edits):
                    var changes: JSONObject = [:]
                    for (path, fileEdits) in edits.sorted(by: { $0.key < $1.key }) {
                        guard let source = at.files.first(where: { $0.name == path }) else { continue }
                        changes[LSPDiagnostic.uri(ofSourceNamed: path)] = .array(
                            fileEdits.map { edit in
                                [
                                    "range": PositionConverter.range(of: edit.range, in: source, encoding: at.encoding).json,
                                    "newText": .string(edit.newText),
                                ]
                            })
                    }
                    return .success(["changes": .object(changes)])
                }
            }
        }
    }

    struct At {
        var prepared: Result<Rename.Prepared, Rename.Refusal>
        var index: ProjectIndex
        /// The project's host files, open ones as the editor has them.
        var files: [Source]
        var encoding: PositionEncoding
    }

    static func run(
        _ context: RequestContext, server: LanguageServer, state: WorkspaceState, uri: String, position: Position,
        _ work: @escaping @Sendable (At) -> Result<JSONValue, ResponseError>
    ) {
        state.answer(context, server: server, uri: uri) { source, encoding, _ in
            let hostOffset = PositionConverter.offset(of: position, in: source, encoding: encoding)
            guard let (project, files) = state.snapshot().files(for: source) else {
                return .failure(
                    ResponseError(code: ResponseError.requestFailedCode, message: "\(source.name) is outside every Baton project"))
            }
            guard let (hostDocument, offset) = HostCursor.locate(source, offset: hostOffset) else {
                return .failure(ResponseError(code: ResponseError.requestFailedCode, message: "No GraphQL here to rename"))
            }
            let snapshot = project.parsedFiles.snapshot(of: files)
            let prepared = Rename.prepare(at: offset, in: hostDocument)
            return work(At(prepared: prepared, index: snapshot.index, files: files, encoding: encoding))
        }
    }
}

extension Rename.Target {
    /// What the editor puts in the rename box: the name as written (`$` is not part of it).
    var placeholder: String {
        switch self {
        case .fragment(let name), .operation(let name), .variable(let name, _), .fragmentArgument(let name, _): name
        }
    }
}

/// `textDocument/rename` params.
struct RenameParams: Sendable, LSPDecodable {
    var textDocument: TextDocumentIdentifier
    var position: Position
    var newName: String

    init(json: JSONValue, path: String) throws(ResponseError) {
        let fields = try JSONFields(json, path: path)
        textDocument = try fields.decode("textDocument")
        position = try fields.decode("position")
        guard let name = json["newName"]?.stringValue else { throw .invalidParams("\(path).newName must be a string") }
        newName = name
    }
}
