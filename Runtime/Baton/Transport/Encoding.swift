/// Turns a request into the JSON a server reads. One function, replaceable for a different server
/// convention while the transport stays.
public struct Encoding: Sendable {
    public let encode: @Sendable (Request) -> [UInt8]

    public init(_ encode: @escaping @Sendable (Request) -> [UInt8]) {
        self.encode = encode
    }

    /// The standard encoding: one object with `operationName`, then `query` (or
    /// `documentId` for a persisted document), then `variables` with keys sorted, then `onError`
    /// when set. Compact, byte for byte what the specification's `sent` bodies are.
    public static let standard = Encoding { request in
        var text = "{\"operationName\":" + JSONText.quoted(request.operationName)
        switch request.document {
        case .text(let query): text += ",\"query\":" + JSONText.quoted(query)
        case .persisted(let id): text += ",\"documentId\":" + JSONText.quoted(id)
        }
        text += ",\"variables\":"
        VariableValue.object(request.variables).appendKeyText(to: &text)
        if let onError = request.onError { text += ",\"onError\":" + JSONText.quoted(onError) }
        text += "}"
        return Array(text.utf8)
    }
}
