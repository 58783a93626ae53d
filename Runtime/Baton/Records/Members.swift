/// The concrete types that satisfy an abstract type (an interface or union), as the build compiled
/// them: `static let Node_possible = Baton.Members("Node", [Types.Character, Types.Episode])`. A type
/// the build did not know satisfies it when a response said so (`__isNode`), which the store learns.
public final class Members: Sendable {
    public let name: String
    private let known: Set<Int32>

    public init(_ name: String, _ types: [TypeID]) {
        self.name = name
        self.known = Set(types.map(\.index))
    }

    /// Whether `type` satisfies the abstract type: a set lookup, then what the store learned.
    @MainActor public func contains(_ type: TypeID, in store: Store) -> Bool {
        known.contains(type.index) || store.hasLearned(type, satisfies: name)
    }
}

@_spi(Generated) extension Anchor {
    /// The lens of an inline fragment on a concrete type (`asCharacter`): nil unless the record is
    /// of that type. A record's type never changes, so nothing is registered.
    @MainActor public func asType<L: Lens>(_ type: TypeID) -> L? {
        record.type == type ? L(anchor: self) : nil
    }

    /// The lens of an inline fragment on an abstract type (`... on Node`): nil unless the record's
    /// type is among its members.
    @MainActor public func asMember<L: Lens>(_ members: Members) -> L? {
        members.contains(record.type, in: owner.store) ? L(anchor: self) : nil
    }

    /// The record's concrete type name (`__typename`).
    @MainActor public var typename: String { record.type.name }
}
