import BatonJSON

/// One request the client is waiting on. A handler answers it exactly once with `reply`;
/// once the request is cancelled (its -32800 answer already sent), replies are dropped.
package final class RequestContext {
    package let id: RequestID
    package let method: String
    package let params: JSONValue?
    package let cancellation = CancellationToken()
    private weak var server: LanguageServer?
    package private(set) var isAnswered = false

    init(id: RequestID, method: String, params: JSONValue?, server: LanguageServer) {
        self.id = id
        self.method = method
        self.params = params
        self.server = server
    }

    package var isCancelled: Bool { cancellation.isCancelled }

    package func reply(_ result: Result<JSONValue, ResponseError>) {
        guard !isAnswered else { return }
        isAnswered = true
        server?.finish(self, with: result)
    }

    package func reply(_ value: JSONValue) { reply(.success(value)) }
    package func reply(error: ResponseError) { reply(.failure(error)) }

    /// Decodes the params, answering InvalidParams (and returning nil) when they do not fit.
    package func decodeParams<P: LSPDecodable>(_ type: P.Type = P.self) -> P? {
        do {
            return try P.decode(params: params)
        } catch {
            reply(error: error)
            return nil
        }
    }

    /// Called when the request is cancelled: marks it answered so a late reply is dropped.
    func markCancelled() {
        cancellation.cancel()
        isAnswered = true
    }
}
