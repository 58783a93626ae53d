import BatonJSON

/// One request the client is waiting on. A handler answers it exactly once with `reply`;
/// once the request is cancelled (its -32800 answer already sent), replies are dropped.
public final class RequestContext {
    public let id: RequestID
    public let method: String
    public let params: JSONValue?
    public let cancellation = CancellationToken()
    private weak var server: LanguageServer?
    public private(set) var isAnswered = false

    init(id: RequestID, method: String, params: JSONValue?, server: LanguageServer) {
        self.id = id
        self.method = method
        self.params = params
        self.server = server
    }

    public var isCancelled: Bool { cancellation.isCancelled }

    public func reply(_ result: Result<JSONValue, ResponseError>) {
        guard !isAnswered else { return }
        isAnswered = true
        server?.finish(self, with: result)
    }

    public func reply(_ value: JSONValue) { reply(.success(value)) }
    public func reply(error: ResponseError) { reply(.failure(error)) }

    /// Decodes the params, answering InvalidParams (and returning nil) when they do not fit.
    public func decodeParams<P: LSPDecodable>(_ type: P.Type = P.self) -> P? {
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
