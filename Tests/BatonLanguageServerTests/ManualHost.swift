import BatonJSON

@testable import BatonLanguageServer

/// A host that does nothing on its own: the test sees every message sent, and decides when
/// background work and timers run. No threads, no clocks.
final class ManualHost: ServerHost {
    var sent: [JSONRPCMessage] = []
    var exitCode: Int32?
    var logs: [String] = []
    private var background: [(lane: WorkLane, job: () -> Void)] = []

    final class Timer: ScheduledAction {
        var action: (() -> Void)?
        let milliseconds: Int
        init(_ milliseconds: Int, _ action: @escaping () -> Void) {
            self.milliseconds = milliseconds
            self.action = action
        }
        func cancel() { action = nil }
    }
    var timers: [Timer] = []

    /// Runs the timers not cancelled yet, shortest delay first (as a loop would).
    func fireTimers() {
        let due = timers.filter { $0.action != nil }.sorted { $0.milliseconds < $1.milliseconds }
        timers.removeAll()
        for timer in due {
            let action = timer.action
            timer.action = nil
            action?()
        }
    }

    var activeTimers: Int { timers.filter { $0.action != nil }.count }

    func send(_ message: JSONRPCMessage) {
        // Round-trip through the wire format, as a client would see it.
        let bytes = JSONSerializer.bytes(message.json)
        guard case .success(let decoded) = JSONRPCMessage.decode(bytes) else { fatalError("server sent unreadable JSON") }
        sent.append(decoded)
    }

    func exit(code: Int32) { exitCode = code }

    func schedule(after milliseconds: Int, _ action: @escaping () -> Void) -> ScheduledAction {
        let timer = Timer(milliseconds, action)
        timers.append(timer)
        return timer
    }

    func runInBackground<T: Sendable>(lane: WorkLane, _ work: @escaping @Sendable () -> T, completion: @escaping (T) -> Void) {
        background.append((lane, { completion(work()) }))
    }

    func log(_ message: String) { logs.append(message) }

    var pendingBackgroundWork: Int { background.count }

    func pendingBackgroundWork(in lane: WorkLane) -> Int { background.filter { $0.lane == lane }.count }

    /// Runs the queued work (of one lane, or all), in order, completions included.
    func runBackgroundWork(in lane: WorkLane? = nil) {
        let jobs = background.filter { lane == nil || $0.lane == lane }
        background.removeAll { lane == nil || $0.lane == lane }
        for entry in jobs { entry.job() }
    }

    /// Messages sent since the last call.
    func take() -> [JSONRPCMessage] {
        defer { sent = [] }
        return sent
    }
}

/// A server with a manual host, and helpers to talk to it as a client.
final class Harness {
    let host = ManualHost()
    let server: LanguageServer

    init() {
        server = LanguageServer(host: host)
    }

    func request(_ id: Int, _ method: String, _ params: JSONValue? = nil) {
        server.dispatch(.request(id: .number(id), method: method, params: params))
    }

    func notify(_ method: String, _ params: JSONValue? = nil) {
        server.dispatch(.notification(method: method, params: params))
    }

    /// The single answer to request `id` among the messages sent since the last take.
    func answer(_ id: Int) -> Result<JSONValue, ResponseError>? {
        let answers = host.take().compactMap { message -> Result<JSONValue, ResponseError>? in
            if case .response(let rid, let result) = message, rid == .number(id) { return result }
            return nil
        }
        return answers.count == 1 ? answers[0] : nil
    }

    func errorCode(_ id: Int) -> Int? {
        if case .failure(let error)? = answer(id) { return error.code }
        return nil
    }

    @discardableResult
    func initialize(encodings: [String]? = nil) -> JSONValue? {
        var capabilities: JSONObject = [:]
        if let encodings { capabilities["general"] = ["positionEncodings": .array(encodings.map { .string($0) })] }
        request(1, "initialize", ["processId": nil, "rootUri": nil, "capabilities": .object(capabilities)])
        guard case .success(let result)? = answer(1) else { return nil }
        notify("initialized", [:])
        return result
    }

    func open(_ uri: String, _ text: String, version: Int = 1) {
        notify(
            "textDocument/didOpen",
            ["textDocument": ["uri": .string(uri), "languageId": "graphql", "version": .number(version), "text": .string(text)]])
    }

    func change(_ uri: String, version: Int, _ changes: [JSONValue]) {
        notify(
            "textDocument/didChange",
            ["textDocument": ["uri": .string(uri), "version": .number(version)], "contentChanges": .array(changes)])
    }

    static func edit(_ l1: Int, _ c1: Int, _ l2: Int, _ c2: Int, _ text: String) -> JSONValue {
        [
            "range": ["start": ["line": .number(l1), "character": .number(c1)], "end": ["line": .number(l2), "character": .number(c2)]],
            "text": .string(text),
        ]
    }
}
