import Testing

@testable import BatonLanguageServer

@Suite struct MessageFramerTests {
    func framed(_ body: String) -> [UInt8] {
        MessageFramer.frame(Array(body.utf8))
    }

    func bodies(_ events: [MessageFramer.Event]) -> [String] {
        events.compactMap { if case .message(let b) = $0 { String(decoding: b, as: UTF8.self) } else { nil } }
    }

    @Test func oneByteAtATime() {
        var framer = MessageFramer()
        var events: [MessageFramer.Event] = []
        for byte in framed(#"{"a":"é"}"#) + framed("[]") {
            events += framer.append([byte])
        }
        #expect(bodies(events) == [#"{"a":"é"}"#, "[]"])
        #expect(framer.bufferedByteCount == 0)
    }

    @Test func headerSplitInsideTheTerminator() {
        var framer = MessageFramer()
        #expect(framer.append(Array("Content-Length: 2\r\n\r".utf8)).isEmpty)
        #expect(framer.append(Array("\n[".utf8)).isEmpty)
        #expect(bodies(framer.append(Array("]".utf8))) == ["[]"])
    }

    @Test func twoMessagesAndAHalfInOneChunk() {
        var framer = MessageFramer()
        let stream = framed("1") + framed("22") + framed("333")
        let cut = stream.count - 2
        #expect(bodies(framer.append(Array(stream[..<cut]))) == ["1", "22"])
        #expect(bodies(framer.append(Array(stream[cut...]))) == ["333"])
    }

    @Test func otherHeadersAndCaseAreAccepted() {
        var framer = MessageFramer()
        let stream = Array("content-type: application/vscode-jsonrpc; charset=utf-8\r\nCONTENT-LENGTH:  3 \r\n\r\nabc".utf8)
        #expect(bodies(framer.append(stream)) == ["abc"])
    }

    @Test func badContentLengthIsReportedAndTheNextMessageStillArrives() {
        var framer = MessageFramer()
        let stream = Array("Content-Length: abc\r\n\r\n{\"x\":1}".utf8) + framed("ok")
        let events = framer.append(stream)
        #expect(events.count == 2)
        guard case .badHeader(let detail) = events.first else {
            Issue.record("expected a bad header first, got \(events)")
            return
        }
        #expect(detail.contains("Content-Length is not a number"))
        #expect(bodies(events) == ["ok"])
    }

    @Test func negativeAndOversizedLengths() {
        var framer = MessageFramer(maximumBodyLength: 100)
        // After a bad header the framer skips to the next Content-Length, so the unusable
        // block in between is dropped without an event of its own.
        let stream =
            Array("Content-Length: -5\r\n\r\n".utf8)
            + Array("X-Other: 1\r\n\r\n".utf8)
            + Array("Content-Length: 101\r\n\r\n".utf8)
            + framed("fine")
        let events = framer.append(stream)
        let problems = events.compactMap { if case .badHeader(let d) = $0 { d } else { nil } }
        #expect(problems.count == 2, "\(problems)")
        #expect(problems.first?.contains("not a number") == true)
        #expect(problems.last?.contains("exceeds the limit") == true)
        #expect(bodies(events) == ["fine"])
    }

    @Test func headerLineWithoutColon() {
        var framer = MessageFramer()
        let events = framer.append(Array("no colon here\r\n\r\n".utf8) + framed("fine"))
        #expect(events.count == 2)
        if case .badHeader(let detail)? = events.first { #expect(detail.contains("without ':'")) } else { Issue.record("\(events)") }
        #expect(bodies(events) == ["fine"])
    }

    @Test func garbageRunningIntoAGoodHeader() {
        var framer = MessageFramer()
        let events = framer.append(Array("\u{1}\u{2}garbage\r\nContent-Length: 2\r\n\r\nok".utf8) + framed("next"))
        #expect(events.count == 3)
        #expect(bodies(events) == ["ok", "next"])
    }

    @Test func headerWithoutContentLength() {
        var framer = MessageFramer()
        let events = framer.append(Array("Content-Type: x\r\n\r\n".utf8) + framed("[1]"))
        #expect(events.first == .badHeader("header without Content-Length"))
        #expect(bodies(events) == ["[1]"])
    }

    @Test func endlessHeaderIsGarbage() {
        var framer = MessageFramer()
        let garbage = [UInt8](repeating: UInt8(ascii: "x"), count: MessageFramer.maximumHeaderLength + 10)
        let events = framer.append(garbage)
        #expect(events.count == 1)
        #expect(framer.bufferedByteCount < 20)
        #expect(bodies(framer.append(framed("after"))) == ["after"])
    }

    @Test func emptyBodyAndStrayLineBreaks() {
        var framer = MessageFramer()
        let events = framer.append(Array("Content-Length: 0\r\n\r\n\r\nContent-Length: 1\r\n\r\nz".utf8))
        #expect(bodies(events) == ["", "z"])
    }

    @Test func largeBodyInChunks() {
        var framer = MessageFramer()
        let body = String(repeating: "abcdefgh", count: 200_000)
        let stream = framed(body)
        var events: [MessageFramer.Event] = []
        var i = 0
        while i < stream.count {
            let j = min(stream.count, i + 65_536)
            events += framer.append(Array(stream[i..<j]))
            i = j
        }
        #expect(bodies(events) == [body])
    }
}
