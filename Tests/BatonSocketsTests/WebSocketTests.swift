import BatonTesting
import Foundation
import Testing

@testable import BatonSockets

/// The libuv socket against the hostile script's raw WebSocket behaviours on 127.0.0.1.
@Suite(.serialized) struct WebSocketTests {
    static let quick = WebSocket.Options(
        connectTimeout: .seconds(3), handshakeTimeout: .milliseconds(500), closeTimeout: .milliseconds(500))

    /// The next events of `socket` up to `count`, within a timeout.
    static func events(_ socket: WebSocket, _ count: Int) async throws -> [WebSocketEvent] {
        try await within(.seconds(60), "\(count) events") {
            var events: [WebSocketEvent] = []
            for try await event in socket.events {
                events.append(event)
                if events.count == count { break }
            }
            return events
        }
    }

    @Test func answersPingsAndReassemblesFragments() async throws {
        let server = try await ScriptServer(script: "hostile_server.py")
        defer { server.stop() }
        let socket = try await WebSocket.connect(to: server.url("/echo"), subprotocol: "graphql-transport-ws", options: Self.quick)
        // The server pings first and reports the pong it got back.
        #expect(try await Self.events(socket, 2) == [.ping(Array("hi".utf8)), .text("pong:hi")])
        try socket.send(text: "héllo, world")
        #expect(try await Self.events(socket, 2) == [.ping([]), .text("héllo, world")])
        // The ping between the fragments was answered too; then our own ping's pong.
        try socket.ping(Array("p".utf8))
        #expect(try await Self.events(socket, 2) == [.text("pong:"), .pong(Array("p".utf8))])
        await socket.close()
        #expect(socket.isClosed)
        #expect(throws: WebSocketError.self) { try socket.send(text: "late") }
    }

    @Test func sendsFromManyTasksAllArrive() async throws {
        let server = try await ScriptServer(script: "hostile_server.py")
        defer { server.stop() }
        let socket = try await WebSocket.connect(to: server.url("/echo"), subprotocol: "graphql-transport-ws", options: Self.quick)
        _ = try await Self.events(socket, 2)
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<40 { group.addTask { try? socket.send(text: "message \(index)") } }
        }
        // Each echo comes with the server's ping between its fragments and, once the client's
        // pong reaches it, a `pong:` report, interleaved as timing has it: read until the 40
        // echoes are in (at most 4 events each), not a fixed count of events.
        let expected = Set((0..<40).map { "message \($0)" })
        let texts = try await within(.seconds(60), "the 40 echoes") {
            var texts: Set<String> = []
            var events = 0
            for try await event in socket.events {
                events += 1
                if case .text(let text) = event, text.hasPrefix("message ") { texts.insert(text) }
                if texts.count == expected.count || events == 4 * expected.count { break }
            }
            return texts
        }
        #expect(texts == expected)
        await socket.close()
    }

    @Test func serverCloseEndsEventsWithItsCodeAndReason() async throws {
        let server = try await ScriptServer(script: "hostile_server.py")
        defer { server.stop() }
        let socket = try await WebSocket.connect(to: server.url("/echo"), subprotocol: "graphql-transport-ws", options: Self.quick)
        _ = try await Self.events(socket, 2)
        try socket.send(text: "close")
        let rest = try await within(.seconds(60), "the close") {
            var events: [WebSocketEvent] = []
            for try await event in socket.events { events.append(event) }
            return events
        }
        #expect(rest == [.close(code: 4000, reason: "asked")])
    }

    /// A server that ignores the close frame: close() returns after the close timeout.
    @Test func closeWithoutAnswerEndsAtTheTimeout() async throws {
        let server = try await ScriptServer(script: "hostile_server.py")
        defer { server.stop() }
        let socket = try await WebSocket.connect(
            to: server.url("/no-close-answer"), subprotocol: "graphql-transport-ws", options: Self.quick)
        let start = ContinuousClock.now
        let closing = Task { await socket.close() }
        // Once the close is asked for, nothing more may be sent.
        try await within(.seconds(60), "the close to be posted") {
            while (try? socket.send(text: "after")) != nil { try await Task.sleep(for: .milliseconds(5)) }
        }
        try await within(.seconds(60), "close") { await closing.value }
        #expect(ContinuousClock.now - start >= .milliseconds(400))
        await #expect(throws: WebSocketError.self) { for try await _ in socket.events {} }
    }

    @Test func handshakeThatNeverComesTimesOut() async throws {
        let server = try await ScriptServer(script: "hostile_server.py")
        defer { server.stop() }
        let error = await #expect(throws: WebSocketError.self) {
            try await within(.seconds(60), "connect") {
                _ = try await WebSocket.connect(
                    to: server.url("/silent-handshake"), subprotocol: "graphql-transport-ws", options: Self.quick)
            }
        }
        #expect(error?.kind == .timeout)
    }

    @Test func refusedConnectionFails() async throws {
        let server = try await ScriptServer(script: "hostile_server.py")
        let url = server.url("/echo")
        server.stop()
        let error = await #expect(throws: WebSocketError.self) {
            try await within(.seconds(60), "connect") { _ = try await WebSocket.connect(to: url, subprotocol: "x", options: Self.quick) }
        }
        #expect(error?.kind == .connection)
        #expect(error?.message.contains("refused") == true)
    }

    @Test(arguments: ["http://127.0.0.1/graphql", "ftp://127.0.0.1/graphql", "ws:///graphql", "ws://127.0.0.1:0/graphql"])
    func badURLsFailClearly(_ text: String) async throws {
        let error = await #expect(throws: WebSocketError.self) {
            _ = try await WebSocket.connect(to: URL(string: text)!, subprotocol: "x", options: Self.quick)
        }
        #expect(error?.kind == .badURL)
    }

    @Test func localhostResolves() async throws {
        let server = try await ScriptServer(script: "hostile_server.py")
        defer { server.stop() }
        let url = URL(string: "ws://localhost:\(server.port)/echo")!
        let socket = try await WebSocket.connect(to: url, subprotocol: "graphql-transport-ws", options: Self.quick)
        #expect(try await Self.events(socket, 1) == [.ping(Array("hi".utf8))])
        await socket.close()
    }
}
