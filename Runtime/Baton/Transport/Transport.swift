/// What carries a request to a server and brings its response back. The environment holds one; a
/// test gives an in-process one that answers recorded bytes. This is the single-answer form (a query
/// or a mutation): the response's bytes, as a `{"data": …, "errors": …}` object.
public protocol Transport: Sendable {
    func execute(_ request: Request) async throws -> [UInt8]
}

/// One request as the build decided it: the operation's name and kind (so a wrapper never retries a
/// mutation), its document (text or persisted id, never both) and its variables.
public struct Request: Sendable, Hashable {
    public let operationName: String
    public let kind: OperationKind
    public let document: Document
    public let variables: Variables

    public init(operationName: String, kind: OperationKind, document: Document, variables: Variables) {
        self.operationName = operationName
        self.kind = kind
        self.document = document
        self.variables = variables
    }

    /// The request for an operation value.
    public init<O: RequestableOperation>(_ operation: O) {
        self.init(operationName: O.name, kind: O.plan.kind, document: O.document, variables: operation.variables)
    }

    /// The standard encoding: one JSON object with `operationName`, then `query` (or `documentId`),
    /// then `variables` with keys sorted.
    public var body: [UInt8] {
        var text = "{\"operationName\":" + JSONText.quoted(operationName)
        switch document {
        case .text(let query): text += ",\"query\":" + JSONText.quoted(query)
        case .persisted(let id): text += ",\"documentId\":" + JSONText.quoted(id)
        }
        text += ",\"variables\":"
        VariableValue.object(variables).appendKeyText(to: &text)
        text += "}"
        return Array(text.utf8)
    }
}

/// A transport's failure with the server's status and body; status 0 when there was no response
/// (the body then says what happened).
public struct TransportError: Error, Sendable, Equatable {
    public let statusCode: Int
    public let body: [UInt8]

    public init(statusCode: Int, body: [UInt8]) {
        self.statusCode = statusCode
        self.body = body
    }

    public init(statusCode: Int, message: String) {
        self.init(statusCode: statusCode, body: Array(message.utf8))
    }
}
