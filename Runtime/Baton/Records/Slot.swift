import Foundation

/// A storage-key constant of one type, numbered by the process (`Registry.slot`).
public struct Slot: Hashable, Sendable, CustomStringConvertible {
    public let type: TypeID
    public let index: Int32

    /// The storage key text, for dumps and path ids (takes the registry's lock; not for reads).
    public var key: String { Registry.key(of: self) }

    public var description: String { "\(type.name).\(key)" }
}

/// A field read through an interface or union: the same storage key names a different slot on
/// each concrete type, resolved through the registry on that type's first use and cached here.
public final class AbstractSlot: @unchecked Sendable {
    public let key: String
    private let lock = NSLock()
    private var byType: [Int32: Slot] = [:]

    public init(_ key: String) { self.key = key }

    /// The slot of this key on the concrete `type`.
    public func slot(on type: TypeID) -> Slot {
        lock.lock()
        defer { lock.unlock() }
        if let slot = byType[type.index] { return slot }
        let slot = Registry.slot(type, key)
        byType[type.index] = slot
        return slot
    }
}
