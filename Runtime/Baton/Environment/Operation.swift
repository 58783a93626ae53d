/// An operation value as the compiler generates it: its variables, its name, its plan and the root
/// lens type its data reads through.
public protocol Operation: Hashable, Sendable {
    associatedtype Data: Lens
    static var name: String { get }
    static var plan: Plan { get }
    var variables: Variables { get }
}

/// An operation a server can be sent: the compiler gives each its document, the text or (under
/// `persistConfig`) the persisted id.
public protocol RequestableOperation: Operation {
    static var document: Document { get }
    /// The error behaviour `baton.json`'s `onError` asks of the server, sent with the request; nil
    /// (no `onError` configured) sends none.
    static var onError: ErrorBehavior? { get }
}

extension RequestableOperation {
    public static var onError: ErrorBehavior? { nil }
}

/// What a server does with a field error (`onError`): `PROPAGATE` nulls up to the nearest nullable
/// parent, as the GraphQL specification has always said; `NULL` nulls the field alone, so the
/// data around it survives; `ABORT` answers no data.
public enum ErrorBehavior: String, Sendable, Hashable, CaseIterable {
    case propagate = "PROPAGATE"
    case null = "NULL"
    case abort = "ABORT"
}

/// A query operation value.
public protocol Query: RequestableOperation {}
/// A mutation operation value (its plan's kind is `.mutation`).
public protocol Mutation: RequestableOperation {}
/// A subscription operation value (its plan's kind is `.subscription`).
public protocol Subscription: RequestableOperation {}

/// The text a server receives for an operation, or its persisted id.
public enum Document: Sendable, Hashable {
    case text(String)
    case persisted(id: String)
}

/// Response bytes to commit: a recorded response, a fixture, a socket tick.
public struct Payload: Sendable {
    public let bytes: [UInt8]

    public init(_ bytes: [UInt8]) { self.bytes = bytes }
    public init(json: String) { self.bytes = Array(json.utf8) }

    /// A response whose `data` is `value` (an optimistic response rendered by its builder).
    public init(data value: VariableValue) {
        var text = "{\"data\":"
        value.appendKeyText(to: &text)
        text.append("}")
        self.bytes = Array(text.utf8)
    }
}
