/// What a peer's frames mean once reassembled: a whole text or binary message, a control frame,
/// or the close frame's code and reason.
public enum WebSocketEvent: Sendable, Equatable {
    case text(String)
    case binary([UInt8])
    case ping([UInt8])
    case pong([UInt8])
    /// The peer's close frame: its code (nil when the frame had no payload) and reason.
    case close(code: UInt16?, reason: String)
}

/// Joins fragmented messages (continuation frames, with control frames allowed between them),
/// checks text is UTF-8 (1007) and the message within its size limit (1009), and parses close
/// frames (RFC 6455 sections 5.4, 5.5.1, 7.4). Throws the violation and its close code.
public struct WebSocketMessageAssembler: Sendable {
    public let maxMessage: Int
    private var partial: (opcode: WebSocketFrame.Opcode, bytes: [UInt8])?

    public init(maxMessage: Int = 16 << 20) {
        self.maxMessage = maxMessage
    }

    /// The event a frame completes, or nil for a fragment that leaves its message unfinished.
    public mutating func take(_ frame: WebSocketFrame) throws(WebSocketError) -> WebSocketEvent? {
        switch frame.opcode {
        case .ping: return .ping(frame.payload)
        case .pong: return .pong(frame.payload)
        case .close: return try Self.close(frame.payload)
        case .text, .binary:
            guard partial == nil else {
                throw .violation(1002, "a new \(frame.opcode) message began before the fragmented one ended")
            }
            guard frame.payload.count <= maxMessage else { throw tooLarge(frame.payload.count) }
            if frame.fin { return try Self.message(frame.opcode, frame.payload) }
            partial = (frame.opcode, frame.payload)
            return nil
        case .continuation:
            guard var message = partial else { throw .violation(1002, "a continuation frame with no message to continue") }
            partial = nil
            guard message.bytes.count + frame.payload.count <= maxMessage else {
                throw tooLarge(message.bytes.count + frame.payload.count)
            }
            message.bytes.append(contentsOf: frame.payload)
            if frame.fin { return try Self.message(message.opcode, message.bytes) }
            partial = message
            return nil
        }
    }

    private func tooLarge(_ count: Int) -> WebSocketError {
        .violation(1009, "a message of at least \(count) bytes (the limit is \(maxMessage))")
    }

    private static func message(_ opcode: WebSocketFrame.Opcode, _ bytes: [UInt8]) throws(WebSocketError) -> WebSocketEvent {
        guard opcode == .text else { return .binary(bytes) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .violation(1007, "a text message that is not valid UTF-8")
        }
        return .text(text)
    }

    /// A close frame's payload: empty, or a valid code then a UTF-8 reason.
    static func close(_ payload: [UInt8]) throws(WebSocketError) -> WebSocketEvent {
        if payload.isEmpty { return .close(code: nil, reason: "") }
        guard payload.count >= 2 else { throw .violation(1002, "a close frame with a one-byte payload") }
        let code = UInt16(payload[0]) << 8 | UInt16(payload[1])
        guard isValidReceivedCloseCode(code) else { throw .violation(1002, "a close frame with the invalid code \(code)") }
        guard let reason = String(validating: payload[2...], as: UTF8.self) else {
            throw .violation(1007, "a close reason that is not valid UTF-8")
        }
        return .close(code: code, reason: reason)
    }

    /// Codes a peer may put in a close frame (section 7.4): the defined 1000–1003 and 1007–1014,
    /// and the registered and private ranges 3000–4999. 1004–1006 and 1015 are reserved, and
    /// 1005/1006/1015 in particular only ever describe a close locally.
    public static func isValidReceivedCloseCode(_ code: UInt16) -> Bool {
        switch code {
        case 1000...1003, 1007...1014, 3000...4999: true
        default: false
        }
    }
}

extension WebSocketFrame {
    /// A close frame with `code` and `reason` (the reason cut to fit 125 bytes on a character
    /// boundary).
    public static func close(code: UInt16, reason: String) -> WebSocketFrame {
        var payload = [UInt8(code >> 8), UInt8(code & 0xFF)]
        var reasonBytes = Array(reason.utf8)
        if reasonBytes.count > 123 {
            var cut = 123
            while cut > 0 && reasonBytes[cut] & 0xC0 == 0x80 { cut -= 1 }
            reasonBytes = Array(reasonBytes[..<cut])
        }
        payload.append(contentsOf: reasonBytes)
        return WebSocketFrame(opcode: .close, payload: payload)
    }
}
