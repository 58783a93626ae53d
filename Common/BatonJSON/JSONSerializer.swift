/// How `JSONSerializer` lays out its output.
package struct JSONWriteOptions: OptionSet, Sendable {
    package let rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }

    /// Two-space indentation, one member or element per line, `"key": value`.
    package static let prettyPrinted = JSONWriteOptions(rawValue: 1)
    /// Object members ordered by key (by UTF-8 bytes, so the order is the same everywhere);
    /// otherwise members keep their order.
    package static let sortedKeys = JSONWriteOptions(rawValue: 2)
}

/// Writes JSON values as RFC 8259 text: `"`, `\` and control characters are escaped
/// (`\n`-style where JSON has a short form, `\u00XX` otherwise); everything else, non-ASCII
/// included, is written as UTF-8. Numbers are written as their text.
package enum JSONSerializer {
    package static func bytes(_ value: JSONValue, options: JSONWriteOptions = []) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(value, into: &out, options: options)
        return out
    }

    package static func string(_ value: JSONValue, options: JSONWriteOptions = []) -> String {
        String(decoding: bytes(value, options: options), as: UTF8.self)
    }

    /// Appends the value's text to `out` (for framing a message without another copy).
    package static func write(_ value: JSONValue, into out: inout [UInt8], options: JSONWriteOptions = []) {
        writeValue(value, into: &out, pretty: options.contains(.prettyPrinted), sorted: options.contains(.sortedKeys), depth: 0)
    }

    // Recursion depth here equals the value's nesting; parsed values are bounded by the
    // parser's depth limit, and values built in code are as deep as the code made them.
    private static func writeValue(_ value: JSONValue, into out: inout [UInt8], pretty: Bool, sorted: Bool, depth: Int) {
        switch value.kind {
        case .null: out.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
        case .bool(let b): out.append(contentsOf: b ? Array("true".utf8) : Array("false".utf8))
        case .number(let n): out.append(contentsOf: n.text.utf8)
        case .string(let s): writeString(s, into: &out)
        case .array(let elements):
            if elements.isEmpty {
                out.append(0x5B)
                out.append(0x5D)
                return
            }
            out.append(0x5B)
            for (i, element) in elements.enumerated() {
                if i > 0 { out.append(0x2C) }
                if pretty { newline(into: &out, depth: depth + 1) }
                writeValue(element, into: &out, pretty: pretty, sorted: sorted, depth: depth + 1)
            }
            if pretty { newline(into: &out, depth: depth) }
            out.append(0x5D)
        case .object(let object):
            if object.isEmpty {
                out.append(0x7B)
                out.append(0x7D)
                return
            }
            let members = sorted ? object.members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) } : object.members
            out.append(0x7B)
            for (i, member) in members.enumerated() {
                if i > 0 { out.append(0x2C) }
                if pretty { newline(into: &out, depth: depth + 1) }
                writeString(member.key, into: &out)
                out.append(0x3A)
                if pretty { out.append(0x20) }
                writeValue(member.value, into: &out, pretty: pretty, sorted: sorted, depth: depth + 1)
            }
            if pretty { newline(into: &out, depth: depth) }
            out.append(0x7D)
        }
    }

    private static func newline(into out: inout [UInt8], depth: Int) {
        out.append(0x0A)
        for _ in 0..<(depth * 2) { out.append(0x20) }
    }

    @inline(__always)
    private static func hexDigit(_ v: UInt8) -> UInt8 {
        v < 10 ? 0x30 + v : 0x61 + v - 10
    }

    /// Whether a word holds `"`, `\` or a control character (exact, see `JSONScanner`).
    @inline(__always)
    private static func needsEscape(_ v: UInt64) -> Bool {
        let low: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        let control = (v &- 0x20 &* low) & ~v & high
        let q = v ^ (0x22 &* low)
        let b = v ^ (0x5C &* low)
        return (control | ((q &- low) & ~q & high) | ((b &- low) & ~b & high)) != 0
    }

    /// Writes a quoted, escaped string, copying unescaped runs in one go.
    package static func writeString(_ string: String, into out: inout [UInt8]) {
        out.append(0x22)
        var string = string
        string.withUTF8 { utf8 in
            out.reserveCapacity(out.count + utf8.count + 2)
            var runStart = 0
            var i = 0
            let base = utf8.baseAddress
            var stop = 0
            while i < utf8.count {
                // Skip eight bytes at a time while none needs escaping; a word that holds
                // one is then read bytewise.
                if i >= stop, let base, i + 8 <= utf8.count {
                    if !needsEscape(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) {
                        i += 8
                        continue
                    }
                    stop = i + 8
                }
                let b = utf8[i]
                if b >= 0x20 && b != 0x22 && b != 0x5C {
                    i += 1
                    continue
                }
                if i > runStart { out.append(contentsOf: UnsafeBufferPointer(start: base! + runStart, count: i - runStart)) }
                out.append(0x5C)
                switch b {
                case 0x22: out.append(0x22)
                case 0x5C: out.append(0x5C)
                case 0x0A: out.append(UInt8(ascii: "n"))
                case 0x0D: out.append(UInt8(ascii: "r"))
                case 0x09: out.append(UInt8(ascii: "t"))
                case 0x08: out.append(UInt8(ascii: "b"))
                case 0x0C: out.append(UInt8(ascii: "f"))
                default:
                    out.append(UInt8(ascii: "u"))
                    out.append(0x30)
                    out.append(0x30)
                    out.append(hexDigit(b >> 4))
                    out.append(hexDigit(b & 0xF))
                }
                i += 1
                runStart = i
            }
            if utf8.count > runStart { out.append(contentsOf: UnsafeBufferPointer(start: base! + runStart, count: utf8.count - runStart)) }
        }
        out.append(0x22)
    }
}

extension JSONValue {
    /// The value as JSON text (compact unless `.prettyPrinted`).
    package func serialized(_ options: JSONWriteOptions = []) -> String {
        JSONSerializer.string(self, options: options)
    }

    package func serializedBytes(_ options: JSONWriteOptions = []) -> [UInt8] {
        JSONSerializer.bytes(self, options: options)
    }
}
