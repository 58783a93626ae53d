/// A schema type as the process knows it: a dense number given once per process by `Registry`.
///
/// The three roots are always the types named `Query`, `Mutation` and `Subscription`, whatever the
/// schema calls its root types, so the store can make its root records before any plan is read.
@frozen public struct TypeID: Hashable, Sendable, CustomStringConvertible {
    public let index: Int32

    @inlinable init(index: Int32) { self.index = index }

    /// The type's GraphQL name.
    public var name: String { Registry.table.typeName(index) }

    public var description: String { name }

    public static let query = Registry.type("Query")
    public static let mutation = Registry.type("Mutation")
    public static let subscription = Registry.type("Subscription")
}
