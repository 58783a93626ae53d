import BatonSchema

/// A hash table from a pair of 64-bit keys to an index, open addressing with linear probing
/// and a cheap multiplicative hash. Validation's hot caches are keyed by small integers, where
/// `Dictionary`'s SipHash costs more than the work it saves.
struct IntegerTable {
    private var keys0: [UInt64]
    private var keys1: [UInt64]
    private var values: [Int32]
    private var count = 0
    private var mask: Int

    init(capacity: Int = 64) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        keys0 = [UInt64](repeating: 0, count: size)
        keys1 = [UInt64](repeating: 0, count: size)
        values = [Int32](repeating: -1, count: size)
        mask = size - 1
    }

    @inline(__always) private static func slot(_ a: UInt64, _ b: UInt64, _ mask: Int) -> Int {
        let mixed = (a &* 0x9E37_79B9_7F4A_7C15) ^ (b &* 0xC2B2_AE3D_27D4_EB4F)
        return Int(truncatingIfNeeded: (mixed ^ (mixed >> 29)) & UInt64(mask))
    }

    func value(_ a: UInt64, _ b: UInt64 = 0) -> Int32? {
        var i = Self.slot(a, b, mask)
        while true {
            let v = values[i]
            if v < 0 { return nil }
            if keys0[i] == a && keys1[i] == b { return v }
            i = (i + 1) & mask
        }
    }

    /// Sets the value of a key; values are never negative.
    mutating func set(_ a: UInt64, _ b: UInt64 = 0, to value: Int32) {
        if (count + 1) * 2 > values.count { grow() }
        var i = Self.slot(a, b, mask)
        while true {
            if values[i] < 0 {
                keys0[i] = a
                keys1[i] = b
                values[i] = value
                count += 1
                return
            }
            if keys0[i] == a && keys1[i] == b {
                values[i] = value
                return
            }
            i = (i + 1) & mask
        }
    }

    private mutating func grow() {
        let old = (keys0, keys1, values)
        let size = values.count * 2
        keys0 = [UInt64](repeating: 0, count: size)
        keys1 = [UInt64](repeating: 0, count: size)
        values = [Int32](repeating: -1, count: size)
        mask = size - 1
        count = 0
        for i in 0..<old.2.count where old.2[i] >= 0 {
            set(old.0[i], old.1[i], to: old.2[i])
        }
    }
}

/// Interns names: each distinct string gets a small integer, hashed with FNV-1a over its UTF-8
/// bytes (names are short).
struct NameTable {
    private(set) var names: [String] = []
    private var hashes: [UInt64] = []
    private var slots: [Int32]
    private var mask: Int

    init() {
        slots = [Int32](repeating: -1, count: 256)
        mask = 255
    }

    @inline(__always) private static func hash(_ name: String) -> UInt64 { NameIndex.hash(name) }

    mutating func intern(_ name: String) -> Int32 {
        let h = Self.hash(name)
        var i = Int(truncatingIfNeeded: h ^ (h >> 32)) & mask
        while true {
            let id = slots[i]
            if id < 0 { break }
            if hashes[Int(id)] == h && names[Int(id)] == name { return id }
            i = (i + 1) & mask
        }
        let id = Int32(names.count)
        names.append(name)
        hashes.append(h)
        slots[i] = id
        if names.count * 2 > slots.count { rehash() }
        return id
    }

    /// The id of a name already interned.
    func id(of name: String) -> Int32? {
        let h = Self.hash(name)
        var i = Int(truncatingIfNeeded: h ^ (h >> 32)) & mask
        while true {
            let id = slots[i]
            if id < 0 { return nil }
            if hashes[Int(id)] == h && names[Int(id)] == name { return id }
            i = (i + 1) & mask
        }
    }

    subscript(id: Int32) -> String { names[Int(id)] }

    var count: Int { names.count }

    private mutating func rehash() {
        let size = slots.count * 2
        slots = [Int32](repeating: -1, count: size)
        mask = size - 1
        for (id, h) in hashes.enumerated() {
            var i = Int(truncatingIfNeeded: h ^ (h >> 32)) & mask
            while slots[i] >= 0 { i = (i + 1) & mask }
            slots[i] = Int32(id)
        }
    }
}
