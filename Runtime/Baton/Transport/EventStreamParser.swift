/// Reads a `text/event-stream` body (the WHATWG server-sent events format) as a network delivers
/// it: fed chunk by chunk, it gives each event once the empty line that ends it has arrived.
/// graphql-sse sends a subscription this way: `next` events carry payloads, `complete` ends.
///
/// Lines end in CRLF, LF or CR (a CR at the end of one chunk and an LF at the start of the next are
/// one line end). `event:` names the event, `data:` lines are joined with LF, `id:` is kept, a line
/// starting with `:` is a comment (a heartbeat), other fields are ignored; one space after the
/// colon is not part of the value.
public struct EventStreamParser: Sendable {
    public struct Event: Sendable, Equatable {
        /// The `event:` field; `message` when the event has none.
        public let type: String
        public let data: [UInt8]
        public let id: String?

        public init(type: String, data: [UInt8], id: String? = nil) {
            self.type = type
            self.data = data
            self.id = id
        }
    }

    public enum Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// An event (its lines so far) grew past the limit before the empty line that ends it.
        case eventTooLarge(limit: Int)
        /// The body ended inside an event.
        case truncated

        public var description: String {
            switch self {
            case .eventTooLarge(let limit): "a server-sent event is larger than \(limit) bytes"
            case .truncated: "the event stream ended inside an event"
            }
        }
    }

    /// 16 MiB: larger than any payload a client means to hold, small enough to fail early.
    public static let defaultMaximumEventSize = 16 << 20

    private let maximumEventSize: Int
    /// The current line's bytes so far.
    private var line: [UInt8] = []
    /// The last byte read was a CR: an LF right after it ends nothing more.
    private var afterCR = false
    /// No line read yet: a byte order mark is skipped.
    private var atStart = true
    private var type: String?
    private var data: [UInt8] = []
    private var hasData = false
    private var id: String?
    private var size = 0

    public init(maximumEventSize: Int = EventStreamParser.defaultMaximumEventSize) {
        self.maximumEventSize = maximumEventSize
    }

    /// Reads `bytes` and returns the events they completed, in order.
    public mutating func feed(_ bytes: some Collection<UInt8>) throws(Error) -> [Event] {
        var events: [Event] = []
        var failure: Error?
        // Read in place when the chunk is contiguous (an array, `Data`); copied once otherwise.
        let read: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            do throws(Error) { try scan(buffer, into: &events) } catch { failure = error }
        }
        if read == nil {
            [UInt8](bytes).withUnsafeBufferPointer { buffer in
                do throws(Error) { try scan(buffer, into: &events) } catch { failure = error }
            }
        }
        if let failure { throw failure }
        return events
    }

    /// Splits `bytes` at line ends: a line that lies whole in this chunk is read where it lies, one
    /// cut across chunks is gathered in `line` first.
    private mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, into events: inout [Event]) throws(Error) {
        var index = 0
        // The LF of a CRLF whose CR ended the last chunk's line.
        if afterCR, index < bytes.count {
            afterCR = false
            if bytes[index] == 0x0A { index += 1 }
        }
        while index < bytes.count {
            guard let end = ByteSearch.firstIndex(of: 0x0A, or: 0x0D, in: bytes, from: index) else {
                line.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index...]))
                break
            }
            if line.isEmpty {
                try take(UnsafeBufferPointer(rebasing: bytes[index..<end]), into: &events)
            } else {
                line.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<end]))
                // Taken out while it is read (`take` changes the parser), put back for its capacity.
                var whole: [UInt8] = []
                swap(&whole, &line)
                try whole.withUnsafeBufferPointer { (whole) throws(Error) in try take(whole, into: &events) }
                whole.removeAll(keepingCapacity: true)
                line = whole
            }
            index = end + 1
            if bytes[end] == 0x0D {
                if index == bytes.count {
                    afterCR = true
                } else if bytes[index] == 0x0A {
                    index += 1
                }
            }
        }
        if size + line.count > maximumEventSize { throw .eventTooLarge(limit: maximumEventSize) }
    }

    /// Says the body ended: an error if it ended inside an event (fields read and not dispatched,
    /// or a line without its end).
    public func finish() throws(Error) {
        if !line.isEmpty || type != nil || hasData || id != nil {
            throw .truncated
        }
    }

    /// One complete line: an empty one dispatches the event.
    private mutating func take(_ line: UnsafeBufferPointer<UInt8>, into events: inout [Event]) throws(Error) {
        var line = line[...]
        if atStart {
            // A UTF-8 byte order mark may open the stream.
            atStart = false
            if line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }
        }
        guard !line.isEmpty else {
            // An event with neither a type nor data (only comments, or only an id) is nothing to
            // deliver; graphql-sse's `complete` has a type and empty data, so it is delivered.
            if type != nil || hasData {
                events.append(Event(type: type ?? "message", data: data, id: id))
            }
            type = nil
            data.removeAll()
            hasData = false
            id = nil
            size = 0
            return
        }
        size += line.count + 1
        if size > maximumEventSize { throw .eventTooLarge(limit: maximumEventSize) }
        if line.first == UInt8(ascii: ":") { return }
        let colon = line.firstIndex(of: UInt8(ascii: ":"))
        let name = line[..<(colon ?? line.endIndex)]
        var value = colon.map { line[($0 + 1)...] } ?? line[line.endIndex...]
        if value.first == 0x20 { value = value.dropFirst() }
        if name.elementsEqual("data".utf8) {
            if hasData { data.append(0x0A) }
            data.append(contentsOf: value)
            hasData = true
        } else if name.elementsEqual("event".utf8) {
            type = String(decoding: value, as: UTF8.self)
        } else if name.elementsEqual("id".utf8) {
            // An id with NUL is ignored, as the format says.
            if !value.contains(0) { id = String(decoding: value, as: UTF8.self) }
        }
    }
}
