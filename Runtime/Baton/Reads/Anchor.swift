/// What a lens holds: its record, its owner (the scope of variables) and its origin (the record the
/// enclosing fragment starts at). Two anchors are equal when the three are the same objects.
public struct Anchor: Equatable, Sendable {
    public let record: Record
    public let owner: Owner
    public let origin: Record

    public init(record: Record, owner: Owner, origin: Record) {
        self.record = record
        self.owner = owner
        self.origin = origin
    }

    public static func == (a: Anchor, b: Anchor) -> Bool {
        a.record === b.record && a.owner === b.owner && a.origin === b.origin
    }

    /// The anchor of a fragment spread on this record: same record and owner, the record as origin.
    public var spread: Anchor { Anchor(record: record, owner: owner, origin: record) }

    @usableFromInline func child(_ record: Record) -> Anchor { Anchor(record: record, owner: owner, origin: origin) }
}

/// A storage key as a lens names it: a constant, a key with variables (rendered by the owner once),
/// or an abstract key (resolved on the record's concrete type).
public protocol SlotName: Sendable {
    @MainActor func ref(in anchor: Anchor) -> Int32
}

extension Slot: SlotName {
    @inlinable @MainActor public func ref(in anchor: Anchor) -> Int32 {
        type == anchor.record.type ? index : foreignRef(in: anchor)
    }

    /// A constant of another type (an interface's) names the record's own slot by its text.
    @usableFromInline @MainActor func foreignRef(in anchor: Anchor) -> Int32 {
        anchor.owner.store.slotRef(key, on: anchor.record.type)
    }
}

extension DynamicKey: SlotName {
    @MainActor public func ref(in anchor: Anchor) -> Int32 { anchor.owner.slot(self) }
}

extension AbstractSlot: SlotName {
    @MainActor public func ref(in anchor: Anchor) -> Int32 { slot(on: anchor.record.type).index }
}
