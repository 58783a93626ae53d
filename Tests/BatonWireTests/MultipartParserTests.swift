import Baton
import BatonTestServer
import Foundation
import Testing

/// `MultipartParser` over the bodies strawberry sent (spec/wire/) and every malformed shape.
@Suite struct MultipartParserTests {
    typealias Parser = MultipartParser

    static func fixture(_ name: String) throws -> [UInt8] {
        let url = TestServer.repository.appendingPathComponent("spec/wire/\(name)")
        return try [UInt8](Data(contentsOf: url))
    }

    /// Parses `body` fed in `chunks` pieces at the given cut points; checks the close.
    static func parse(_ body: [UInt8], boundary: String = "-", cuts: [Int] = [], limit: Int = 1 << 20) throws -> [Parser.Part] {
        var parser = Parser(boundary: boundary, maximumPartSize: limit)
        var parts: [Parser.Part] = []
        var from = 0
        for cut in cuts + [body.count] {
            parts += try parser.feed(body[from..<cut])
            from = cut
        }
        try parser.finish()
        return parts
    }

    static func texts(_ parts: [Parser.Part]) -> [String] {
        parts.map { String(decoding: $0.body, as: UTF8.self) }
    }

    @Test func deferBodyGivesTwoPayloadsWithHeaders() throws {
        let parts = try Self.parse(Self.fixture("defer.multipart"))
        #expect(parts.count == 2)
        #expect(parts[0].header("content-type") == "application/json; charset=utf-8")
        #expect(parts[0].header("Content-Length") == "149")
        #expect(parts[0].body.count == 149)
        #expect(Self.texts(parts)[0].hasPrefix(#"{"data":{"character":{"id":"1","name":"Rick Sanchez"}},"hasNext":true"#))
        #expect(Self.texts(parts)[1].hasSuffix(#""label":"origin"}]}"#))
        for part in parts { #expect(part.body.count == Int(part.header("content-length") ?? "")) }
    }

    @Test(arguments: ["defer.multipart", "stream.multipart", "defer-and-stream.multipart"])
    func splitAtEveryPositionGivesTheSameParts(_ name: String) throws {
        let body = try Self.fixture(name)
        let whole = try Self.parse(body)
        #expect(!whole.isEmpty)
        for cut in 0...body.count {
            #expect(try Self.parse(body, cuts: [cut]) == whole, "cut at \(cut)")
        }
        // And one byte at a time, as a slow network might.
        #expect(try Self.parse(body, cuts: Array(0..<body.count)) == whole)
    }

    @Test func apolloSubscriptionBodySkipsItsPreambleAndKeepsTheEmptyPart() throws {
        let body = try Self.fixture("subscription-apollo.multipart")
        let parts = try Self.parse(body, boundary: "graphql")
        #expect(
            Self.texts(parts) == [
                #"{"payload":{"data":{"countdown":2}}}"#, #"{"payload":{"data":{"countdown":1}}}"#,
                #"{"payload":{"data":{"countdown":0}}}"#, "",
            ])
        for cut in 0...body.count { #expect(try Self.parse(body, boundary: "graphql", cuts: [cut]) == parts) }
    }

    @Test func boundaryFromContentType() {
        #expect(Parser.boundary(contentType: #"multipart/mixed; boundary="-""#) == "-")
        #expect(Parser.boundary(contentType: "multipart/mixed;boundary=graphql;subscriptionSpec=1.0,application/json") == "graphql")
        #expect(Parser.boundary(contentType: #"multipart/mixed; deferSpec=20220824; BOUNDARY="a b:c"; x="y;z""#) == "a b:c")
        #expect(Parser.boundary(contentType: #"multipart/mixed; boundary="quoted \"x\"""#) == nil)
        #expect(Parser.boundary(contentType: "multipart/mixed") == nil)
        #expect(Parser.boundary(contentType: "multipart/mixed; boundary=") == nil)
        #expect(Parser.boundary(contentType: "multipart/mixed; boundary=" + String(repeating: "x", count: 71)) == nil)
        #expect(Parser.boundary(contentType: #"multipart/mixed; boundary="ends in space ""#) == nil)
        #expect(throws: Parser.Error.noBoundary(contentType: "multipart/mixed")) {
            _ = try Parser(contentType: "multipart/mixed")
        }
    }

    @Test func preambleEpilogueLFOnlyAndPadding() throws {
        let body = Array("junk before\r\n--b  \nX-One: 1\n\nfirst\n--b\r\n\r\nsecond\r\n--b--\r\nepilogue --b\r\n".utf8)
        let parts = try Self.parse(body, boundary: "b")
        #expect(Self.texts(parts) == ["first", "second"])
        #expect(parts[0].headers == [MultipartParser.Header(name: "X-One", value: "1")])
        #expect(parts[1].headers.isEmpty)
    }

    @Test func emptyBodiesEndAtTheNextDelimiter() throws {
        let body = Array("--b\r\nX: 1\r\n\r\n--b\r\nX: 2\r\n\r\n\r\n--b\r\n\r\nthree\r\n--b--".utf8)
        for cut in 0...body.count {
            let parts = try Self.parse(body, boundary: "b", cuts: [cut])
            #expect(Self.texts(parts) == ["", "", "three"], "cut at \(cut)")
            #expect(parts.map { $0.header("x") } == ["1", "2", nil])
        }
    }

    @Test func aBoundaryInsideALineIsBody() throws {
        let body = Array("--b\r\n\r\nhas --b inside\r\nand x--b\r\n--b--".utf8)
        #expect(Self.texts(try Self.parse(body, boundary: "b")) == ["has --b inside\r\nand x--b"])
    }

    @Test func truncatedBodiesFailAtFinish() throws {
        let body = try Self.fixture("defer.multipart")
        // Every proper prefix ends before the close delimiter.
        for length in 0..<(body.count - 2) {
            var parser = Parser(boundary: "-")
            _ = try parser.feed(body[..<length])
            #expect(throws: Parser.Error.self, "prefix of \(length) bytes") { try parser.finish() }
        }
        var parser = Parser(boundary: "-")
        _ = try parser.feed(Array("no delimiter at all".utf8))
        #expect(throws: Parser.Error.truncated(sawDelimiter: false)) { try parser.finish() }
    }

    @Test func missingBoundaryInTheBodyIsTruncation() throws {
        var parser = Parser(boundary: "other")
        #expect(try parser.feed(Self.fixture("defer.multipart")).isEmpty)
        #expect(throws: Parser.Error.truncated(sawDelimiter: false)) { try parser.finish() }
    }

    @Test func oversizedPartFailsBeforeItsEnd() throws {
        var parser = Parser(boundary: "b", maximumPartSize: 64)
        _ = try parser.feed(Array("--b\r\n\r\n".utf8))
        #expect(throws: Parser.Error.partTooLarge(limit: 64)) {
            for _ in 0..<10 { _ = try parser.feed([UInt8](repeating: 0x41, count: 10)) }
        }
        var headers = Parser(boundary: "b", maximumPartSize: 64)
        #expect(throws: Parser.Error.partTooLarge(limit: 64)) {
            _ = try headers.feed(Array(("--b\r\nX: " + String(repeating: "y", count: 100)).utf8))
        }
        // A part of exactly the limit passes.
        let exact = try Self.parse(Array("--b\r\n\r\n\(String(repeating: "z", count: 60))\r\n--b--".utf8), boundary: "b", limit: 64)
        #expect(exact.first?.body.count == 60)
    }

    @Test func badHeadersFail() throws {
        for header in ["no colon here", ": empty name", "bad name: x", "caf\u{e9}: x"] {
            var parser = Parser(boundary: "b")
            #expect(throws: Parser.Error.self, "\(header)") {
                _ = try parser.feed(Array("--b\r\n\(header)\r\n\r\nbody\r\n--b--".utf8))
            }
        }
    }

    @Test func nothingIsReadAfterTheClose() throws {
        var parser = Parser(boundary: "b")
        let parts = try parser.feed(Array("--b\r\n\r\none\r\n--b--\r\n--b\r\n\r\ntwo\r\n--b--".utf8))
        #expect(Self.texts(parts) == ["one"])
        #expect(parser.isClosed)
        #expect(try parser.feed(Array("--b\r\n\r\nthree\r\n--b--".utf8)).isEmpty)
    }

    @Test func largeBodiesAreLinear() throws {
        // 2,000 parts of 1 KB in 1,500-byte chunks: a parser that rescans or copies its buffer per
        // chunk takes seconds here.
        var body: [UInt8] = []
        let payload = String(repeating: "x", count: 1024)
        for _ in 0..<2000 { body += Array("--b\r\nContent-Type: application/json\r\n\r\n\(payload)\r\n".utf8) }
        body += Array("--b--\r\n".utf8)
        let start = ContinuousClock.now
        let parts = try Self.parse(body, boundary: "b", cuts: Array(stride(from: 1500, to: body.count, by: 1500)))
        #expect(parts.count == 2000)
        #expect(ContinuousClock.now - start < .seconds(10))
    }
}
