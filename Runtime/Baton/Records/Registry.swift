import Foundation

/// The process-wide table of types and storage-key constants, shared by every module that links
/// Baton. Generated code declares `static let name = Baton.Registry.slot(Types.Character, "name")`;
/// the `static let` is initialized on first touch, which is when the process numbers the constant.
/// Numbers are dense per type, so a record's fixed slots are one array indexed by them.
public enum Registry {
    static let table = RegistryTable()

    /// The type named `name`, numbered the first time it is asked for.
    public static func type(_ name: String, transient: Bool = false) -> TypeID {
        table.type(name, transient: transient)
    }

    /// The slot of the storage key `key` on `type`, numbered the first time it is asked for.
    public static func slot(_ type: TypeID, _ key: String) -> Slot {
        Slot(type: type, index: table.slot(type.index, key, client: false))
    }

    /// A client field's slot (a field of `schemaExtensions`, written only by payloads).
    public static func clientSlot(_ type: TypeID, _ key: String) -> Slot {
        Slot(type: type, index: table.slot(type.index, key, client: true))
    }

    /// The type already numbered for `name`, if any; never numbers one.
    public static func existingType(_ name: String) -> TypeID? {
        table.existingType(name)
    }

    /// The slot already numbered for `key` on `type`, if any; never numbers one.
    public static func existingSlot(_ type: TypeID, _ key: String) -> Slot? {
        table.existingSlot(type.index, key).map { Slot(type: type, index: $0) }
    }

    /// The storage key text of a numbered slot.
    public static func key(of slot: Slot) -> String {
        table.slotKey(slot.type.index, slot.index)
    }
}

/// The lock-protected storage behind `Registry`. Reads after numbering take the lock too: numbering
/// happens a handful of times per process, reads of names only when dumping or composing path ids.
final class RegistryTable: @unchecked Sendable {
    private struct TypeEntry {
        var name: String
        var transient: Bool
        var slotKeys: [String] = []
        var slotIndex: [String: Int32] = [:]
        var clientSlots: Set<Int32> = []
    }

    private let lock = NSLock()
    private var types: [TypeEntry] = []
    private var typeIndex: [String: Int32] = [:]

    func type(_ name: String, transient: Bool) -> TypeID {
        lock.lock()
        defer { lock.unlock() }
        if let index = typeIndex[name] {
            if transient { types[Int(index)].transient = true }
            return TypeID(index: index)
        }
        let index = Int32(types.count)
        types.append(TypeEntry(name: name, transient: transient))
        typeIndex[name] = index
        return TypeID(index: index)
    }

    func existingType(_ name: String) -> TypeID? {
        lock.lock()
        defer { lock.unlock() }
        return typeIndex[name].map { TypeID(index: $0) }
    }

    func typeName(_ index: Int32) -> String {
        lock.lock()
        defer { lock.unlock() }
        return types[Int(index)].name
    }

    func isTransient(_ index: Int32) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return types[Int(index)].transient
    }

    func slot(_ type: Int32, _ key: String, client: Bool) -> Int32 {
        lock.lock()
        defer { lock.unlock() }
        if let index = types[Int(type)].slotIndex[key] { return index }
        let index = Int32(types[Int(type)].slotKeys.count)
        types[Int(type)].slotKeys.append(key)
        types[Int(type)].slotIndex[key] = index
        if client { types[Int(type)].clientSlots.insert(index) }
        return index
    }

    func existingSlot(_ type: Int32, _ key: String) -> Int32? {
        lock.lock()
        defer { lock.unlock() }
        return types[Int(type)].slotIndex[key]
    }

    func slotKey(_ type: Int32, _ index: Int32) -> String {
        lock.lock()
        defer { lock.unlock() }
        return types[Int(type)].slotKeys[Int(index)]
    }

    /// Every storage key of a type numbered so far, by number (one lock for a whole record's keys).
    func slotKeys(_ type: Int32) -> [String] {
        lock.lock()
        defer { lock.unlock() }
        return types[Int(type)].slotKeys
    }
}
