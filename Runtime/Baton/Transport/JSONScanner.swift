/// Just enough JSON to read graphql-transport-ws messages: an object's members as byte ranges (so a
/// `payload` reaches the core as the server's own bytes), strings, integers, and well-formedness
/// of every value skipped. Depth is limited; anything malformed throws a message.
struct JSONScanner {
    struct Malformed: Error {
        let message: String
    }

    let bytes: [UInt8]
    private(set) var index: Int
    private var depth = 0
    static let maxDepth = 256

    init(_ bytes: [UInt8], at index: Int = 0) {
        self.bytes = bytes
        self.index = index
    }

    mutating func skipWhitespace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
            index += 1
        }
    }

    func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func expect(_ byte: UInt8) throws(Malformed) {
        skipWhitespace()
        guard peek() == byte else { throw fail("expected '\(Character(Unicode.Scalar(byte)))'") }
        index += 1
    }

    func fail(_ what: String) -> Malformed { Malformed(message: "\(what) at byte \(index)") }

    /// Nothing but whitespace follows the value just read.
    mutating func expectEnd() throws(Malformed) {
        skipWhitespace()
        guard index == bytes.count else { throw fail("text after the JSON value") }
    }

    /// Each member of the object at the current position: its name and its value's range.
    mutating func members() throws(Malformed) -> [(name: String, value: Range<Int>)] {
        try expect(0x7B)
        var members: [(name: String, value: Range<Int>)] = []
        skipWhitespace()
        if peek() == 0x7D {
            index += 1
            return members
        }
        while true {
            skipWhitespace()
            let name = try string()
            try expect(0x3A)
            skipWhitespace()
            let start = index
            try skipValue()
            members.append((name, start..<index))
            skipWhitespace()
            guard let next = peek() else { throw fail("an unfinished object") }
            index += 1
            if next == 0x7D { return members }
            guard next == 0x2C else { throw fail("expected ',' or '}'") }
        }
    }

    /// The elements of the array at the current position, as ranges.
    mutating func elements() throws(Malformed) -> [Range<Int>] {
        try expect(0x5B)
        var elements: [Range<Int>] = []
        skipWhitespace()
        if peek() == 0x5D {
            index += 1
            return elements
        }
        while true {
            skipWhitespace()
            let start = index
            try skipValue()
            elements.append(start..<index)
            skipWhitespace()
            guard let next = peek() else { throw fail("an unfinished array") }
            index += 1
            if next == 0x5D { return elements }
            guard next == 0x2C else { throw fail("expected ',' or ']'") }
        }
    }

    mutating func skipValue() throws(Malformed) {
        skipWhitespace()
        guard let byte = peek() else { throw fail("a missing value") }
        switch byte {
        case 0x7B, 0x5B:
            depth += 1
            defer { depth -= 1 }
            guard depth <= Self.maxDepth else { throw fail("nesting deeper than \(Self.maxDepth)") }
            if byte == 0x7B { try skipMembers() } else { try skipElements() }
        case 0x22: try skipString()
        case 0x74: try literal("true")
        case 0x66: try literal("false")
        case 0x6E: try literal("null")
        case 0x2D, 0x30...0x39: try number()
        default: throw fail("an unexpected character")
        }
    }

    // A skipped value's names and strings are checked, not made: a `next` payload is skipped
    // whole, and allocating its every name cost more than the rest of reading the message.

    private mutating func skipMembers() throws(Malformed) {
        try expect(0x7B)
        skipWhitespace()
        if peek() == 0x7D {
            index += 1
            return
        }
        while true {
            skipWhitespace()
            try skipString()
            try expect(0x3A)
            try skipValue()
            skipWhitespace()
            guard let next = peek() else { throw fail("an unfinished object") }
            index += 1
            if next == 0x7D { return }
            guard next == 0x2C else { throw fail("expected ',' or '}'") }
        }
    }

    private mutating func skipElements() throws(Malformed) {
        try expect(0x5B)
        skipWhitespace()
        if peek() == 0x5D {
            index += 1
            return
        }
        while true {
            try skipValue()
            skipWhitespace()
            guard let next = peek() else { throw fail("an unfinished array") }
            index += 1
            if next == 0x5D { return }
            guard next == 0x2C else { throw fail("expected ',' or ']'") }
        }
    }

    /// A string checked as `string()` checks it (its escapes, no control characters, UTF-8).
    private mutating func skipString() throws(Malformed) {
        try expect(0x22)
        let start = index
        var plain = true
        while true {
            guard let byte = peek() else { throw fail("an unterminated string") }
            if byte == 0x22 { break }
            if byte < 0x20 { throw fail("a control character in a string") }
            if byte == 0x5C {
                plain = false
                break
            }
            index += 1
        }
        if plain {
            guard String(validating: bytes[start..<index], as: UTF8.self) != nil else { throw fail("a string that is not UTF-8") }
            index += 1
            return
        }
        // An escape: the full reading checks it.
        index = start - 1
        _ = try string()
    }

    private mutating func literal(_ word: String) throws(Malformed) {
        let expected = Array(word.utf8)
        guard index + expected.count <= bytes.count, Array(bytes[index..<(index + expected.count)]) == expected else {
            throw fail("a bad literal")
        }
        index += expected.count
    }

    private mutating func number() throws(Malformed) {
        if peek() == 0x2D { index += 1 }
        func digits(_ scanner: inout JSONScanner) -> Int {
            let from = scanner.index
            while let byte = scanner.peek(), (0x30...0x39).contains(byte) { scanner.index += 1 }
            return scanner.index - from
        }
        if peek() == 0x30 {
            index += 1
        } else if digits(&self) == 0 {
            throw fail("a number without digits")
        }
        if peek() == 0x2E {
            index += 1
            guard digits(&self) > 0 else { throw fail("a fraction without digits") }
        }
        if peek() == 0x65 || peek() == 0x45 {
            index += 1
            if peek() == 0x2B || peek() == 0x2D { index += 1 }
            guard digits(&self) > 0 else { throw fail("an exponent without digits") }
        }
    }

    /// The integer at the current position, if it is one.
    mutating func integer() -> Int? {
        skipWhitespace()
        let start = index
        var negative = false
        if peek() == 0x2D {
            negative = true
            index += 1
        }
        var value = 0
        var any = false
        while let byte = peek(), (0x30...0x39).contains(byte) {
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(Int(byte - 0x30))
            guard !overflow1, !overflow2 else {
                index = start
                return nil
            }
            value = sum
            any = true
            index += 1
        }
        guard any, peek() != 0x2E, peek() != 0x65, peek() != 0x45 else {
            index = start
            return nil
        }
        return negative ? -value : value
    }

    mutating func string() throws(Malformed) -> String {
        try expect(0x22)
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flush(_ scanner: JSONScanner, _ from: Int, _ to: Int, into scalars: inout String.UnicodeScalarView) throws(Malformed) {
            guard from < to else { return }
            guard let text = String(validating: scanner.bytes[from..<to], as: UTF8.self) else {
                throw scanner.fail("a string that is not UTF-8")
            }
            scalars.append(contentsOf: text.unicodeScalars)
        }
        while true {
            guard let byte = peek() else { throw fail("an unterminated string") }
            if byte == 0x22 {
                // No escape: the bytes are the string, made at once.
                if scalars.isEmpty, let text = String(validating: bytes[runStart..<index], as: UTF8.self) {
                    index += 1
                    return text
                }
                try flush(self, runStart, index, into: &scalars)
                index += 1
                return String(scalars)
            }
            if byte < 0x20 { throw fail("a control character in a string") }
            if byte != 0x5C {
                index += 1
                continue
            }
            try flush(self, runStart, index, into: &scalars)
            index += 1
            guard let escape = peek() else { throw fail("an unterminated escape") }
            index += 1
            switch escape {
            case 0x22: scalars.append("\"")
            case 0x5C: scalars.append("\\")
            case 0x2F: scalars.append("/")
            case 0x62: scalars.append("\u{08}")
            case 0x66: scalars.append("\u{0C}")
            case 0x6E: scalars.append("\n")
            case 0x72: scalars.append("\r")
            case 0x74: scalars.append("\t")
            case 0x75:
                var code = try hex4()
                if (0xD800...0xDBFF).contains(code), peek() == 0x5C, index + 1 < bytes.count, bytes[index + 1] == 0x75 {
                    index += 2
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw fail("a bad surrogate pair") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else { throw fail("a lone surrogate") }
                scalars.append(scalar)
            default: throw fail("an unknown escape")
            }
            runStart = index
        }
    }

    private mutating func hex4() throws(Malformed) -> UInt32 {
        guard index + 4 <= bytes.count else { throw fail("a truncated \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            default: throw fail("a bad \\u escape")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }
}
