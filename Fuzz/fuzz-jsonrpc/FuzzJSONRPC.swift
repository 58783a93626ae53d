// libFuzzer target: the language server's input, an editor's byte stream, through the LSP
// framer (headers, Content-Length, resynchronization after a bad header) and each body through
// JSON-RPC message decoding. The stream is fed whole and again in chunks whose sizes the input's
// first byte picks: the events must be the same. `scripts/fuzz jsonrpc` builds and runs it.
import BatonLanguageServer
import CFuzzDriver
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let step = Int(data[0] % 17) + 1
    let stream = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    var whole = MessageFramer(maximumBodyLength: 1 << 20)
    let events = whole.append(stream)
    var chunked = MessageFramer(maximumBodyLength: 1 << 20)
    var chunkedEvents: [MessageFramer.Event] = []
    var start = 0
    while start < stream.count {
        let end = min(start + step, stream.count)
        chunkedEvents += chunked.append(Array(stream[start..<end]))
        start = end
    }
    if chunkedEvents != events {
        fatalError("chunks of \(step) bytes framed differently: \(chunkedEvents) against \(events)")
    }
    for case .message(let body) in events {
        _ = JSONRPCMessage.decode(body)
    }
    return 0
}

@main
enum FuzzJSONRPC {
    static func main() {
        exit(baton_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv) { data, size in data.map { fuzz($0, size) } ?? 0 })
    }
}
