import BatonJSON
import Foundation
import Testing

@testable import BatonLanguageServer

/// Runs the built `baton-lsp` executable with the given client bytes on stdin (through a
/// pipe, or from a regular file) and collects what it writes and how it exits. All input is
/// written up front and stdin is closed, so nothing depends on timing.
struct ServerRun {
    var messages: [JSONRPCMessage]
    var badOutput: [String]
    var exitCode: Int32
    var stderr: String

    enum Stdin { case pipe, file }

    static var executable: URL {
        // Tests run from the build directory's test bundle; the server is built beside it.
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var directory = testBinary.deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("baton-lsp").path),
            directory.path != "/"
        {
            directory = directory.deletingLastPathComponent()
        }
        return directory.appendingPathComponent("baton-lsp")
    }

    static func run(_ input: [UInt8], arguments: [String] = [], stdin: Stdin = .pipe, stdoutToFile: Bool = false) throws -> ServerRun {
        let process = Process()
        let stdout = Pipe()
        let stderr = Pipe()
        let stdinPipe = Pipe()
        let temporary = FileManager.default.temporaryDirectory
        let inputFile = temporary.appendingPathComponent("baton-lsp-input-\(UUID().uuidString)")
        let outputFile = temporary.appendingPathComponent("baton-lsp-output-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: inputFile)
            try? FileManager.default.removeItem(at: outputFile)
        }
        // Regular files are attached by a shell's redirections rather than by handing open
        // FileHandles to Process: descriptors the test process opens can be closed and reused
        // by concurrently running tests before the child gets them.
        var redirections = ""
        if stdin == .file {
            try Data(input).write(to: inputFile)
            redirections += " < \"$BATON_LSP_INPUT\""
        } else {
            process.standardInput = stdinPipe
        }
        if stdoutToFile {
            redirections += " > \"$BATON_LSP_OUTPUT\""
        } else {
            process.standardOutput = stdout
        }
        if redirections.isEmpty {
            process.executableURL = executable
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "exec \"$0\" \"$@\"" + redirections, executable.path] + arguments
            var environment = ProcessInfo.processInfo.environment
            environment["BATON_LSP_INPUT"] = inputFile.path
            environment["BATON_LSP_OUTPUT"] = outputFile.path
            process.environment = environment
        }
        process.standardError = stderr
        try process.run()

        // Drain stderr on another thread so a chatty server never blocks on a full pipe.
        final class Collected: @unchecked Sendable { var data = Data() }
        let errors = Collected()
        let errorsRead = DispatchSemaphore(value: 0)
        Thread {
            errors.data = stderr.fileHandleForReading.readDataToEndOfFile()
            errorsRead.signal()
        }.start()
        let output = Collected()
        let done = DispatchSemaphore(value: 0)
        if stdoutToFile {
            done.signal()
        } else {
            Thread {
                output.data = stdout.fileHandleForReading.readDataToEndOfFile()
                done.signal()
            }.start()
        }

        if stdin == .pipe {
            stdinPipe.fileHandleForWriting.write(Data(input))
            try stdinPipe.fileHandleForWriting.close()
        }
        process.waitUntilExit()
        done.wait()
        if stdoutToFile { output.data = try Data(contentsOf: outputFile) }
        errorsRead.wait()

        var framer = MessageFramer()
        var messages: [JSONRPCMessage] = []
        var bad: [String] = []
        for event in framer.append(Array(output.data)) {
            switch event {
            case .message(let body):
                switch JSONRPCMessage.decode(body) {
                case .success(let message): messages.append(message)
                case .failure(let failure): bad.append(failure.error.message)
                }
            case .badHeader(let detail): bad.append(detail)
            }
        }
        if framer.bufferedByteCount > 0 { bad.append("\(framer.bufferedByteCount) trailing bytes") }
        return ServerRun(
            messages: messages, badOutput: bad, exitCode: process.terminationStatus,
            stderr: String(decoding: errors.data, as: UTF8.self))
    }

    func result(_ id: Int) -> Result<JSONValue, ResponseError>? {
        for message in messages {
            if case .response(let rid, let result) = message, rid == .number(id) { return result }
        }
        return nil
    }
}

/// Client-side message bytes.
enum Client {
    static func request(_ id: Int, _ method: String, _ params: JSONValue? = nil) -> [UInt8] {
        frame(JSONRPCMessage.request(id: .number(id), method: method, params: params).json)
    }

    static func notify(_ method: String, _ params: JSONValue? = nil) -> [UInt8] {
        frame(JSONRPCMessage.notification(method: method, params: params).json)
    }

    static func frame(_ value: JSONValue) -> [UInt8] {
        MessageFramer.frame(value.serializedBytes())
    }

    static let initialize = request(1, "initialize", ["processId": nil, "rootUri": nil, "capabilities": [:]]) + notify("initialized", [:])
}

@Suite(.serialized) struct ServerProcessTests {
    @Test(arguments: [ServerRun.Stdin.pipe, .file])
    func initializeShutdownExitIsCodeZero(stdin: ServerRun.Stdin) throws {
        let run = try ServerRun.run(Client.initialize + Client.request(2, "shutdown") + Client.notify("exit"), stdin: stdin)
        #expect(run.exitCode == 0, "\(run.stderr)")
        #expect(run.badOutput.isEmpty)
        let initialize = try #require(try run.result(1)?.get())
        #expect(initialize["capabilities"]?["positionEncoding"] == "utf-16")
        #expect(initialize["serverInfo"]?["name"] == "baton-lsp")
        #expect(try run.result(2)?.get() == .null)
        #expect(run.messages.count == 2)
    }

    @Test func stdinAndStdoutBothRegularFiles() throws {
        let run = try ServerRun.run(
            Client.initialize + Client.request(2, "baton/unknown") + Client.request(3, "shutdown") + Client.notify("exit"),
            stdin: .file, stdoutToFile: true)
        #expect(run.exitCode == 0)
        #expect(run.badOutput.isEmpty)
        #expect(run.messages.count == 3)
        if case .failure(let error)? = run.result(2) { #expect(error.code == -32601) } else { Issue.record("no answer to 2") }
    }

    @Test(arguments: [ServerRun.Stdin.pipe, .file])
    func exitWithoutShutdownIsCodeOne(stdin: ServerRun.Stdin) throws {
        let run = try ServerRun.run(Client.initialize + Client.notify("exit"), stdin: stdin)
        #expect(run.exitCode == 1)
        #expect(run.messages.count == 1)
    }

    @Test func commandLine() throws {
        let version = try ServerRun.run([], arguments: ["--version"])
        #expect(version.exitCode == 0)
        // The printed line is not a framed message.
        #expect(version.badOutput.count == 1)
        let stdio = try ServerRun.run(
            Client.initialize + Client.request(2, "shutdown") + Client.notify("exit"), arguments: ["--stdio", "--unknown"])
        #expect(stdio.exitCode == 0)
        #expect(stdio.messages.count == 2)
        #expect(stdio.stderr.contains("ignoring unknown argument --unknown"))
    }

    /// Spawned with signals blocked (Foundation's Process does that), the server unblocks
    /// them, so an editor can always stop it with SIGTERM.
    @Test func signalsAreNotBlocked() throws {
        let process = Process()
        process.executableURL = ServerRun.executable
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(Client.initialize))
        var framer = MessageFramer()
        var answered = false
        while !answered {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            answered = framer.append(Array(chunk)).contains { if case .message = $0 { true } else { false } }
        }
        #expect(answered)
        let status = try String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)
        let blocked = status.split(separator: "\n").first { $0.hasPrefix("SigBlk:") }
        #expect(blocked?.split(separator: "\t").last == "0000000000000000")
        input.fileHandleForWriting.write(Data(Client.request(2, "shutdown") + Client.notify("exit")))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test func endOfInputEndsTheServer() throws {
        let afterShutdown = try ServerRun.run(Client.initialize + Client.request(2, "shutdown"))
        #expect(afterShutdown.exitCode == 0)
        let abrupt = try ServerRun.run(Client.initialize)
        #expect(abrupt.exitCode == 1)
        let empty = try ServerRun.run([], stdin: .file)
        #expect(empty.exitCode == 1)
        #expect(empty.messages.isEmpty)
    }

    @Test func malformedInputUnknownMethodsAndCancel() throws {
        var input = Client.initialize
        input += Array("Content-Length: 12\r\n\r\n{\"jsonrpc\":2".utf8)  // cut JSON
        input += Array("Content-Length: nope\r\n\r\n".utf8)  // bad header
        input += Client.request(3, "baton/unknown", [:])
        input += Client.notify("baton/unknownNotification", [:])
        input += Client.notify("$/cancelRequest", ["id": 42])  // nothing to cancel
        input += Client.request(4, "shutdown")
        input += Client.request(5, "textDocument/hover", [:])
        input += Client.notify("exit")
        let run = try ServerRun.run(input)
        #expect(run.exitCode == 0, "\(run.stderr)")
        let nullAnswers = run.messages.compactMap { message -> Int? in
            if case .response(nil, .failure(let error)) = message { return error.code }
            return nil
        }
        #expect(nullAnswers == [-32700, -32700])
        if case .failure(let error)? = run.result(3) {
            #expect(error.code == -32601)
        } else {
            Issue.record("no error for an unknown method")
        }
        if case .failure(let error)? = run.result(5) { #expect(error.code == -32600) } else { Issue.record("no error after shutdown") }
        #expect(run.messages.count == 6)
        #expect(run.stderr.contains("Content-Length is not a number"))
    }

    @Test(arguments: [ServerRun.Stdin.pipe, .file])
    func tenMegabyteDocumentAndGarbage(stdin: ServerRun.Stdin) throws {
        let text = String(repeating: "fragment F on Character { name 😀 }\n", count: 280_000)
        #expect(text.utf8.count > 10_000_000)
        var input = Client.initialize
        input += Client.notify(
            "textDocument/didOpen",
            ["textDocument": ["uri": "file:///big.graphql", "languageId": "graphql", "version": 1, "text": .string(text)]])
        input += Client.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": "file:///big.graphql", "version": 2],
                "contentChanges": [
                    ["range": ["start": ["line": 5, "character": 30], "end": ["line": 5, "character": 32]], "text": "🎉"]
                ],
            ])
        // Random-looking bytes where a header should be, then a valid request.
        input += (0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) }
        input += Client.request(2, "shutdown") + Client.notify("exit")
        let run = try ServerRun.run(input, stdin: stdin)
        #expect(run.exitCode == 0, "\(run.stderr.prefix(2000))")
        #expect(try run.result(2)?.get() == .null)
    }
}
