/// Reads a `multipart/mixed` body (RFC 2046) as a network delivers it: fed chunk by chunk, it gives
/// each part once its closing delimiter has arrived. An incremental response (`@defer`, `@stream`)
/// comes this way, one JSON payload a part.
///
/// A delimiter is `--boundary` at the start of a line; what precedes the first is a preamble and
/// what follows `--boundary--` an epilogue, both ignored. Lines may end in CRLF or a bare LF. A part
/// is its header lines, an empty line, and its body up to the next delimiter's line break.
public struct MultipartParser: Sendable {
    /// One part: its headers as sent (names as written) and its body.
    public struct Part: Sendable, Equatable {
        public let headers: [Header]
        public let body: [UInt8]

        /// The first header named `name`, ignoring case.
        public func header(_ name: String) -> String? {
            let lowered = name.lowercased()
            return headers.first { $0.name.lowercased() == lowered }?.value
        }
    }

    public struct Header: Sendable, Equatable {
        public let name: String
        public let value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    public enum Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// The Content-Type names no boundary, or one RFC 2046 does not allow.
        case noBoundary(contentType: String)
        /// A part's body (or its headers) grew past the limit before its delimiter came.
        case partTooLarge(limit: Int)
        /// A header line that is not `name: value`.
        case badHeader(line: String)
        /// The body ended before the close delimiter (`--boundary--`); `sawDelimiter` false when no
        /// delimiter came at all.
        case truncated(sawDelimiter: Bool)

        public var description: String {
            switch self {
            case .noBoundary(let type): "multipart Content-Type without a valid boundary: \(type)"
            case .partTooLarge(let limit): "a multipart part is larger than \(limit) bytes"
            case .badHeader(let line): "a multipart part has a malformed header line: \(line)"
            case .truncated(false): "the multipart body ended before its first boundary"
            case .truncated(true): "the multipart body ended before its close delimiter"
            }
        }
    }

    private enum State {
        case preamble, headers, body, closed
    }

    /// `--` and the boundary.
    private let dashBoundary: [UInt8]
    private let maximumPartSize: Int
    private var buffer: [UInt8] = []
    /// Where unread bytes start in `buffer` (consumed bytes are dropped in batches, not per part).
    private var start = 0
    /// Where the search for the next delimiter resumes: bytes before it were searched already.
    private var scanned = 0
    private var state = State.preamble
    private var headers: [Header] = []
    private var sawDelimiter = false
    /// In the preamble: whether the byte before `start` ended a line (or nothing came before it).
    private var preambleLineStart = true

    /// 16 MiB: larger than any response a client means to hold, small enough to fail early.
    public static let defaultMaximumPartSize = 16 << 20

    /// A parser for parts separated by `boundary`.
    public init(boundary: String, maximumPartSize: Int = MultipartParser.defaultMaximumPartSize) {
        self.dashBoundary = Array("--\(boundary)".utf8)
        self.maximumPartSize = maximumPartSize
    }

    /// A parser for the boundary a `multipart/mixed` Content-Type names (quoted or not).
    public init(contentType: String, maximumPartSize: Int = MultipartParser.defaultMaximumPartSize) throws(Error) {
        guard let boundary = Self.boundary(contentType: contentType) else {
            throw .noBoundary(contentType: contentType)
        }
        self.init(boundary: boundary, maximumPartSize: maximumPartSize)
    }

    /// The `boundary` parameter of a Content-Type: 1 to 70 characters RFC 2046 allows, not ending
    /// in a space; nil when there is none.
    public static func boundary(contentType: String) -> String? {
        for parameter in MediaType.parameters(contentType) where parameter.name == "boundary" {
            let value = parameter.value
            let allowed = value.utf8.allSatisfy { byte in
                switch byte {
                case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
                case UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "+"),
                    UInt8(ascii: "_"), UInt8(ascii: ","), UInt8(ascii: "-"), UInt8(ascii: "."),
                    UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "="), UInt8(ascii: "?"),
                    UInt8(ascii: " "):
                    true
                default: false
                }
            }
            guard allowed, (1...70).contains(value.utf8.count), value.last != " " else { return nil }
            return value
        }
        return nil
    }

    /// Whether the close delimiter has come: nothing after it is read.
    public var isClosed: Bool { state == .closed }

    /// Reads `bytes` and returns the parts they completed, in order.
    public mutating func feed(_ bytes: some Collection<UInt8>) throws(Error) -> [Part] {
        guard state != .closed else { return [] }
        buffer.append(contentsOf: bytes)
        var parts: [Part] = []
        while try step(into: &parts) {}
        compact()
        return parts
    }

    /// Says the body ended: an error unless the close delimiter came.
    public func finish() throws(Error) {
        guard state == .closed else { throw .truncated(sawDelimiter: sawDelimiter) }
    }

    // MARK: Reading

    /// Takes one step; false when more bytes are needed (or the body is closed).
    private mutating func step(into parts: inout [Part]) throws(Error) -> Bool {
        switch state {
        case .closed:
            return false
        case .preamble:
            // The first delimiter may open the body, without a line break before it.
            guard let (at, _) = findDelimiter(from: start, atBodyStart: preambleLineStart) else {
                // The preamble is not kept, only its last bytes (a delimiter may be arriving).
                let keep = dashBoundary.count
                if buffer.count - start > keep {
                    start = buffer.count - keep
                    preambleLineStart = buffer[start - 1] == 0x0A
                }
                scanned = start
                return false
            }
            return afterDelimiter(at + dashBoundary.count)
        case .headers:
            guard let lineEnd = buffer[start...].firstIndex(of: 0x0A) else {
                if buffer.count - start > maximumPartSize { throw .partTooLarge(limit: maximumPartSize) }
                return false
            }
            var end = lineEnd
            if end > start, buffer[end - 1] == 0x0D { end -= 1 }
            let line = buffer[start..<end]
            if line.starts(with: dashBoundary) {
                // A delimiter where headers were due: an empty part (Apollo's multipart
                // subscriptions end with one). It stays unread until the bytes after it decide.
                let decided = afterDelimiter(start + dashBoundary.count)
                if decided || state == .closed {
                    parts.append(Part(headers: headers, body: []))
                    headers = []
                }
                return decided
            }
            start = lineEnd + 1
            if line.isEmpty {
                state = .body
                scanned = start
                return true
            }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex,
                line[..<colon].allSatisfy({ $0 > 0x20 && $0 < 0x7F })
            else {
                throw .badHeader(line: String(decoding: line.prefix(200), as: UTF8.self))
            }
            let name = String(decoding: line[..<colon], as: UTF8.self)
            let value = String(decoding: line[(colon + 1)...], as: UTF8.self)
            headers.append(Header(name: name, value: value.trimmingBlanks()))
            return true
        case .body:
            // A delimiter right after the blank line ends an empty body.
            guard let (at, lineBreak) = findDelimiter(from: scanned, atBodyStart: true) else {
                if buffer.count - start > maximumPartSize { throw .partTooLarge(limit: maximumPartSize) }
                // Resume where a delimiter (with its line break) could still begin.
                scanned = max(start, buffer.count - dashBoundary.count - 2)
                return false
            }
            // Wait for the bytes after the delimiter, which say whether it is the close.
            guard at + dashBoundary.count + 2 <= buffer.count else { return false }
            // The part is complete only once those bytes decide (padding or a CR may still be
            // arriving); until then it stays unread, so the next chunk finds it again, once.
            let body = Array(buffer[start..<lineBreak])
            let decided = afterDelimiter(at + dashBoundary.count)
            if decided || state == .closed {
                parts.append(Part(headers: headers, body: body))
                headers = []
            }
            return decided
        }
    }

    /// After `--boundary` at `index`: `--` closes, otherwise optional spaces and a line break open
    /// the next part's headers. False when the bytes that decide have not arrived.
    private mutating func afterDelimiter(_ index: Int) -> Bool {
        guard index + 2 <= buffer.count else { return false }
        sawDelimiter = true
        if buffer[index] == UInt8(ascii: "-"), buffer[index + 1] == UInt8(ascii: "-") {
            state = .closed
            buffer = []
            start = 0
            return false
        }
        var cursor = index
        // Transport padding (RFC 2046: spaces or tabs before the line break).
        while cursor < buffer.count, buffer[cursor] == 0x20 || buffer[cursor] == 0x09 { cursor += 1 }
        guard cursor < buffer.count else { return false }
        if buffer[cursor] == 0x0D {
            guard cursor + 1 < buffer.count else { return false }
            cursor += 1
        }
        // Anything else after a delimiter is not a delimiter line; RFC 2046 allows none, so treat
        // the line as part of a header block, which then fails as a bad header.
        if buffer[cursor] == 0x0A { cursor += 1 }
        start = cursor
        state = .headers
        return true
    }

    /// The next `--boundary` at the start of a line at or after `from`, and where the body before it
    /// ends (the line break before it belongs to the delimiter). `atBodyStart` also accepts one at
    /// the very start of the unread bytes with no line break.
    private func findDelimiter(from: Int, atBodyStart: Bool) -> (at: Int, lineBreak: Int)? {
        let length = dashBoundary.count
        return buffer.withUnsafeBufferPointer { bytes -> (Int, Int)? in
            if from == start, atBodyStart, start + length <= bytes.count, matches(bytes, at: start) { return (start, start) }
            // Every other delimiter follows an LF: only line ends are looked at, found a word at a time.
            var lineFeed = max(from - 1, start)
            while let found = ByteSearch.firstIndex(of: 0x0A, or: 0x0A, in: bytes, from: lineFeed) {
                let index = found + 1
                guard index + length <= bytes.count else { return nil }
                if matches(bytes, at: index) {
                    var lineBreak = found
                    if lineBreak > start, bytes[lineBreak - 1] == 0x0D { lineBreak -= 1 }
                    return (index, lineBreak)
                }
                lineFeed = index
            }
            return nil
        }
    }

    private func matches(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        for offset in 0..<dashBoundary.count where bytes[index + offset] != dashBoundary[offset] { return false }
        return true
    }

    /// Drops consumed bytes once they are most of the buffer, so a long stream stays small and a
    /// part is not copied once per chunk.
    private mutating func compact() {
        guard start > 0, start >= buffer.count / 2 else { return }
        buffer.removeSubrange(..<start)
        scanned -= start
        start = 0
    }
}

/// Media type parameters (`type/subtype; name=value; name="quoted value"`), names lowercased.
enum MediaType {
    /// The type and subtype, lowercased, without parameters.
    static func essence(_ contentType: String) -> String {
        let head = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return head.trimmingBlanks().lowercased()
    }

    static func parameters(_ contentType: String) -> [(name: String, value: String)] {
        var result: [(String, String)] = []
        var characters = Substring(contentType)
        guard let semicolon = characters.firstIndex(of: ";") else { return [] }
        characters = characters[characters.index(after: semicolon)...]
        while !characters.isEmpty {
            characters = characters.drop { $0 == " " || $0 == "\t" || $0 == ";" }
            let nameEnd = characters.firstIndex { $0 == "=" || $0 == ";" } ?? characters.endIndex
            let name = characters[..<nameEnd].trimmingBlanks().lowercased()
            characters = characters[nameEnd...]
            guard characters.first == "=" else {
                continue
            }
            characters = characters.dropFirst()
            var value = ""
            if characters.first == "\"" {
                // A quoted string: backslash escapes the next character.
                characters = characters.dropFirst()
                var escaped = false
                while let character = characters.first {
                    characters = characters.dropFirst()
                    if escaped {
                        value.append(character)
                        escaped = false
                    } else if character == "\\" {
                        escaped = true
                    } else if character == "\"" {
                        break
                    } else {
                        value.append(character)
                    }
                }
                characters = characters.drop { $0 != ";" }
            } else {
                let end = characters.firstIndex(of: ";") ?? characters.endIndex
                value = characters[..<end].trimmingBlanks()
                characters = characters[end...]
            }
            if !name.isEmpty { result.append((name, value)) }
        }
        return result
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs (the framing code does without Foundation).
    func trimmingBlanks() -> String {
        let view = unicodeScalars
        guard let first = view.firstIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        let last = view.lastIndex { $0 != " " && $0 != "\t" }!
        return String(self[first...last])
    }
}
