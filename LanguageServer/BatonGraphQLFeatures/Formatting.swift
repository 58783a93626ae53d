import BatonDiagnostics
import BatonHosts
import BatonJSON
import BatonLanguageServer

/// `textDocument/formatting` and `textDocument/rangeFormatting`: the GraphQL of a `.graphql`
/// file, or of each multi-line marker literal of a Swift file (those the range meets), printed
/// readably as `batonc format` prints it. The Swift around the literals is never touched, and a
/// literal that does not parse is left as it is (its diagnostic already says why).
enum Formatting {
    static let capabilities: JSONObject = [
        "documentFormattingProvider": true,
        "documentRangeFormattingProvider": true,
    ]

    static func attach(to server: LanguageServer) {
        server.onRequest("textDocument/formatting") { context in
            guard let params = context.decodeParams(FormattingParams.self) else { return }
            answer(context, server: server, uri: params.textDocument.uri, range: nil)
        }
        server.onRequest("textDocument/rangeFormatting") { context in
            guard let params = context.decodeParams(FormattingParams.self) else { return }
            answer(context, server: server, uri: params.textDocument.uri, range: params.range)
        }
    }

    static func answer(_ context: RequestContext, server: LanguageServer, uri: String, range: Range?) {
        guard let document = server.documents[uri] else {
            context.reply(error: .invalidParams("\(uri) is not open"))
            return
        }
        let encoding = server.positionEncoding
        server.invalidateOnEdit(context, uri: document.uri)
        server.respondInBackground(context) { _ in
            let source = document.source
            let touching = range.map {
                SourceRange(
                    PositionConverter.offset(of: $0.start, in: source, encoding: encoding),
                    PositionConverter.offset(of: $0.end, in: source, encoding: encoding))
            }
            let edits = LiteralFormatting.edits(in: source, touching: touching).edits
            return .success(
                .array(
                    edits.map { edit in
                        [
                            "range": PositionConverter.range(of: edit.range, in: source, encoding: encoding).json,
                            "newText": .string(edit.newText),
                        ]
                    }))
        }
    }
}

/// `textDocument/formatting` and `textDocument/rangeFormatting` params (the options are
/// GraphQL's two-space convention whatever the editor's tab settings).
struct FormattingParams: Sendable, LSPDecodable {
    var textDocument: TextDocumentIdentifier
    var range: Range?

    init(json: JSONValue, path: String) throws(ResponseError) {
        let fields = try JSONFields(json, path: path)
        textDocument = try fields.decode("textDocument")
        range = json["range"] == nil ? nil : try fields.decode("range")
    }
}
