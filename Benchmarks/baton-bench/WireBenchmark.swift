@_spi(Generated) import Baton
import BatonSockets
import Foundation

/// The wire's goals (issue 14), each measured in one run:
/// - framing: splitting a `multipart/mixed` body and a `text/event-stream` body of 100 responses
///   (pages of 10 characters, as `@stream`/`@defer` parts or a subscription's events arrive), fed
///   in chunks of 1–16 KB of seeded random sizes as a network delivers them, ≤ 0.05 × ingesting
///   the same 100 payloads through the page's plan (`Ingest.changeSet`), in thread CPU time;
/// - subscription: 10,000 graphql-transport-ws events through `GraphQLTransportWebSocket` and a
///   `SubscriptionHandle` (each committed to the store), none lost and in order, ≤ 20 µs of the
///   client's CPU an event. The sender is `Benchmarks/wire/replay_server.py` in its own process
///   (frames rendered ahead, written as fast as the socket takes them), so this process's CPU
///   time is the client's alone. Then the same against the example's strawberry server
///   (`countdown(start: 9999)`), where Python is the bottleneck: its events a second and the
///   client's CPU an event, reported.
@MainActor struct WireBenchmark {
    let root: URL
    let runs = 21
    let parts = 100
    let charactersPerPart = 10
    let events = 10_000
    let subscriptionRuns = 5

    func run() async {
        framing()
        await subscription()
    }

    // MARK: Framing

    func framing() {
        let operation = BenchCharactersPage(page: 1)
        let payloads = (0..<parts).map { index -> [UInt8] in
            var generator = CharacterPageGenerator(seed: 0xC137 &+ UInt64(index))
            return generator.page(characters: charactersPerPart, idBase: index * 10_000)
        }
        let total = payloads.reduce(0) { $0 + $1.count }

        var multipart: [UInt8] = Array("\r\n".utf8)
        for payload in payloads {
            multipart += Array("--graphql\r\nContent-Type: application/json; charset=utf-8\r\n\r\n".utf8)
            multipart += payload
            multipart += Array("\r\n".utf8)
        }
        multipart += Array("--graphql--\r\n".utf8)
        var eventStream: [UInt8] = []
        for payload in payloads {
            eventStream += Array("event: next\ndata: ".utf8)
            eventStream += payload
            eventStream += Array("\n\n".utf8)
        }
        eventStream += Array("event: complete\ndata:\n\n".utf8)

        var random = SeededGenerator(seed: 0x5EED)
        let multipartChunks = Self.chunks(multipart, &random)
        let eventChunks = Self.chunks(eventStream, &random)

        // Both parsers must give back exactly the payloads before their time means anything.
        guard Self.multipartBodies(multipartChunks) == payloads else {
            print("wire: the multipart parser did not give back the payloads")
            exit(1)
        }
        guard Self.eventData(eventChunks) == payloads + [[]] else {
            print("wire: the event-stream parser did not give back the payloads")
            exit(1)
        }

        let ingest = median(runs: runs, warmup: 2) {
            for payload in payloads {
                guard
                    (try? Ingest.changeSet(payload, plan: BenchCharactersPage.plan, variables: operation.variables, complete: true)) != nil
                else { fatalError("a part does not ingest") }
            }
        }
        let multipartTime = median(runs: runs, warmup: 2) { _ = Self.multipartBodies(multipartChunks) }
        let eventTime = median(runs: runs, warmup: 2) { _ = Self.eventData(eventChunks) }

        print(
            "wire framing (release, median of \(runs), CPU): \(parts) responses of \(charactersPerPart) characters, \(total / 1024) KB, fed in \(multipartChunks.count) and \(eventChunks.count) chunks of 1–16 KB"
        )
        print("  reference: the same payloads through Ingest.changeSet (the page's plan): \(ingest.text)")
        Self.goal("multipart/mixed split into its parts: \(multipartTime.text)", ratio: multipartTime.cpu / ingest.cpu, goal: 0.05)
        Self.goal("text/event-stream split into its events: \(eventTime.text)", ratio: eventTime.cpu / ingest.cpu, goal: 0.05)
    }

    /// `bytes` cut into chunks of 1–16 KB of random sizes, each its own `Data` as URLSession hands
    /// them over.
    static func chunks(_ bytes: [UInt8], _ random: inout SeededGenerator) -> [Data] {
        var chunks: [Data] = []
        var start = 0
        while start < bytes.count {
            let size = 1024 + Int(random.next() % (15 * 1024 + 1))
            let end = min(bytes.count, start + size)
            chunks.append(Data(bytes[start..<end]))
            start = end
        }
        return chunks
    }

    static func multipartBodies(_ chunks: [Data]) -> [[UInt8]] {
        var parser = MultipartParser(boundary: "graphql")
        var bodies: [[UInt8]] = []
        do {
            for chunk in chunks { bodies += try parser.feed(chunk).map(\.body) }
            try parser.finish()
        } catch {
            fatalError("the multipart body does not parse: \(error)")
        }
        return bodies
    }

    static func eventData(_ chunks: [Data]) -> [[UInt8]] {
        var parser = EventStreamParser()
        var data: [[UInt8]] = []
        do {
            for chunk in chunks { data += try parser.feed(chunk).map(\.data) }
            try parser.finish()
        } catch {
            fatalError("the event stream does not parse: \(error)")
        }
        return data
    }

    // MARK: Subscription

    struct StreamRun {
        var cpu: Double
        var wall: Double
        var events: Int
        var last: Int?
        var state: StreamState
    }

    func subscription() async {
        guard let replay = ServerProcess(root: root, script: "Benchmarks/wire/replay_server.py", arguments: [String(events)]) else {
            return
        }
        var replayRuns: [StreamRun] = []
        for run in 0..<(subscriptionRuns + 1) {
            let result = await stream(from: URL(string: "ws://127.0.0.1:\(replay.port)/graphql")!)
            if run > 0 { replayRuns.append(result) }  // the first is a warm-up
        }
        replay.stop()

        print(
            "wire subscription (release, median of \(subscriptionRuns), process CPU): \(events) events of graphql-transport-ws through GraphQLTransportWebSocket and a SubscriptionHandle, each committed to the store"
        )
        Self.report("a replaying sender in its own process (Benchmarks/wire/replay_server.py)", replayRuns, count: events, goal: true)

        guard
            let strawberry = ServerProcess(
                root: root, script: "Examples/RickAndMorty/Server/server.py", arguments: ["--port", "0", "--stop-on-stdin-eof"])
        else { return }
        let served = await stream(from: URL(string: "ws://127.0.0.1:\(strawberry.port)/graphql")!)
        strawberry.stop()
        Self.report(
            "the example's strawberry server, countdown(start: \(events - 1)) (Python the bottleneck)", [served], count: events, goal: false
        )
    }

    /// One subscription of `events` events on a fresh transport and environment, from the handle's
    /// creation until its stream has ended.
    func stream(from url: URL) async -> StreamRun {
        let transport = GraphQLTransportWebSocket(url: url)
        let environment = Environment(transport: transport)
        let clock = ContinuousClock()
        let cpu = Self.processCPUMilliseconds()
        let start = clock.now
        let handle = environment.handle(for: BenchCountdown(start: events - 1))
        let retention = handle.retain()
        // Polled rather than observed: a few hundred wake-ups are noise beside 10,000 events.
        while !Self.isEnded(handle.stream), start.duration(to: clock.now) < .seconds(300) {
            try? await Task.sleep(for: .milliseconds(2))
        }
        let used = Self.processCPUMilliseconds() - cpu
        let wall = start.duration(to: clock.now)
        let result = StreamRun(
            cpu: used, wall: Double(wall.components.seconds) * 1000 + Double(wall.components.attoseconds) / 1e15,
            events: handle.events, last: handle.latest?.countdown, state: handle.stream)
        retention.end()
        environment.end()
        await transport.close()
        return result
    }

    static func isEnded(_ state: StreamState) -> Bool {
        if case .ended = state { true } else { false }
    }

    static func report(_ what: String, _ runs: [StreamRun], count: Int, goal: Bool) {
        let complete = runs.allSatisfy { $0.events == count && $0.last == 0 && $0.state == .ended(nil) }
        let cpu = middle(runs.map(\.cpu))
        let wall = middle(runs.map(\.wall))
        let perEvent = cpu * 1000 / Double(count)
        print("  \(what):")
        for run in runs where run.events != count || run.last != 0 || run.state != .ended(nil) {
            print("    a run ended \(run.state) after \(run.events) events, the last \(run.last.map(String.init) ?? "none")")
        }
        print(
            "    \(complete ? "all \(count) events, in order (the last 0), stream completed" : "EVENTS LOST OR OUT OF ORDER"); \(formatted(wall)) ms wall (\(formatted(Double(count) / wall * 1000, digits: 0)) events/s), \(formatted(cpu)) ms client CPU"
        )
        let verdict = goal ? " (goal ≤ 20): \(complete && perEvent <= 20 ? "met" : "MISSED")" : ""
        print("    client CPU per event: \(formatted(perEvent, digits: 2)) µs\(verdict)")
    }

    /// CPU time of the whole process (every thread: the socket's loop, the tasks, the main actor).
    static func processCPUMilliseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1_000_000
    }

    static func goal(_ text: String, ratio: Double, goal: Double) {
        print("  \(text), ratio \(formatted(ratio, digits: 4)) (goal ≤ \(goal)): \(ratio <= goal ? "met" : "MISSED")")
    }
}

/// A server script run by the project's Python in a child process: it prints `LISTENING <port>`
/// and exits when its stdin closes.
final class ServerProcess {
    let port: Int
    private let process: Process
    private let input: Pipe

    init?(root: URL, script: String, arguments: [String]) {
        let python = ProcessInfo.processInfo.environment["BATON_PYTHON"] ?? root.appendingPathComponent(".venv/bin/python").path
        guard FileManager.default.isExecutableFile(atPath: python) else {
            print("note: \(python) not found; run scripts/setup once to create the venv")
            return nil
        }
        process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [root.appendingPathComponent(script).path] + arguments
        process.currentDirectoryURL = root
        input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        do { try process.run() } catch {
            print("note: could not run \(script): \(error)")
            return nil
        }
        // Reads until the LISTENING line (the server prints it once its socket is bound); a server
        // that exits first ends the read.
        var text = ""
        var found: Int?
        while found == nil {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
            found = text.split(separator: "\n").first { $0.hasPrefix("LISTENING ") }.flatMap { Int($0.dropFirst("LISTENING ".count)) }
        }
        guard let found else {
            print("note: \(script) did not start: \(text)")
            process.terminate()
            return nil
        }
        port = found
        // Drained for the server's life, so a full pipe never stalls it; at end of file the handler
        // is called with no data again and again, so it stops itself.
        output.fileHandleForReading.readabilityHandler = { handle in
            if handle.availableData.isEmpty { handle.readabilityHandler = nil }
        }
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}
