/// A hash index from names to positions in an array its owner keeps (a type's fields, the
/// schema's types): open addressing with linear probing over one array of slots, names hashed
/// by a multiplicative hash over their UTF-8 bytes (eight at a time). Building and looking up GraphQL names this way costs a
/// fraction of `Dictionary<String, Int>`, whose SipHash dominates schema building and field
/// lookups during validation. The names themselves stay in the owner's array; a slot keeps
/// the position and 32 bits of the hash, so most mismatches are rejected without comparing.
package struct NameIndex: Sendable {
    /// Per slot: the hash's high 32 bits, then the position + 1 (0: empty).
    private var slots: [UInt64] = []
    private(set) package var count = 0

    package init() {}

    package init(capacity: Int) {
        if capacity > 0 { allocate(Self.size(for: capacity)) }
    }

    /// A name's hash, eight bytes at a time (a byte-at-a-time FNV-1a cost twice as much for
    /// typical names; this is computed at every field lookup of validation). The final
    /// multiplications mix every byte into the high bits, which the slots use.
    @inline(__always) package static func hash(_ name: String) -> UInt64 {
        if let h = StringWords(name).smallHash { return h }
        if let h = name.utf8.withContiguousStorageIfAvailable({ hash(bytes: UnsafeRawBufferPointer($0)) }) {
            return h
        }
        var name = name
        return name.withUTF8 { hash(bytes: UnsafeRawBufferPointer($0)) }
    }

    @inline(__always) static func hash(bytes: UnsafeRawBufferPointer) -> UInt64 {
        let count = bytes.count
        var h: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(truncatingIfNeeded: count)
        guard let base = bytes.baseAddress else { return h &* 0x9E37_79B9_7F4A_7C15 }
        var i = 0
        while count - i >= 8 {
            h = (h ^ base.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
            h ^= h >> 32
            i += 8
        }
        // The last 1...7 bytes as one little-endian word, in at most three loads (a loop over
        // them byte by byte was most of the cost for typical names).
        var tail: UInt64 = 0
        let remaining = count - i
        if remaining > 0 {
            if count >= 8 {
                // The last eight bytes, shifted so that only those not hashed yet remain.
                tail =
                    base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self).littleEndian
                    >> (UInt64(8 - remaining) &* 8)
            } else {
                var shift: UInt64 = 0
                if remaining & 4 != 0 {
                    tail = UInt64(base.loadUnaligned(fromByteOffset: i, as: UInt32.self).littleEndian)
                    i += 4
                    shift = 32
                }
                if remaining & 2 != 0 {
                    tail |= UInt64(base.loadUnaligned(fromByteOffset: i, as: UInt16.self).littleEndian) << shift
                    i += 2
                    shift += 16
                }
                if remaining & 1 != 0 { tail |= UInt64(base.load(fromByteOffset: i, as: UInt8.self)) << shift }
            }
        }
        h = (h ^ tail) &* 0x9E37_79B9_7F4A_7C15
        h ^= h >> 29
        return h &* 0xBF58_476D_1CE4_E5B9
    }

    private static func size(for count: Int) -> Int {
        var size = 8
        while size < count * 2 { size <<= 1 }
        return size
    }

    private mutating func allocate(_ size: Int) {
        slots = [UInt64](repeating: 0, count: size)
    }

    @inline(__always) private static func tag(_ hash: UInt64) -> UInt64 { hash & 0xFFFF_FFFF_0000_0000 }

    /// Where probing starts: from the tag alone, so a slot can be placed again when growing.
    /// (The hash's high bits are its best mixed.)
    @inline(__always) private static func start(_ tag: UInt64, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: (tag >> 32) ^ (tag >> 47)) & mask
    }

    /// The position of `name`, given its hash; `name(at:)` reads the owner's name at a position.
    @inline(__always)
    package func position(of name: String, hash: UInt64, _ nameAt: (Int) -> String) -> Int? {
        slots.withUnsafeBufferPointer { slots in
            guard !slots.isEmpty else { return nil }
            let mask = slots.count - 1
            let tag = Self.tag(hash)
            var i = Self.start(tag, mask)
            while true {
                let slot = slots[i]
                if slot == 0 { return nil }
                if slot & 0xFFFF_FFFF_0000_0000 == tag {
                    let position = Int(truncatingIfNeeded: slot & 0xFFFF_FFFF) - 1
                    if nameAt(position) == name { return position }
                }
                i = (i + 1) & mask
            }
        }
    }

    @inline(__always)
    package func position(of name: String, _ nameAt: (Int) -> String) -> Int? {
        if slots.isEmpty { return nil }
        return position(of: name, hash: Self.hash(name), nameAt)
    }

    /// Records `position` for a name with this hash; the caller has checked that the name is
    /// not there yet (the first position of a name is the one kept).
    package mutating func insert(hash: UInt64, position: Int) {
        if (count + 1) * 2 > slots.count { grow() }
        let mask = slots.count - 1
        let entry = Self.tag(hash) | UInt64(position + 1)
        var i = Self.start(Self.tag(hash), mask)
        slots.withUnsafeMutableBufferPointer { slots in
            while slots[i] != 0 { i = (i + 1) & mask }
            slots[i] = entry
        }
        count += 1
    }

    /// Indexes every name of a list, the first position of a repeated name winning.
    package init(names count: Int, _ nameAt: (Int) -> String) {
        self.init(capacity: count)
        for position in 0..<count {
            let name = nameAt(position)
            let h = Self.hash(name)
            if self.position(of: name, hash: h, nameAt) == nil { insert(hash: h, position: position) }
        }
    }

    /// Makes room for `total` names in all, so that inserting them does not grow the slots
    /// step by step (each step placing every name again).
    package mutating func reserve(_ total: Int) {
        guard total * 2 > slots.count else { return }
        grow(to: total)
    }

    private mutating func grow(to total: Int? = nil) {
        let old = slots
        allocate(Self.size(for: max(total ?? 0, count + 1, 4)))
        let mask = slots.count - 1
        slots.withUnsafeMutableBufferPointer { slots in
            for entry in old where entry != 0 {
                var i = Self.start(Self.tag(entry), mask)
                while slots[i] != 0 { i = (i + 1) & mask }
                slots[i] = entry
            }
        }
    }
}

/// The two words of a `String` value. A native string of up to 15 UTF-8 bytes (most GraphQL
/// names) is stored in them: its bytes, zero-padded, then a byte holding the count and flags,
/// bit 61 of the second word marking this small form. Reading them spares the copy and the
/// calls that `withContiguousStorageIfAvailable` costs on every hash. The layout is the
/// standard library's (Swift 5 onwards, 64-bit); `NameIndexTests` check it against the byte
/// path. A short string held in the large form is simply not small here, and hashes its bytes.
package struct StringWords: Equatable {
    package let word0: UInt64
    package let word1: UInt64

    @inline(__always) package init(_ string: String) {
        #if _endian(little) && (arch(x86_64) || arch(arm64))
            (word0, word1) = unsafeBitCast(string, to: (UInt64, UInt64).self)
        #else
            (word0, word1) = (0, 0)
        #endif
    }

    /// Whether the string's bytes are in the words.
    @inline(__always) package var isSmall: Bool { word1 & (1 << 61) != 0 }

    /// `NameIndex.hash` of a small string, computed from its words (nil for another string).
    @inline(__always) package var smallHash: UInt64? {
        isSmall ? wordsHash : nil
    }

    /// The same steps as `NameIndex.hash(bytes:)` over the same little-endian words, the
    /// padding after the bytes being zeros.
    @inline(__always) var wordsHash: UInt64 {
        let count = (word1 >> 56) & 0xF
        var h: UInt64 = 0xCBF2_9CE4_8422_2325 ^ count
        var tail = word0
        if count >= 8 {
            h = (h ^ word0) &* 0x9E37_79B9_7F4A_7C15
            h ^= h >> 32
            tail = word1 & 0x00FF_FFFF_FFFF_FFFF
        }
        h = (h ^ tail) &* 0x9E37_79B9_7F4A_7C15
        h ^= h >> 29
        return h &* 0xBF58_476D_1CE4_E5B9
    }
}
