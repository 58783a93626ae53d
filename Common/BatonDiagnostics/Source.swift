import Foundation

/// A text the compiler reads: a `.graphql` file, a schema, or the GraphQL held by a Swift
/// marker literal.
///
/// Nodes keep only UTF-8 offsets; line and column are derived here on demand from a line
/// table built the first time a position is asked for, so a 1 MB schema pays for positions
/// only where a diagnostic or an editor asks. "Column" means Unicode scalar values (GraphQL's SourceCharacter, and what
/// graphql-core counts); the UTF-16 column the language server needs is derived from the
/// same line, and on an ASCII line it is the byte column itself.
package final class Source: Sendable {
    /// The path as the user gave it, or a display name for text with no file.
    package let name: String
    package let text: String
    package let utf8: [UInt8]
    /// UTF-8 offset of the first byte of each line. Line terminators are `\n`, `\r\n` and `\r`
    /// (the same set in GraphQL and in Swift).
    package var lineStarts: [Int] { lineTable.starts }
    /// Where this text lives inside another file (a Swift marker literal), if anywhere.
    package let origin: SourceOrigin?
    private let lazyLineTable = LazyLineTable()

    package init(name: String, text: String, origin: SourceOrigin? = nil) {
        self.name = name
        self.text = text
        self.origin = origin
        self.utf8 = Array(text.utf8)
    }

    private var lineTable: LineTable { lazyLineTable.table(for: utf8) }

    /// Text from bytes that may not be UTF-8: each maximal ill-formed subsequence becomes
    /// U+FFFD (what `String(decoding:as:)` does, but in one linear pass: the standard
    /// library's repair takes seconds per megabyte of binary garbage).
    package convenience init(name: String, bytes: [UInt8], origin: SourceOrigin? = nil) {
        self.init(name: name, text: Source.repairedText(bytes), origin: origin)
    }

    static func repairedText(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBufferPointer { input in
            let n = input.count
            // Most input is valid: find the first ill-formed byte before copying anything.
            var i = 0
            var firstBad = -1
            while i < n {
                let step = Source.validSequenceLength(input, at: i)
                if step.valid == 0 {
                    firstBad = i
                    break
                }
                i += step.valid
            }
            if firstBad < 0 { return String(decoding: input, as: UTF8.self) }
            // Each replaced byte grows to at most three.
            let output = [UInt8](unsafeUninitializedCapacity: 3 * n) { out, count in
                var o = 0
                for k in 0..<firstBad { out[k] = input[k] }
                o = firstBad
                i = firstBad
                while i < n {
                    let step = Source.validSequenceLength(input, at: i)
                    if step.valid > 0 {
                        for k in 0..<step.valid { out[o + k] = input[i + k] }
                        o += step.valid
                        i += step.valid
                    } else {
                        out[o] = 0xEF
                        out[o + 1] = 0xBF
                        out[o + 2] = 0xBD
                        o += 3
                        i += max(step.reached, 1)
                    }
                }
                count = o
            }
            return String(decoding: output, as: UTF8.self)
        }
    }

    /// The length of the well-formed UTF-8 sequence at `i` (`valid`), or 0 with how many
    /// bytes of it were acceptable before it failed (`reached`, Unicode's maximal subpart).
    @inline(__always)
    static func validSequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (valid: Int, reached: Int) {
        let b = bytes[i]
        if b < 0x80 { return (1, 1) }
        var length = 0
        var lo: UInt8 = 0x80
        var hi: UInt8 = 0xBF
        switch b {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            lo = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            hi = 0x9F
        case 0xF0:
            length = 4
            lo = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            hi = 0x8F
        default: return (0, 0)
        }
        var reached = 1
        while reached < length && i + reached < bytes.count {
            let c = bytes[i + reached]
            if reached == 1 ? (c < lo || c > hi) : (c < 0x80 || c > 0xBF) { break }
            reached += 1
        }
        return reached == length ? (length, length) : (0, reached)
    }

    package var lineCount: Int { lineTable.starts.count }

    /// The 0-based line holding a UTF-8 offset (an offset at the end is on the last line).
    package func line(containing offset: Int) -> Int {
        lineTable.line(containing: offset)
    }

    /// The 0-based position of a UTF-8 offset.
    package func position(of offset: Int) -> SourcePosition {
        let table = lineTable
        let clamped = max(0, min(offset, utf8.count))
        let line = table.line(containing: clamped)
        let start = table.starts[line]
        if table.ascii[line] {
            let column = clamped - start
            return SourcePosition(line: line, column: column, utf16Column: column)
        }
        var column = 0
        var utf16 = 0
        var i = start
        while i < clamped {
            let b = utf8[i]
            let width = Source.scalarWidth(leadByte: b)
            column += 1
            utf16 += width == 4 ? 2 : 1
            i += width
        }
        return SourcePosition(line: line, column: column, utf16Column: utf16)
    }

    /// The UTF-8 offset of a 0-based line and column, counted in `unit`. A column past the end
    /// of its line lands at the line's end; a line past the end lands at the end of the text.
    package func offset(line: Int, column: Int, in unit: ColumnUnit = .scalars) -> Int {
        let table = lineTable
        guard line >= 0 else { return 0 }
        guard line < table.starts.count else { return utf8.count }
        let start = table.starts[line]
        let end = lineEnd(line)
        if table.ascii[line] { return min(start + max(0, column), end) }
        var i = start
        var counted = 0
        while i < end && counted < column {
            let width = Source.scalarWidth(leadByte: utf8[i])
            switch unit {
            case .scalars: counted += 1
            case .utf16: counted += width == 4 ? 2 : 1
            case .utf8: counted += width
            }
            i += width
        }
        return min(i, end)
    }

    /// The offset just past the last character of a line, before its terminator.
    package func lineEnd(_ line: Int) -> Int {
        let lineStarts = lineTable.starts
        if line + 1 < lineStarts.count {
            var end = lineStarts[line + 1]
            if end > 0 && utf8[end - 1] == 0x0A { end -= 1 }
            if end > lineStarts[line] && utf8[end - 1] == 0x0D { end -= 1 }
            return end
        }
        return utf8.count
    }

    /// The text of a range, for messages and printers.
    package func slice(_ range: SourceRange) -> String {
        let lo = max(0, min(range.start, utf8.count))
        let hi = max(lo, min(range.end, utf8.count))
        return String(decoding: utf8[lo..<hi], as: UTF8.self)
    }

    @inline(__always)
    static func scalarWidth(leadByte b: UInt8) -> Int {
        if b < 0x80 { return 1 }
        if b < 0xE0 { return 2 }
        if b < 0xF0 { return 3 }
        return 4
    }
}

/// Where each line starts, and whether it is all ASCII (there every column kind equals the
/// byte column).
struct LineTable: Sendable {
    let starts: [Int]
    let ascii: [Bool]

    init(_ bytes: [UInt8]) {
        var starts = [0]
        var ascii: [Bool] = []
        var lineIsASCII = true
        bytes.withUnsafeBufferPointer { buffer in
            var i = 0
            let n = buffer.count
            while i < n {
                let b = buffer[i]
                if b == 0x0A || b == 0x0D {
                    if b == 0x0D && i + 1 < n && buffer[i + 1] == 0x0A { i += 1 }
                    ascii.append(lineIsASCII)
                    lineIsASCII = true
                    starts.append(i + 1)
                } else if b >= 0x80 {
                    lineIsASCII = false
                }
                i += 1
            }
        }
        ascii.append(lineIsASCII)
        self.starts = starts
        self.ascii = ascii
    }

    /// The 0-based line holding a UTF-8 offset (an offset at the end is on the last line).
    func line(containing offset: Int) -> Int {
        var lo = 0
        var hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }
}

/// The line table, built on first use: parsing and validating never need it, only positions
/// shown to a person or an editor do.
final class LazyLineTable: @unchecked Sendable {
    // Guards `built`; held only while reading or storing it.
    private let lock = NSLock()
    private var built: LineTable?

    func table(for bytes: [UInt8]) -> LineTable {
        lock.lock()
        if let built {
            lock.unlock()
            return built
        }
        lock.unlock()
        let table = LineTable(bytes)
        lock.lock()
        defer { lock.unlock() }
        if let built { return built }
        built = table
        return table
    }
}

package enum ColumnUnit: Sendable {
    case scalars, utf16, utf8
}

/// A 0-based line and column. `column` counts Unicode scalars; `utf16Column` UTF-16 code units.
package struct SourcePosition: Hashable, Sendable, CustomStringConvertible {
    package var line: Int
    package var column: Int
    package var utf16Column: Int

    package init(line: Int, column: Int, utf16Column: Int) {
        self.line = line
        self.column = column
        self.utf16Column = utf16Column
    }

    /// `line:column`, 1-based, as diagnostics print it.
    package var description: String { "\(line + 1):\(column + 1)" }
}

/// A half-open range of UTF-8 offsets into one source.
package struct SourceRange: Hashable, Sendable {
    package var start: Int
    package var end: Int

    package init(start: Int, end: Int) {
        self.start = start
        self.end = end
    }

    package init(_ start: Int, _ end: Int) {
        self.init(start: start, end: end)
    }

    package static let empty = SourceRange(start: 0, end: 0)

    package var length: Int { end - start }

    package func contains(_ offset: Int) -> Bool { offset >= start && offset < end }

    /// The smallest range covering both.
    package func union(_ other: SourceRange) -> SourceRange {
        SourceRange(start: min(start, other.start), end: max(end, other.end))
    }
}

/// A range in a particular source.
package struct Location: Hashable, Sendable {
    package let source: Source
    package let range: SourceRange

    package init(source: Source, range: SourceRange) {
        self.source = source
        self.range = range
    }

    package static func == (a: Location, b: Location) -> Bool {
        a.source === b.source && a.range == b.range
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(source))
        hasher.combine(range)
    }

    package var start: SourcePosition { source.position(of: range.start) }
    package var end: SourcePosition { source.position(of: range.end) }

    /// Where a person sees this range: inside the host file when the source came from a
    /// Swift literal, otherwise in the source itself.
    package var hostLocation: Location {
        guard let origin = source.origin else { return self }
        return Location(source: origin.host, range: origin.map.hostRange(for: range))
    }
}

/// Ties a GraphQL text extracted from another file to that file.
package struct SourceOrigin: Sendable {
    package let host: Source
    package let map: any SourceMapping

    package init(host: Source, map: any SourceMapping) {
        self.host = host
        self.map = map
    }
}

/// Maps offsets of an extracted GraphQL text to offsets of the file holding it, and back.
/// The Swift host scanner provides one for each marker literal.
package protocol SourceMapping: Sendable {
    /// The host offset of a GraphQL offset. An offset at the end of the text maps just past
    /// the last character.
    func hostOffset(for offset: Int) -> Int
    /// The GraphQL offset of a host offset, or nil when the host offset lies outside the text.
    func graphQLOffset(for hostOffset: Int) -> Int?
    func hostRange(for range: SourceRange) -> SourceRange
}

extension SourceMapping {
    /// A host range for a GraphQL range. The default suits a contiguous mapping; a mapping
    /// with escapes or stripped indentation overrides it to end right after the spelling of
    /// the range's last character.
    package func hostRange(for range: SourceRange) -> SourceRange {
        let start = hostOffset(for: range.start)
        let end = range.end <= range.start ? start : hostOffset(for: range.end)
        return SourceRange(start: start, end: max(start, end))
    }
}
