import Baton
import Testing

/// `EventStreamParser` over the event streams strawberry sent (spec/wire/) and every malformed shape.
@Suite struct EventStreamParserTests {
    typealias Parser = EventStreamParser
    typealias Event = EventStreamParser.Event

    static func parse(_ body: [UInt8], cuts: [Int] = [], limit: Int = 1 << 20) throws -> [Event] {
        var parser = Parser(maximumEventSize: limit)
        var events: [Event] = []
        var from = 0
        for cut in cuts + [body.count] {
            events += try parser.feed(body[from..<cut])
            from = cut
        }
        try parser.finish()
        return events
    }

    static func parse(_ text: String) throws -> [Event] { try parse(Array(text.utf8)) }

    static func event(_ type: String, _ data: String, id: String? = nil) -> Event {
        Event(type: type, data: Array(data.utf8), id: id)
    }

    @Test func countdownGivesNextEventsThenComplete() throws {
        let events = try Self.parse(MultipartParserTests.fixture("countdown.sse"))
        #expect(
            events == [
                Self.event("next", #"{"data":{"countdown":3}}"#), Self.event("next", #"{"data":{"countdown":2}}"#),
                Self.event("next", #"{"data":{"countdown":1}}"#), Self.event("next", #"{"data":{"countdown":0}}"#),
                Self.event("complete", ""),
            ])
    }

    @Test(arguments: ["countdown.sse", "defer.sse"])
    func splitAtEveryPositionGivesTheSameEvents(_ name: String) throws {
        let body = try MultipartParserTests.fixture(name)
        let whole = try Self.parse(body)
        #expect(whole.last?.type == "complete")
        for cut in 0...body.count { #expect(try Self.parse(body, cuts: [cut]) == whole, "cut at \(cut)") }
        #expect(try Self.parse(body, cuts: Array(0..<body.count)) == whole)
    }

    @Test func everyLineEndIsOneLineEnd() throws {
        let expected = [Self.event("next", "a\nb"), Self.event("complete", "")]
        for end in ["\r\n", "\n", "\r"] {
            let text = ["event: next", "data: a", "data: b", "", "event: complete", "data: ", "", ""].joined(separator: end)
            let body = Array(text.utf8)
            #expect(try Self.parse(body) == expected, "line end \(Array(end.utf8))")
            // A CR at the end of one chunk and the LF at the start of the next are one line end.
            for cut in 0...body.count { #expect(try Self.parse(body, cuts: [cut]) == expected) }
        }
    }

    @Test func commentsHeartbeatsAndUnknownFieldsAreSkipped() throws {
        let text = ": ping\n\n:\n\nretry: 10\nfoo: bar\nid: 7\nevent:next\ndata:{\"x\":1}\ndata\n\n"
        #expect(try Self.parse(text) == [Event(type: "next", data: Array("{\"x\":1}\n".utf8), id: "7")])
    }

    @Test func dataWithoutEventIsAMessageAndOnlyOneSpaceIsDropped() throws {
        #expect(try Self.parse("data:  two spaces\n\n") == [Self.event("message", " two spaces")])
        #expect(try Self.parse("data: a: b\n\n") == [Self.event("message", "a: b")])
    }

    @Test func byteOrderMarkIsSkippedEvenSplit() throws {
        let body: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("data: x\n\n".utf8)
        for cut in 0...body.count { #expect(try Self.parse(body, cuts: [cut]) == [Self.event("message", "x")]) }
    }

    @Test func truncatedStreamsFailAtFinish() throws {
        for text in ["event: next\ndata: {}\n", "data: {}", "event: next", "id: 1\n"] {
            var parser = Parser()
            _ = try parser.feed(Array(text.utf8))
            #expect(throws: Parser.Error.truncated, "\(text)") { try parser.finish() }
        }
        var parser = Parser()
        _ = try parser.feed(Array(": only a comment\n".utf8))
        try parser.finish()
    }

    @Test func oversizedEventsFail() throws {
        var lines = Parser(maximumEventSize: 64)
        #expect(throws: Parser.Error.eventTooLarge(limit: 64)) {
            for _ in 0..<20 { _ = try lines.feed(Array("data: 0123456789\n".utf8)) }
        }
        var oneLine = Parser(maximumEventSize: 64)
        #expect(throws: Parser.Error.eventTooLarge(limit: 64)) {
            for _ in 0..<20 { _ = try oneLine.feed(Array("0123456789".utf8)) }
        }
        // The limit is per event: many small events pass.
        var many = Parser(maximumEventSize: 64)
        var count = 0
        for _ in 0..<100 { count += try many.feed(Array("data: 0123456789\n\n".utf8)).count }
        #expect(count == 100)
    }

    @Test func largeStreamsAreLinear() throws {
        var body: [UInt8] = []
        let payload = String(repeating: "x", count: 1024)
        for _ in 0..<2000 { body += Array("event: next\r\ndata: {\"p\":\"\(payload)\"}\r\n\r\n".utf8) }
        let start = ContinuousClock.now
        let events = try Self.parse(body, cuts: Array(stride(from: 1500, to: body.count, by: 1500)))
        #expect(events.count == 2000)
        #expect(ContinuousClock.now - start < .seconds(10))
    }
}
