// libFuzzer target: a `text/event-stream` body through `EventStreamParser`, fed whole and again
// in chunks whose sizes the first byte picks, events capped at 4 KiB so the limit is reached.
// When both readings succeed their events must be the same. `scripts/fuzz eventstream` builds
// and runs it.
import Baton
import CFuzzDriver
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let body = Array(UnsafeBufferPointer(start: data, count: size))
    let step = Int((body.first ?? 0) % 23) + 1

    let wholeEvents: [EventStreamParser.Event]? = {
        var whole = EventStreamParser(maximumEventSize: 4096)
        do throws(EventStreamParser.Error) {
            let events = try whole.feed(body)
            try whole.finish()
            return events
        } catch {
            _ = error.description
            return nil
        }
    }()
    var chunked = EventStreamParser(maximumEventSize: 4096)
    var chunkedEvents: [EventStreamParser.Event]? = []
    var start = 0
    do {
        while start < body.count {
            let end = min(start + step, body.count)
            chunkedEvents! += try chunked.feed(body[start..<end])
            start = end
        }
        try chunked.finish()
    } catch {
        chunkedEvents = nil
    }
    if let wholeEvents, let chunkedEvents, wholeEvents != chunkedEvents {
        fatalError("chunks of \(step) bytes gave other events: \(chunkedEvents) against \(wholeEvents)")
    }
    return 0
}

@main
enum FuzzEventStream {
    static func main() {
        exit(baton_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv) { data, size in data.map { fuzz($0, size) } ?? 0 })
    }
}
