import BatonSchema

/// The field lookups of one traversal, remembered by (parent type, name). Looking a field up in
/// the schema hashes its name, probes the type's index, compares names and reads the field's
/// type, for each of the thousands of selected fields, which are mostly the same few pairs.
///
/// A name is recognised by the two words of its `String` value instead of by hashing its text:
/// equal words are the same string for as long as both are alive (a short name's bytes are in
/// the words themselves; a longer one's words hold its storage's address), and the names looked
/// up belong to the documents being validated, alive for the whole traversal. The same name
/// held in two different storages only takes two entries.
struct FieldLookupCache {
    private struct Entry {
        var word0: UInt64
        var word1: UInt64
        /// The parent type's index; -1 for an empty slot.
        var parent: Int32
        var result: OutputTypeRef
    }

    private var entries: [Entry] = []
    private var count = 0

    mutating func lookup(_ name: String, on parent: TypeID, in schema: Schema) -> OutputTypeRef {
        guard MemoryLayout<String>.size == 16 else { return Self.resolve(name, parent, schema) }
        let (word0, word1) = withUnsafeBytes(of: name) {
            ($0.loadUnaligned(as: UInt64.self), $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        }
        if entries.isEmpty { allocate(256) }
        let mixed = Self.mix(word0, word1, parent.index)
        let found: OutputTypeRef? = entries.withUnsafeBufferPointer { entries in
            let mask = entries.count - 1
            var i = Int(truncatingIfNeeded: mixed) & mask
            while true {
                let entry = entries[i]
                if entry.parent < 0 { return nil }
                if entry.word0 == word0 && entry.word1 == word1 && entry.parent == parent.index { return entry.result }
                i = (i + 1) & mask
            }
        }
        if let found { return found }
        let result = Self.resolve(name, parent, schema)
        insert(Entry(word0: word0, word1: word1, parent: parent.index, result: result), mixed)
        return result
    }

    @inline(__always) private static func mix(_ word0: UInt64, _ word1: UInt64, _ parent: Int32) -> UInt64 {
        let mixed = (word0 &* 0x9E37_79B9_7F4A_7C15) ^ (word1 &* 0xC2B2_AE3D_27D4_EB4F)
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

    private mutating func allocate(_ size: Int) {
        entries = [Entry](repeating: Entry(word0: 0, word1: 0, parent: -1, result: .none), count: size)
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
