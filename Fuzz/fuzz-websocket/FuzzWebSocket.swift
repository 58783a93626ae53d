// libFuzzer target: a server's byte stream through the WebSocket client's frame decoder (in
// chunks whose sizes the first byte picks), each frame through the message assembler
// (fragments, UTF-8, close frames; 64 KiB limits so they are reached). `scripts/fuzz websocket`
// builds and runs it.
import BatonSockets
import CFuzzDriver
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let step = Int(data[0] % 31) + 1
    let stream = UnsafeBufferPointer(start: data + 1, count: size - 1)
    var decoder = WebSocketFrameDecoder(maxPayload: 1 << 16)
    var assembler = WebSocketMessageAssembler(maxMessage: 1 << 16)
    var start = 0
    do throws(WebSocketError) {
        while start < stream.count {
            let end = min(start + step, stream.count)
            decoder.append(stream[start..<end])
            start = end
            while let frame = try decoder.next() {
                _ = try assembler.take(frame)
            }
        }
    } catch {
        _ = "\(error)"
    }
    return 0
}

@main
enum FuzzWebSocket {
    static func main() {
        exit(baton_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv) { data, size in data.map { fuzz($0, size) } ?? 0 })
    }
}
