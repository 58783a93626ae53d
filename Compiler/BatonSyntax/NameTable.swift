/// The names of one parse, each made into a `String` once: a document repeats its names
/// (a schema's type names, a query's `id` and `totalCount`), and making a string from bytes
/// (UTF-8 checks, an allocation past 15 bytes, a free when the tree goes) cost more than
/// hashing the bytes and finding the string already made. Equal names then share storage,
/// which also makes comparing them cheap.
///
/// The strings sit in a dense list; an open-addressing table at most half full maps a hash
/// to a list position. Entries point at the name's first occurrence in the parsed bytes,
/// which outlive the table.
final class NameTable {
    private struct Entry {
        var start: Int
        var length: Int
        var value: String
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    /// 0 for an empty slot, else the hash in the high half and the entry's index + 1 in the
    /// low half, so most mismatches are seen without reading the entry.
    @exclusivity(unchecked) private var slots: UnsafeMutablePointer<UInt64>
    @exclusivity(unchecked) private var mask: Int
    @exclusivity(unchecked) private var entries: UnsafeMutablePointer<Entry>
    @exclusivity(unchecked) private var count = 0
    @exclusivity(unchecked) private var entryCapacity: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        // Documents hold a distinct name every hundred bytes or so (schemas fewer, their
        // descriptions being long): sized so most parses grow the table once at most.
        var capacity = 64
        while capacity < 65536 && capacity * 128 < bytes.count { capacity *= 2 }
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: 0, count: capacity)
        mask = capacity - 1
        entryCapacity = capacity / 4
        entries = .allocate(capacity: entryCapacity)
    }

    deinit {
        slots.deallocate()
        entries.deinitialize(count: count)
        entries.deallocate()
    }

    /// The string of the ASCII name at `start..<end` of the bytes.
    @inline(__always)
    func name(_ start: Int, _ end: Int) -> String {
        let base = bytes.baseAddress.unsafelyUnwrapped
        let length = end - start
        let hash = NameTable.hash(base + start, length, readable: bytes.count - start)
        let tag = UInt64(hash) << 32
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let s = slots[slot]
            if s == 0 { break }
            if s & 0xFFFF_FFFF_0000_0000 == tag {
                let entry = entries + (Int(truncatingIfNeeded: s & 0xFFFF_FFFF) - 1)
                if entry.pointee.length == length && NameTable.same(base + entry.pointee.start, base + start, length) {
                    return entry.pointee.value
                }
            }
            slot = (slot &+ 1) & mask
        }
        return insert(start, end, tag: tag, slot: slot)
    }

    @inline(never)
    private func insert(_ start: Int, _ end: Int, tag: UInt64, slot: Int) -> String {
        let value = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        if count == entryCapacity {
            let grown = UnsafeMutablePointer<Entry>.allocate(capacity: 2 * entryCapacity)
            grown.moveInitialize(from: entries, count: count)
            entries.deallocate()
            entries = grown
            entryCapacity *= 2
        }
        (entries + count).initialize(to: Entry(start: start, length: end - start, value: value))
        count += 1
        slots[slot] = tag | UInt64(count)
        if 2 * count > mask { grow() }
        return value
    }

    private func grow() {
        let oldCapacity = mask + 1
        let old = slots
        let capacity = 2 * oldCapacity
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: 0, count: capacity)
        mask = capacity - 1
        for i in 0..<oldCapacity {
            let s = old[i]
            if s == 0 { continue }
            var slot = Int(truncatingIfNeeded: s >> 32) & mask
            while slots[slot] != 0 { slot = (slot &+ 1) & mask }
            slots[slot] = s
        }
        old.deallocate()
    }

    @inline(__always)
    private static func word(_ p: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
    }

    /// Whether `length` bytes at `a` and `b` are equal.
    @inline(__always)
    private static func same(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ length: Int) -> Bool {
        if length >= 8 {
            var i = 0
            while i + 8 < length {
                if word(a + i) != word(b + i) { return false }
                i += 8
            }
            // The last eight bytes, overlapping the words already compared.
            return word(a + length - 8) == word(b + length - 8)
        }
        for i in 0..<length where a[i] != b[i] { return false }
        return true
    }

    /// A hash of `length` bytes at `p`, read eight at a time; `readable` bytes may be read
    /// from `p` on, so a short name is read in one word unless it ends the document.
    @inline(__always)
    static func hash(_ p: UnsafePointer<UInt8>, _ length: Int, readable: Int) -> UInt32 {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var h = UInt64(truncatingIfNeeded: length) &* multiplier
        var i = 0
        while i + 8 <= length {
            h = (h ^ word(p + i)) &* multiplier
            h ^= h >> 29
            i += 8
        }
        let rest = length - i
        if rest > 0 {
            var tail: UInt64 = 0
            if i + 8 <= readable {
                tail = word(p + i) & ((1 << UInt64(8 * rest)) &- 1)
            } else {
                for k in 0..<rest { tail |= UInt64(p[i + k]) << UInt64(8 * k) }
            }
            h = (h ^ tail) &* multiplier
            h ^= h >> 29
        }
        return UInt32(truncatingIfNeeded: h >> 16)
    }
}
