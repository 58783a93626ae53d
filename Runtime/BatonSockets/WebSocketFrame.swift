/// One RFC 6455 frame: its FIN bit, opcode and (unmasked) payload. Client frames are encoded
/// masked with a fresh random key (section 5.3); server frames are decoded by
/// `WebSocketFrameDecoder`, which refuses masked ones.
public struct WebSocketFrame: Sendable, Equatable {
    public enum Opcode: UInt8, Sendable {
        case continuation = 0x0
        case text = 0x1
        case binary = 0x2
        case close = 0x8
        case ping = 0x9
        case pong = 0xA

        /// Close, ping and pong: at most 125 bytes, never fragmented (section 5.5).
        public var isControl: Bool { rawValue & 0x8 != 0 }
    }

    public var fin: Bool
    public var opcode: Opcode
    public var payload: [UInt8]

    public init(fin: Bool = true, opcode: Opcode, payload: [UInt8]) {
        self.fin = fin
        self.opcode = opcode
        self.payload = payload
    }

    /// The frame as a client sends it: masked with `maskKey`, a fresh random key unless a test
    /// gives one (a predictable key would let a page steer the bytes an intermediary sees).
    public func encoded(maskKey: (UInt8, UInt8, UInt8, UInt8)? = nil) -> [UInt8] {
        let key = maskKey ?? Self.randomKey()
        var out: [UInt8] = []
        out.reserveCapacity(payload.count + 14)
        out.append((fin ? 0x80 : 0) | opcode.rawValue)
        switch payload.count {
        case 0...125:
            out.append(0x80 | UInt8(payload.count))
        case 126...0xFFFF:
            out.append(0x80 | 126)
            out.append(UInt8(payload.count >> 8))
            out.append(UInt8(payload.count & 0xFF))
        default:
            out.append(0x80 | 127)
            let length = UInt64(payload.count)
            for shift in stride(from: 56, through: 0, by: -8) { out.append(UInt8(truncatingIfNeeded: length >> UInt64(shift))) }
        }
        let keyBytes = [key.0, key.1, key.2, key.3]
        out.append(contentsOf: keyBytes)
        for (index, byte) in payload.enumerated() { out.append(byte ^ keyBytes[index & 3]) }
        return out
    }

    static func randomKey() -> (UInt8, UInt8, UInt8, UInt8) {
        let value = UInt32.random(in: .min ... .max)
        return (
            UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8),
            UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 24)
        )
    }
}

/// Server frames from a byte stream that arrives in chunks of any size: `append` what the socket
/// read, then take frames with `next()` until it answers nil (the rest of a frame has not come).
/// A frame that breaks the protocol throws a `WebSocketError` naming the close code to send.
public struct WebSocketFrameDecoder: Sendable {
    /// The largest payload one frame may declare; a larger one fails with 1009 before any of it
    /// is buffered.
    public let maxPayload: Int
    private var buffer: [UInt8] = []
    private var start = 0

    public init(maxPayload: Int = 16 << 20) {
        self.maxPayload = maxPayload
    }

    public mutating func append<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        buffer.append(contentsOf: bytes)
    }

    /// Bytes received and not yet part of a returned frame.
    public var pendingByteCount: Int { buffer.count - start }

    public mutating func next() throws(WebSocketError) -> WebSocketFrame? {
        let available = buffer.count - start
        guard available >= 2 else { return nil }
        let first = buffer[start]
        let second = buffer[start + 1]
        guard first & 0x70 == 0 else {
            throw .violation(1002, "a frame sets reserved bits (no extension was negotiated)")
        }
        guard let opcode = WebSocketFrame.Opcode(rawValue: first & 0x0F) else {
            throw .violation(1002, "a frame has the reserved opcode \(first & 0x0F)")
        }
        let fin = first & 0x80 != 0
        guard second & 0x80 == 0 else { throw .violation(1002, "the server sent a masked frame") }
        var header = 2
        var length = UInt64(second & 0x7F)
        if length == 126 {
            guard available >= 4 else { return nil }
            length = UInt64(buffer[start + 2]) << 8 | UInt64(buffer[start + 3])
            header = 4
            guard length >= 126 else { throw .violation(1002, "a frame's 16-bit length \(length) is not minimal") }
        } else if length == 127 {
            guard available >= 10 else { return nil }
            length = 0
            for index in 0..<8 { length = length << 8 | UInt64(buffer[start + 2 + index]) }
            header = 10
            guard length >> 63 == 0 else { throw .violation(1002, "a frame's 64-bit length sets its top bit") }
            guard length > 0xFFFF else { throw .violation(1002, "a frame's 64-bit length \(length) is not minimal") }
        }
        if opcode.isControl {
            guard fin else { throw .violation(1002, "a fragmented \(opcode) frame (control frames are never fragmented)") }
            guard length <= 125 else { throw .violation(1002, "a \(opcode) frame of \(length) bytes (at most 125)") }
        }
        guard length <= UInt64(maxPayload) else {
            throw .violation(1009, "a frame of \(length) bytes (the limit is \(maxPayload))")
        }
        let total = header + Int(length)
        guard available >= total else { return nil }
        let payload = Array(buffer[(start + header)..<(start + total)])
        start += total
        // Drop consumed bytes once they are most of the buffer, so appends stay amortized O(1).
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        } else if start > 4096 && start * 2 > buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
        return WebSocketFrame(fin: fin, opcode: opcode, payload: payload)
    }
}
