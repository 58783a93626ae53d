import BatonDiagnostics
import BatonJSON
import BatonLanguageServer
import BatonLanguageService

/// `textDocument/semanticTokens/full` and `full/delta`: the GraphQL of a file (marker literals in Swift, whole
/// `.graphql` files) as LSP semantic tokens, so editors colour it with the user's theme.
/// Classification is `SemanticTokens`'s; this encodes it in LSP's relative integers.
enum SemanticHighlighting {
    static let capabilities: JSONObject = [
        "semanticTokensProvider": [
            "legend": [
                "tokenTypes": .array(SemanticTokens.Kind.allCases.map { .string($0.lspName) }),
                "tokenModifiers": [],
            ],
            "full": ["delta": true],
        ]
    ]

    static func attach(to server: LanguageServer, results: SemanticTokenResults) {
        server.onRequest("textDocument/semanticTokens/full") { context in
            answer(context, server: server, results: results, previous: nil)
        }
        server.onRequest("textDocument/semanticTokens/full/delta") { context in
            guard let params = context.decodeParams(SemanticTokensDeltaParams.self) else { return }
            answer(context, server: server, results: results, previous: params.previousResultId)
        }
    }

    /// The file's tokens, as edits to those sent under `previous` when they are still known,
    /// else in full.
    static func answer(_ context: RequestContext, server: LanguageServer, results: SemanticTokenResults, previous: String?) {
        guard let params = context.decodeParams(DocumentSymbolParams.self) else { return }
        guard let document = server.documents[params.textDocument.uri] else {
            context.reply(error: .invalidParams("\(params.textDocument.uri) is not open"))
            return
        }
        let encoding = server.positionEncoding
        server.invalidateOnEdit(context, uri: document.uri)
        server.respondInBackground(context) { _ in
            let data = encode(SemanticTokens.tokens(in: document.source), in: document.source, encoding: encoding)
            let old = previous.flatMap { results.data(for: document.uri, id: $0) }
            let id = results.store(data, for: document.uri)
            guard let old else { return .success(["resultId": .string(id), "data": .array(data.map { .number($0) })]) }
            let edits = SemanticTokenResults.edits(from: old, to: data).map { edit -> JSONValue in
                ["start": .number(edit.start), "deleteCount": .number(edit.deleteCount), "data": .array(edit.data.map { .number($0) })]
            }
            return .success(["resultId": .string(id), "edits": .array(edits)])
        }
    }

    /// LSP's five integers per token (line delta, start delta, length, type, modifiers), each
    /// relative to the token before; `tokens` are in host order, one line each.
    static func encode(_ tokens: [SemanticTokens.Token], in source: Source, encoding: PositionEncoding) -> [Int] {
        var data: [Int] = []
        data.reserveCapacity(tokens.count * 5)
        var line = 0
        var character = 0
        for token in tokens {
            let range = PositionConverter.range(of: token.range, in: source, encoding: encoding)
            let length = range.end.character - range.start.character
            guard range.start.line == range.end.line, length > 0 else { continue }
            data += [
                range.start.line - line, range.start.line == line ? range.start.character - character : range.start.character,
                length, token.kind.rawValue, 0,
            ]
            line = range.start.line
            character = range.start.character
        }
        return data
    }
}

/// `textDocument/semanticTokens/full/delta` params (the document is read as for `full`).
struct SemanticTokensDeltaParams: Sendable, LSPDecodable {
    var previousResultId: String

    init(json: JSONValue, path: String) throws(ResponseError) {
        previousResultId = try JSONFields(json, path: path).string("previousResultId")
    }
}
