import Testing

@testable import BatonSockets

/// RFC 6455 framing: what the client encodes, and every malformed shape a server could send.
@Suite struct WebSocketFrameTests {
    /// A server frame (never masked) with any header shape.
    static func serverFrame(fin: Bool = true, rsv: UInt8 = 0, opcode: UInt8, payload: [UInt8], lengthForm: Int? = nil, masked: Bool = false)
        -> [UInt8]
    {
        var out: [UInt8] = [(fin ? 0x80 : 0) | rsv << 4 | opcode]
        let mask: UInt8 = masked ? 0x80 : 0
        switch lengthForm ?? (payload.count <= 125 ? 7 : payload.count <= 0xFFFF ? 16 : 64) {
        case 7: out.append(mask | UInt8(payload.count))
        case 16: out += [mask | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default:
            out.append(mask | 127)
            for shift in stride(from: 56, through: 0, by: -8) {
                out.append(UInt8(truncatingIfNeeded: UInt64(payload.count) >> UInt64(shift)))
            }
        }
        if masked {
            let key: [UInt8] = [1, 2, 3, 4]
            out += key
            out += payload.enumerated().map { $0.element ^ key[$0.offset & 3] }
        } else {
            out += payload
        }
        return out
    }

    static func decodeAll(_ bytes: [UInt8], maxPayload: Int = 1 << 20) throws(WebSocketError) -> [WebSocketFrame] {
        var decoder = WebSocketFrameDecoder(maxPayload: maxPayload)
        decoder.append(bytes)
        var frames: [WebSocketFrame] = []
        while let frame = try decoder.next() { frames.append(frame) }
        return frames
    }

    /// The close code of the violation `body` throws; nil when it throws nothing or something else.
    static func closeCode(_ body: () throws -> Void) -> UInt16? {
        do {
            try body()
            return nil
        } catch let error as WebSocketError {
            if case .protocolViolation(let code) = error.kind { return code }
            return nil
        } catch {
            return nil
        }
    }

    @Test func clientFramesAreMaskedWithTheGivenKey() {
        let frame = WebSocketFrame(opcode: .text, payload: Array("Hello".utf8))
        // RFC 6455 section 5.7's masked "Hello".
        #expect(frame.encoded(maskKey: (0x37, 0xFA, 0x21, 0x3D)) == [0x81, 0x85, 0x37, 0xFA, 0x21, 0x3D, 0x7F, 0x9F, 0x4D, 0x51, 0x58])
    }

    @Test func eachClientFrameHasAFreshKey() {
        let frame = WebSocketFrame(opcode: .text, payload: Array("same text".utf8))
        let keys = Set((0..<8).map { _ in Array(frame.encoded()[2..<6]) })
        #expect(keys.count > 1)
    }

    @Test(arguments: [0, 125, 126, 0xFFFF, 0x10000])
    func lengthsRoundTripThroughEachForm(_ count: Int) throws {
        let payload = (0..<count).map { UInt8(truncatingIfNeeded: $0) }
        let encoded = WebSocketFrame(opcode: .binary, payload: payload).encoded()
        #expect(encoded[1] & 0x80 == 0x80)
        let expectedHeader = count <= 125 ? 6 : count <= 0xFFFF ? 8 : 14
        #expect(encoded.count == expectedHeader + count)
        // The same frame as a server sends it decodes to the payload.
        let frames = try Self.decodeAll(Self.serverFrame(opcode: 2, payload: payload), maxPayload: 1 << 20)
        #expect(frames == [WebSocketFrame(opcode: .binary, payload: payload)])
    }

    /// Cut after every byte, a valid sequence decodes to a prefix of its frames and never throws;
    /// fed one byte at a time it decodes whole.
    @Test func truncatedAtEveryByteWaitsForTheRest() throws {
        let bytes =
            Self.serverFrame(opcode: 1, payload: Array("short".utf8))
            + Self.serverFrame(opcode: 2, payload: [UInt8](repeating: 7, count: 300))
            + Self.serverFrame(fin: false, opcode: 1, payload: Array("frag".utf8))
            + Self.serverFrame(opcode: 9, payload: [1, 2, 3])
            + Self.serverFrame(opcode: 0, payload: Array("ment".utf8))
            + Self.serverFrame(opcode: 8, payload: [0x03, 0xE8])
        let whole = try Self.decodeAll(bytes)
        #expect(whole.count == 6)
        for cut in 0..<bytes.count {
            let frames = try Self.decodeAll(Array(bytes[..<cut]))
            #expect(frames.count < whole.count && Array(whole.prefix(frames.count)) == frames, "cut at \(cut)")
        }
        var decoder = WebSocketFrameDecoder(maxPayload: 1 << 20)
        var frames: [WebSocketFrame] = []
        for byte in bytes {
            decoder.append([byte])
            while let frame = try decoder.next() { frames.append(frame) }
        }
        #expect(frames == whole)
    }

    /// A 64-bit length frame cut anywhere in its header or payload is still waiting.
    @Test func truncatedLongFrameWaits() throws {
        let bytes = Self.serverFrame(opcode: 2, payload: [UInt8](repeating: 9, count: 70_000))
        for cut in Array(0..<14) + [100, 65_535, 65_536, bytes.count - 1] {
            #expect(try Self.decodeAll(Array(bytes[..<cut])).isEmpty, "cut at \(cut)")
        }
        #expect(try Self.decodeAll(bytes).first?.payload.count == 70_000)
    }

    @Test func maskedServerFrameIsAProtocolError() {
        #expect(Self.closeCode { _ = try Self.decodeAll(Self.serverFrame(opcode: 1, payload: [0x61], masked: true)) } == 1002)
    }

    @Test(arguments: [1, 2, 4, 7])
    func reservedBitsAreRefused(_ rsv: UInt8) {
        #expect(Self.closeCode { _ = try Self.decodeAll(Self.serverFrame(rsv: rsv, opcode: 1, payload: [])) } == 1002)
    }

    @Test(arguments: [3, 4, 5, 6, 7, 0xB, 0xC, 0xD, 0xE, 0xF] as [UInt8])
    func reservedOpcodesAreRefused(_ opcode: UInt8) {
        #expect(Self.closeCode { _ = try Self.decodeAll(Self.serverFrame(opcode: opcode, payload: [])) } == 1002)
    }

    @Test(arguments: [8, 9, 10] as [UInt8])
    func controlFramesAreShortAndWhole(_ opcode: UInt8) {
        let long = [UInt8](repeating: 0x61, count: 126)
        #expect(Self.closeCode { _ = try Self.decodeAll(Self.serverFrame(opcode: opcode, payload: long)) } == 1002)
        #expect(Self.closeCode { _ = try Self.decodeAll(Self.serverFrame(fin: false, opcode: opcode, payload: [3, 232])) } == 1002)
    }

    @Test func nonMinimalLengthsAreRefused() {
        #expect(Self.closeCode { _ = try Self.decodeAll(Self.serverFrame(opcode: 2, payload: [1, 2], lengthForm: 16)) } == 1002)
        #expect(Self.closeCode { _ = try Self.decodeAll(Self.serverFrame(opcode: 2, payload: [1, 2], lengthForm: 64)) } == 1002)
        // A 64-bit length with its top bit set.
        #expect(Self.closeCode { _ = try Self.decodeAll([0x82, 127, 0x80, 0, 0, 0, 0, 0, 0, 0]) } == 1002)
    }

    /// A frame declaring more than the limit fails from its header, before its payload arrives.
    @Test func oversizedFrameFailsFromItsHeader() {
        #expect(Self.closeCode { _ = try Self.decodeAll([0x82, 127, 0, 0, 0, 1, 0, 0, 0, 0], maxPayload: 1024) } == 1009)
        #expect(Self.closeCode { _ = try Self.decodeAll([0x82, 126, 0x04, 0x01], maxPayload: 1024) } == 1009)
    }
}

/// Messages from frames: fragments, interleaved control frames, UTF-8, size limit, close codes.
@Suite struct WebSocketMessageTests {
    static func take(_ frames: [WebSocketFrame], maxMessage: Int = 1 << 20) throws(WebSocketError) -> [WebSocketEvent] {
        var assembler = WebSocketMessageAssembler(maxMessage: maxMessage)
        var events: [WebSocketEvent] = []
        for frame in frames {
            if let event = try assembler.take(frame) { events.append(event) }
        }
        return events
    }

    static func code(_ frames: [WebSocketFrame], maxMessage: Int = 1 << 20) -> UInt16? {
        WebSocketFrameTests.closeCode { _ = try take(frames, maxMessage: maxMessage) }
    }

    @Test func fragmentsJoinAroundControlFrames() throws {
        let events = try Self.take([
            WebSocketFrame(fin: false, opcode: .text, payload: Array("Hel".utf8)),
            WebSocketFrame(opcode: .ping, payload: [1]),
            WebSocketFrame(fin: false, opcode: .continuation, payload: Array("lo, ".utf8)),
            WebSocketFrame(opcode: .pong, payload: []),
            WebSocketFrame(opcode: .continuation, payload: Array("wörld".utf8)),
            WebSocketFrame(opcode: .binary, payload: [0xFF]),
        ])
        #expect(events == [.ping([1]), .pong([]), .text("Hello, wörld"), .binary([0xFF])])
    }

    /// A character split across fragments is valid once joined.
    @Test func utf8SplitAcrossFragments() throws {
        let bytes = Array("é".utf8)
        let events = try Self.take([
            WebSocketFrame(fin: false, opcode: .text, payload: [bytes[0]]),
            WebSocketFrame(opcode: .continuation, payload: [bytes[1]]),
        ])
        #expect(events == [.text("é")])
    }

    @Test(arguments: [[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0x61, 0xF8, 0x88, 0x80, 0x80, 0x80]] as [[UInt8]])
    func badUTF8TextCloses1007(_ bytes: [UInt8]) {
        #expect(Self.code([WebSocketFrame(opcode: .text, payload: bytes)]) == 1007)
    }

    @Test func unexpectedContinuationIsAProtocolError() {
        #expect(Self.code([WebSocketFrame(opcode: .continuation, payload: [0x61])]) == 1002)
    }

    @Test func newMessageInsideAFragmentedOneIsAProtocolError() {
        #expect(
            Self.code([
                WebSocketFrame(fin: false, opcode: .text, payload: [0x61]),
                WebSocketFrame(opcode: .text, payload: [0x62]),
            ]) == 1002)
    }

    @Test func oversizedMessagesClose1009() {
        #expect(Self.code([WebSocketFrame(opcode: .binary, payload: [UInt8](repeating: 0, count: 11))], maxMessage: 10) == 1009)
        // Fragments each under the limit, together over it.
        #expect(
            Self.code(
                [
                    WebSocketFrame(fin: false, opcode: .text, payload: [UInt8](repeating: 0x61, count: 6)),
                    WebSocketFrame(fin: false, opcode: .continuation, payload: [UInt8](repeating: 0x61, count: 6)),
                ], maxMessage: 10) == 1009)
    }

    @Test func closeFramesParse() throws {
        #expect(try Self.take([WebSocketFrame(opcode: .close, payload: [])]) == [.close(code: nil, reason: "")])
        #expect(
            try Self.take([.close(code: 4400, reason: "Unknown message type: bogus")]) == [
                .close(code: 4400, reason: "Unknown message type: bogus")
            ])
        #expect(try Self.take([.close(code: 1000, reason: "")]) == [.close(code: 1000, reason: "")])
    }

    @Test(arguments: [0, 999, 1004, 1005, 1006, 1015, 1016, 2999, 5000, 65535] as [UInt16])
    func invalidCloseCodesAreProtocolErrors(_ code: UInt16) {
        #expect(Self.code([WebSocketFrame(opcode: .close, payload: [UInt8(code >> 8), UInt8(code & 0xFF)])]) == 1002)
    }

    @Test func malformedClosePayloads() {
        #expect(Self.code([WebSocketFrame(opcode: .close, payload: [0x03])]) == 1002)
        #expect(Self.code([WebSocketFrame(opcode: .close, payload: [0x03, 0xE8, 0xFF, 0xFE])]) == 1007)
    }

    @Test func closeReasonIsCutOnACharacterBoundary() throws {
        let frame = WebSocketFrame.close(code: 1000, reason: String(repeating: "é", count: 100))
        #expect(frame.payload.count <= 125)
        #expect(try Self.take([frame]) == [.close(code: 1000, reason: String(repeating: "é", count: 61))])
    }
}
