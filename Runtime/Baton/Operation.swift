/// An operation value as the compiler generates it: its variables, its name, its plan and the root
/// lens type its data reads through.
public protocol Operation: Hashable, Sendable {
    associatedtype Data: Lens
    static var name: String { get }
    static var plan: Plan { get }
    var variables: Variables { get }
}

/// A query operation value.
public protocol Query: Operation {}
/// A mutation operation value (its plan's kind is `.mutation`).
public protocol Mutation: Operation {}
/// A subscription operation value (its plan's kind is `.subscription`).
public protocol Subscription: Operation {}

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
}
