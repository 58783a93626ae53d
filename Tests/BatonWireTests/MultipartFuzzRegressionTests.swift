import Baton
import Foundation
import Testing

/// Every input the `multipart` fuzz target (Fuzz/fuzz-multipart) once failed on, from
/// spec/fuzz-regressions/multipart, through the same reading as the target: the first line is the
/// Content-Type (boundary `-` when it names none), the rest the body, read whole and again in
/// chunks whose size the first byte picks, parts capped at 4 KiB; when both readings succeed they
/// must give the same parts.
@Suite struct MultipartFuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("spec/fuzz-regressions/multipart")

    static func parts(_ input: [UInt8]) -> (whole: [MultipartParser.Part]?, chunked: [MultipartParser.Part]?) {
        let newline = input.firstIndex(of: 0x0A) ?? input.count
        let contentType = String(decoding: input[..<newline], as: UTF8.self)
        let body = Array(input[min(newline + 1, input.count)...])
        let step = Int((input.first ?? 0) % 23) + 1
        func parser() -> MultipartParser {
            (try? MultipartParser(contentType: contentType, maximumPartSize: 4096))
                ?? MultipartParser(boundary: "-", maximumPartSize: 4096)
        }
        var whole = parser()
        let wholeParts = try? whole.feed(body)
        if wholeParts != nil, (try? whole.finish()) == nil { return (nil, nil) }
        var chunked = parser()
        var chunkedParts: [MultipartParser.Part] = []
        var start = 0
        while start < body.count {
            let end = min(start + step, body.count)
            guard let parts = try? chunked.feed(body[start..<end]) else { return (wholeParts, nil) }
            chunkedParts += parts
            start = end
        }
        guard (try? chunked.finish()) != nil else { return (wholeParts, nil) }
        return (wholeParts, chunkedParts)
    }

    @Test func everyRegressionInputReadsTheSameWholeAndInChunks() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).sorted()
        var ran = 0
        for file in files {
            let input = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent(file)))
            let read = Self.parts(input)
            if let whole = read.whole, let chunked = read.chunked {
                #expect(chunked == whole, "\(file)")
            }
            ran += 1
        }
        #expect(ran == files.count)
        #expect(ran >= 1, "no regression inputs in \(Self.folder.path)")
    }

    /// A delimiter whose line break had not arrived (padding after it, or a CR at a chunk's end)
    /// completed its part, and the next chunk found the delimiter again: the part came twice.
    @Test func aPartWhoseDelimiterLineIsSplitComesOnce() throws {
        var parser = MultipartParser(boundary: "-")
        // The delimiter is `---`; after the first part's, two spaces of padding, then a space and
        // a CR, then the LF: twice the bytes after it do not yet decide.
        var parts = try parser.feed(Array("---\r\n\r\n{\"a\":1}\r\n---  ".utf8))
        parts += try parser.feed(Array(" \r".utf8))
        parts += try parser.feed(Array("\n\r\n{\"b\":2}\r\n-----".utf8))
        try parser.finish()
        #expect(parts.map { String(decoding: $0.body, as: UTF8.self) } == [#"{"a":1}"#, #"{"b":2}"#])
    }
}
