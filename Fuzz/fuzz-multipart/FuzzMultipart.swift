// libFuzzer target: a `multipart/mixed` response body through `MultipartParser`. The input's
// first line is the Content-Type (a parser with boundary `-` when it names none), the rest the
// body, fed whole and again in chunks whose sizes the first byte picks; parts are capped at
// 4 KiB so the limit is reached. When both readings succeed their parts must be the same.
// `scripts/fuzz multipart` builds and runs it.
import Baton
import CFuzzDriver
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    let newline = input.firstIndex(of: 0x0A) ?? input.count
    let contentType = String(decoding: input[..<newline], as: UTF8.self)
    let body = Array(input[min(newline + 1, input.count)...])
    let step = Int((input.first ?? 0) % 23) + 1

    func parser() -> MultipartParser {
        (try? MultipartParser(contentType: contentType, maximumPartSize: 4096))
            ?? MultipartParser(boundary: "-", maximumPartSize: 4096)
    }
    let wholeParts: [MultipartParser.Part]? = {
        var whole = parser()
        do throws(MultipartParser.Error) {
            let parts = try whole.feed(body)
            try whole.finish()
            return parts
        } catch {
            _ = error.description
            return nil
        }
    }()
    var chunked = parser()
    var chunkedParts: [MultipartParser.Part]? = []
    var start = 0
    do {
        while start < body.count {
            let end = min(start + step, body.count)
            chunkedParts! += try chunked.feed(body[start..<end])
            start = end
        }
        try chunked.finish()
    } catch {
        chunkedParts = nil
    }
    if let wholeParts, let chunkedParts, wholeParts != chunkedParts {
        fatalError("chunks of \(step) bytes gave other parts: \(chunkedParts) against \(wholeParts)")
    }
    return 0
}

@main
enum FuzzMultipart {
    static func main() {
        exit(baton_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv) { data, size in data.map { fuzz($0, size) } ?? 0 })
    }
}
