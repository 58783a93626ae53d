import Foundation

/// A language server process driven over stdio with `Content-Length` framing, for timing:
/// a reader thread stamps each message as it arrives, so a reply's time is when its last byte
/// was read, not when the benchmark got around to looking.
final class LSPClient: @unchecked Sendable {
    struct Received {
        var time: UInt64
        var message: [String: Any]
    }

    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let condition = NSCondition()
    private var received: [Received] = []
    private var ended = false
    private var nextID = 1

    init(executable: String, arguments: [String] = []) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let handle = output.fileHandleForReading
        Thread.detachNewThread { [self] in readLoop(handle) }
    }

    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// CPU time the server has used so far (user + system, all threads), in milliseconds, from
    /// /proc; nil where there is none. Less disturbed than wall time by other processes.
    var serverCPUMilliseconds: Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        // After the command name: state is field 3, utime and stime are fields 14 and 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) * 1000 / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The server's resident memory in megabytes (`VmRSS` in /proc), nil where there is none.
    var serverResidentMegabytes: Double? {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return nil }
        let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Double($0) }
        return kilobytes.map { $0 / 1024 }
    }

    // MARK: Sending

    /// Sends a request and returns its id and the time it was written.
    @discardableResult
    func request(_ method: String, _ params: Any? = nil) -> (id: Int, sent: UInt64) {
        let id = nextID
        nextID += 1
        var message: [String: Any] = ["jsonrpc": "2.0", "id": id, "method": method]
        if let params { message["params"] = params }
        return (id, write(message))
    }

    /// Sends a notification; `params` is left out when nil (JSON-RPC allows no null there).
    @discardableResult
    func notify(_ method: String, _ params: Any? = nil) -> UInt64 {
        var message: [String: Any] = ["jsonrpc": "2.0", "method": method]
        if let params { message["params"] = params }
        return write(message)
    }

    private func write(_ message: [String: Any]) -> UInt64 {
        let body = try! JSONSerialization.data(withJSONObject: message)
        var frame = Data("Content-Length: \(body.count)\r\n\r\n".utf8)
        frame.append(body)
        let time = Self.now()
        input.fileHandleForWriting.write(frame)
        return time
    }

    // MARK: Receiving

    /// Waits for the first unconsumed message `matching`, consuming it; nil after `timeout` s.
    func wait(timeout: Double = 30, for matching: ([String: Any]) -> Bool) -> Received? {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let index = received.firstIndex(where: { matching($0.message) }) {
                return received.remove(at: index)
            }
            if ended || !condition.wait(until: deadline) { return nil }
        }
    }

    /// The response to request `id`.
    func response(to id: Int, timeout: Double = 30) -> Received? {
        wait(timeout: timeout) { ($0["id"] as? Int) == id && $0["method"] == nil }
    }

    /// The next `textDocument/publishDiagnostics` for `uri` (at `version`, when given).
    func diagnostics(for uri: String, version: Int? = nil, timeout: Double = 30) -> Received? {
        wait(timeout: timeout) { message in
            guard message["method"] as? String == "textDocument/publishDiagnostics",
                let params = message["params"] as? [String: Any], params["uri"] as? String == uri
            else { return false }
            return version == nil || params["version"] as? Int == version
        }
    }

    /// Drops every message received so far (what is not waited for piles up otherwise).
    func discardReceived() {
        condition.withLock { received.removeAll() }
    }

    /// Every message received so far, left in place.
    func peekReceived() -> [[String: Any]] {
        condition.withLock { received.map(\.message) }
    }

    /// `shutdown`, `exit`, and the process's end.
    func stop() {
        let (id, _) = request("shutdown")
        _ = response(to: id, timeout: 10)
        notify("exit")
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    private func readLoop(_ handle: FileHandle) {
        var buffer: [UInt8] = []
        while true {
            let chunk = handle.availableData
            let time = Self.now()
            if chunk.isEmpty { break }
            buffer.append(contentsOf: chunk)
            var messages: [Received] = []
            while let (body, consumed) = Self.frame(in: buffer) {
                buffer.removeFirst(consumed)
                guard let message = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] else { continue }
                if message["method"] != nil, let id = message["id"] {
                    // A request from the server (a refresh, a registration): accept it.
                    let reply = try! JSONSerialization.data(withJSONObject: ["jsonrpc": "2.0", "id": id, "result": NSNull()])
                    var frame = Data("Content-Length: \(reply.count)\r\n\r\n".utf8)
                    frame.append(reply)
                    input.fileHandleForWriting.write(frame)
                    continue
                }
                messages.append(Received(time: time, message: message))
            }
            condition.withLock {
                received += messages
                condition.broadcast()
            }
        }
        condition.withLock {
            ended = true
            condition.broadcast()
        }
    }

    /// One complete message at the start of `buffer`: its body and the bytes it takes.
    private static func frame(in buffer: [UInt8]) -> ([UInt8], Int)? {
        guard buffer.count >= 4,
            let end = (0...(buffer.count - 4)).first(where: {
                buffer[$0] == 13 && buffer[$0 + 1] == 10 && buffer[$0 + 2] == 13 && buffer[$0 + 3] == 10
            })
        else { return nil }
        let header = String(decoding: buffer[..<end], as: UTF8.self)
        guard let line = header.split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("content-length:") }),
            let length = Int(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces))
        else { return nil }
        let start = end + 4
        guard buffer.count >= start + length else { return nil }
        return (Array(buffer[start..<start + length]), start + length)
    }
}
