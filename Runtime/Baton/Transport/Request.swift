/// One request as the build decided it: the operation's name and kind (so a wrapper never retries a
/// mutation), its document (text or persisted id, never both), its variables, the error behaviour the
/// configuration asks of the server (`onError`), and whether it may answer in parts.
public struct Request: Sendable, Hashable {
    public let operationName: String
    public let kind: OperationKind
    public let document: Document
    public let variables: Variables
    /// The `onError` member the configuration sets (`"NO_PROPAGATE"`, …); nil sends none.
    public let onError: String?
    /// Whether the answer may come in parts (`@defer`, `@stream`) or as events (a subscription).
    public let answersInParts: Bool

    public init(
        operationName: String, kind: OperationKind, document: Document, variables: Variables,
        onError: String? = nil, answersInParts: Bool = false
    ) {
        self.operationName = operationName
        self.kind = kind
        self.document = document
        self.variables = variables
        self.onError = onError
        self.answersInParts = answersInParts
    }

    /// The request for an operation value. A plan with deferred parts, and a subscription, may answer
    /// in parts.
    public init<O: RequestableOperation>(_ operation: O) {
        let variables = operation.variables
        let inParts = O.plan.kind == .subscription || O.plan.hasParts(variables)
        self.init(
            operationName: O.name, kind: O.plan.kind, document: O.document, variables: variables,
            onError: O.onError?.rawValue, answersInParts: inParts)
    }

    /// The body by the standard encoding (`Encoding.standard`).
    public var body: [UInt8] { Encoding.standard.encode(self) }
}

extension Plan {
    /// Whether the plan bound to `variables` has deferred parts (resolves it if it was not yet).
    func hasParts(_ variables: Variables) -> Bool {
        _ = resolved(variables)
        return hasDeferredParts
    }
}
