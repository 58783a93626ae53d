/// Splits the byte stream of the LSP base protocol into message bodies.
///
/// A message is a header block (`Name: value\r\n` lines ended by an empty line; only
/// `Content-Length` matters, `Content-Type` is accepted) followed by exactly that many body
/// bytes. Bytes arrive in arbitrary chunks, so the framer keeps what it has not consumed:
/// a header split over two reads, or two messages in one read, come out the same.
///
/// A broken header (no or bad `Content-Length`, an oversized header or body) cannot be
/// skipped by length, so the framer reports it and resynchronizes at the next
/// `Content-Length:` in the stream (possibly inside the broken block itself).
package struct MessageFramer {
    package enum Event: Equatable, Sendable {
        case message([UInt8])
        /// The header was not usable; `detail` says why. The stream continues after it.
        case badHeader(String)
    }

    /// Headers longer than this without an empty line are garbage, not a header.
    package static let maximumHeaderLength = 8 * 1024
    /// Bodies above this would only exhaust memory; LSP messages for a 10 MB file are ~10 MB.
    package static let defaultMaximumBodyLength = 512 * 1024 * 1024

    private var buffer: [UInt8] = []
    /// Start of the unconsumed bytes in `buffer`.
    private var head = 0
    /// The body length of the header already read, while its body is still arriving.
    private var pendingBodyLength: Int?
    /// After a bad header: drop bytes until the next `Content-Length:`.
    private var resynchronizing = false
    package let maximumBodyLength: Int

    package init(maximumBodyLength: Int = MessageFramer.defaultMaximumBodyLength) {
        self.maximumBodyLength = maximumBodyLength
    }

    /// Bytes received but not yet part of a complete message.
    package var bufferedByteCount: Int { buffer.count - head }

    /// Adds received bytes and returns every event they complete, in stream order.
    package mutating func append(_ bytes: UnsafeRawBufferPointer) -> [Event] {
        buffer.append(contentsOf: bytes)
        return drain()
    }

    package mutating func append(_ bytes: [UInt8]) -> [Event] {
        bytes.withUnsafeBytes { append($0) }
    }

    private mutating func drain() -> [Event] {
        var events: [Event] = []
        while true {
            if resynchronizing {
                guard let next = find(Self.contentLengthPrefix, from: head, caseInsensitive: true) else {
                    // Keep a tail that may be the start of a split "Content-Length:".
                    head = max(head, buffer.count - Self.contentLengthPrefix.count + 1)
                    break
                }
                head = next
                resynchronizing = false
            }
            if let length = pendingBodyLength {
                guard buffer.count - head >= length else { break }
                events.append(.message(Array(buffer[head..<head + length])))
                head += length
                pendingBodyLength = nil
                continue
            }
            guard let end = find(Self.headerTerminator, from: head, caseInsensitive: false) else {
                if buffer.count - head > Self.maximumHeaderLength {
                    events.append(.badHeader("header longer than \(Self.maximumHeaderLength) bytes without an empty line"))
                    head += 1
                    resynchronizing = true
                    continue
                }
                break
            }
            let header = buffer[head..<end]
            switch parseContentLength(header) {
            case .success(let length):
                head = end + Self.headerTerminator.count
                pendingBodyLength = length
            case .failure(let problem):
                events.append(.badHeader(problem.detail))
                // Garbage may run into a good header ("xyz…Content-Length: 38\r\n\r\n"), so
                // look for the next header from inside this block, not after it.
                head += 1
                resynchronizing = true
            }
        }
        compact()
        return events
    }

    private struct HeaderProblem: Error { let detail: String }

    private func parseContentLength(_ header: ArraySlice<UInt8>) -> Result<Int, HeaderProblem> {
        var length: Int?
        for line in header.split(separator: 0x0A, omittingEmptySubsequences: false) {
            var line = line
            if line.last == 0x0D { line = line.dropLast() }
            if line.isEmpty { continue }  // a stray line break between messages
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
                let text = String(decoding: line.prefix(80), as: UTF8.self)
                return .failure(HeaderProblem(detail: "header line without ':' (\(text.debugDescription))"))
            }
            let name = String(decoding: line[line.startIndex..<colon], as: UTF8.self)
            let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingSpaces()
            guard name.lowercased() == "content-length" else { continue }
            guard !value.isEmpty, value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let parsed = Int(value) else {
                return .failure(HeaderProblem(detail: "Content-Length is not a number (\(value.prefix(40).debugDescription))"))
            }
            guard parsed <= maximumBodyLength else {
                return .failure(HeaderProblem(detail: "Content-Length \(parsed) exceeds the limit of \(maximumBodyLength) bytes"))
            }
            length = parsed
        }
        guard let length else { return .failure(HeaderProblem(detail: "header without Content-Length")) }
        return .success(length)
    }

    private static let headerTerminator: [UInt8] = Array("\r\n\r\n".utf8)
    private static let contentLengthPrefix: [UInt8] = Array("content-length:".utf8)

    private func find(_ needle: [UInt8], from start: Int, caseInsensitive: Bool) -> Int? {
        guard buffer.count - start >= needle.count else { return nil }
        let first = needle[0]
        var i = start
        let last = buffer.count - needle.count
        return buffer.withUnsafeBufferPointer { bytes -> Int? in
            while i <= last {
                let b = caseInsensitive ? lowercase(bytes[i]) : bytes[i]
                if b == first {
                    var k = 1
                    while k < needle.count && (caseInsensitive ? lowercase(bytes[i + k]) : bytes[i + k]) == needle[k] { k += 1 }
                    if k == needle.count { return i }
                }
                i += 1
            }
            return nil
        }
    }

    private func lowercase(_ b: UInt8) -> UInt8 {
        b >= 0x41 && b <= 0x5A ? b + 0x20 : b
    }

    /// Drops consumed bytes once they are most of the buffer, keeping appends amortized O(1).
    private mutating func compact() {
        if head == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 20)
            head = 0
        } else if head > 64 * 1024 && head > buffer.count / 2 {
            buffer.removeSubrange(0..<head)
            head = 0
        }
    }

    /// Frames a body for sending: `Content-Length: N\r\n\r\n` then the body.
    package static func frame(_ body: [UInt8]) -> [UInt8] {
        var out = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
        out.append(contentsOf: body)
        return out
    }
}

extension String {
    func trimmingSpaces() -> String {
        var scalars = Substring(self)
        while let f = scalars.first, f == " " || f == "\t" { scalars.removeFirst() }
        while let l = scalars.last, l == " " || l == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
