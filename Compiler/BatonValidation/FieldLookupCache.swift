import BatonSchema

/// The field lookups of one traversal, remembered by (parent type, name). Looking a field up in
/// the schema hashes its name, probes the type's index, compares names and reads the field's
/// type, for each of the thousands of selected fields, many of them the same pairs again.
///
/// A name of up to 15 bytes (most) is recognised by the two words of its `String` value, which
/// hold its bytes (see `StringWords`), instead of by hashing its text; longer names are looked
/// up in the schema each time.
struct FieldLookupCache {
    /// 32 bytes: the name's words, the parent type, and the result packed (see `pack`).
    private struct Entry {
        var word0: UInt64
        var word1: UInt64
        /// The parent type's index; -1 for an empty slot.
        var parent: Int32
        /// The field's position in the parent's fields, or a `Meta` code.
        var field: Int32
        /// The output type's index, -1 when unknown or not an output type.
        var named: Int32
        var kind: NamedTypeKind
    }

    private enum Meta {
        static let none: Int32 = -1
        static let typename: Int32 = -2
        static let schema: Int32 = -3
        static let type: Int32 = -4
    }

    private var entries: [Entry] = []
    private var count = 0
    private let initialSize: Int

    /// `expectedPairs`: about how many distinct (type, name) pairs the traversal will look up,
    /// so that the table seldom grows (growing cost more than all the lookups it held). With
    /// none expected (a short walk, as collecting one definition's variable usages), nothing is
    /// remembered: making the table would cost more than it saves.
    init(expectedPairs: Int = 0) {
        guard expectedPairs > 0 else {
            initialSize = 0
            return
        }
        var size = 256
        while size < 2 * expectedPairs && size < 16384 { size <<= 1 }
        initialSize = size
    }

    mutating func lookup(_ name: String, on parent: TypeID, in schema: Schema) -> OutputTypeRef {
        // `StringWords(name).isSmall`, computed here: across the module boundary the calls were
        // not inlined, and retained the name.
        #if _endian(little) && (arch(x86_64) || arch(arm64))
            let words = unsafeBitCast(name, to: (word0: UInt64, word1: UInt64).self)
        #else
            let words = (word0: UInt64(0), word1: UInt64(0))
        #endif
        guard initialSize > 0, words.word1 & (1 << 61) != 0 else { return Self.resolve(name, parent, schema) }
        if entries.isEmpty { allocate(initialSize) }
        let mixed = Self.mix(words.word0, words.word1, parent.index)
        let found: Entry? = entries.withUnsafeBufferPointer { entries in
            let mask = entries.count - 1
            var i = Int(truncatingIfNeeded: mixed) & mask
            while true {
                let entry = entries[i]
                if entry.parent < 0 { return nil }
                if entry.word0 == words.word0 && entry.word1 == words.word1 && entry.parent == parent.index {
                    return entry
                }
                i = (i + 1) & mask
            }
        }
        if let found { return Self.unpack(found) }
        let result = Self.resolve(name, parent, schema)
        insert(Self.pack(result, words, parent), mixed)
        return result
    }

    @inline(__always) private static func mix(_ word0: UInt64, _ word1: UInt64, _ parent: Int32) -> UInt64 {
        let mixed =
            (word0 &* 0x9E37_79B9_7F4A_7C15) ^ (word1 &* 0xC2B2_AE3D_27D4_EB4F)
            ^ (UInt64(UInt32(bitPattern: parent)) &* 0x1656_67B1_9E37_79F9)
        return mixed ^ (mixed >> 29)
    }

    /// The field as the schema has it: its definition, and its named type when an output type.
    private static func resolve(_ name: String, _ parent: TypeID, _ schema: Schema) -> OutputTypeRef {
        guard let field = schema.fieldRef(name, on: parent) else { return .none }
        let named = schema.fieldType(field).namedType
        let kind = schema.kind(of: named)
        return OutputTypeRef(named: kind.isOutput ? named : nil, kind: kind, field: field)
    }

    private static func pack(_ result: OutputTypeRef, _ words: (word0: UInt64, word1: UInt64), _ parent: TypeID) -> Entry {
        let field: Int32
        switch result.field {
        case .field(_, let index)?: field = Int32(index)
        case .typename?: field = Meta.typename
        case .schema?: field = Meta.schema
        case .type?: field = Meta.type
        case nil: field = Meta.none
        }
        return Entry(
            word0: words.word0, word1: words.word1, parent: parent.index, field: field,
            named: result.named?.index ?? -1, kind: result.kind)
    }

    /// A field found on a type is always that type's own (`Schema.fieldRef`).
    private static func unpack(_ entry: Entry) -> OutputTypeRef {
        let field: FieldDefRef?
        switch entry.field {
        case Meta.none: field = nil
        case Meta.typename: field = .typename
        case Meta.schema: field = .schema
        case Meta.type: field = .type
        default: field = .field(owner: TypeID(Int(entry.parent)), index: Int(entry.field))
        }
        return OutputTypeRef(named: entry.named < 0 ? nil : TypeID(Int(entry.named)), kind: entry.kind, field: field)
    }

    private mutating func allocate(_ size: Int) {
        entries = [Entry](
            repeating: Entry(word0: 0, word1: 0, parent: -1, field: Meta.none, named: -1, kind: .scalar),
            count: size)
        count = 0
    }

    private mutating func insert(_ entry: Entry, _ mixed: UInt64) {
        if (count + 1) * 2 > entries.count { grow() }
        place(entry, mixed)
    }

    private mutating func place(_ entry: Entry, _ mixed: UInt64) {
        let mask = entries.count - 1
        var i = Int(truncatingIfNeeded: mixed) & mask
        entries.withUnsafeMutableBufferPointer { entries in
            while entries[i].parent >= 0 { i = (i + 1) & mask }
            entries[i] = entry
        }
        count += 1
    }

    private mutating func grow() {
        let old = entries
        allocate(old.count * 2)
        for entry in old where entry.parent >= 0 {
            place(entry, Self.mix(entry.word0, entry.word1, entry.parent))
        }
    }
}
