/// What the ingest tracks per object without allocating for the common shapes: the values of an
/// object's key fields (one inline, more in an array) and which selected fields it carried (a bit
/// mask, an array past 64 fields). A response has thousands of objects; an array each cost more
/// than reading their fields.
struct KeyValues {
    let count: Int
    private var first: KeyText?
    private var rest: [KeyText?]

    init(count: Int) {
        self.count = count
        rest = count > 1 ? Array(repeating: nil, count: count - 1) : []
    }

    subscript(index: Int) -> KeyText? {
        get { index == 0 ? first : rest[index - 1] }
        set {
            if index == 0 { first = newValue } else { rest[index - 1] = newValue }
        }
    }

    /// Whether a key field's value is still unknown.
    var isIncomplete: Bool {
        count > 0 && (first == nil || rest.contains { $0 == nil })
    }
}

/// A key field's value as read: the range of its response bytes (a string without escapes, a
/// number's text), or an escaped string's decoded text.
enum KeyText {
    case bytes(Range<Int>)
    case decoded(String)
}

struct FieldsSeen {
    private var bits: UInt64 = 0
    private var overflow: [Bool]

    init(count: Int) {
        overflow = count > 64 ? Array(repeating: false, count: count) : []
    }

    mutating func insert(_ index: Int) {
        if overflow.isEmpty { bits |= 1 << UInt64(index) } else { overflow[index] = true }
    }

    func contains(_ index: Int) -> Bool {
        overflow.isEmpty ? bits & (1 << UInt64(index)) != 0 : overflow[index]
    }
}
