/// The framing parsers' search for line ends: eight bytes a step, a word compared at once (SWAR),
/// so crossing a part's or an event's body costs a few instructions a word rather than a branch a
/// byte. The framing code does without Foundation (and so without `memchr`).
enum ByteSearch {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The high bit of each byte of `word` equal to `byte`; a borrow may flag bytes above the first
    /// match, never below it, so the lowest flag is exact.
    @inline(__always) private static func matches(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let x = word ^ (ones &* UInt64(byte))
        return (x &- ones) & ~x & highs
    }

    /// The first index in `from..<bytes.count` holding `a` or `b`; nil when there is none.
    static func firstIndex(of a: UInt8, or b: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        let end = bytes.count
        var index = from
        while index + 8 <= end {
            // Little-endian order puts the lowest address in the lowest byte.
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            let found = matches(word, a) | matches(word, b)
            if found != 0 { return index + found.trailingZeroBitCount / 8 }
            index += 8
        }
        while index < end {
            if base[index] == a || base[index] == b { return index }
            index += 1
        }
        return nil
    }
}
