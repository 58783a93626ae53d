import Baton
import BatonTesting
import Foundation
import Testing

@testable import BatonSockets

/// `GraphQLTransportWebSocket` against servers that misbehave: each ends the stream with a
/// transport error that says what happened, within its timeout, never a hang.
@Suite(.serialized) struct HostileServerTests {
    static let options = GraphQLTransportWebSocket.Options(
        ackTimeout: .milliseconds(500), idleTimeout: .seconds(5),
        socket: WebSocket.Options(
            connectTimeout: .seconds(3), handshakeTimeout: .milliseconds(500), closeTimeout: .milliseconds(500),
            maxMessageSize: 1024))

    static let countdown = Request(
        operationName: "Countdown", kind: .subscription, document: .text("subscription Countdown{countdown(start:2)}"),
        variables: [:])

    static func outcome(_ path: String) async throws -> Outcome {
        let server = try await ScriptServer(script: "hostile_server.py")
        defer { server.stop() }
        let transport = GraphQLTransportWebSocket(url: server.url(path), options: options)
        // The bound only guards against a hang: the timeouts under test are the options' (at most 3 s).
        return try await collect(transport.send(countdown), within: .seconds(60))
    }

    @Test(arguments: [
        ("/never-ack", "did not acknowledge connection_init"),
        ("/masked", "masked frame"),
        ("/bad-utf8", "not valid UTF-8"),
        ("/oversized", "the limit is 1024"),
        ("/bad-accept", "Sec-WebSocket-Accept"),
        ("/close-4400", "4400 Unknown message type: bogus"),
        ("/drop-mid-frame", "in the middle of a frame"),
        ("/invalid-message", "Unknown message type: bogus"),
        ("/silent-handshake", "handshake did not finish in time"),
    ])
    func failsWithATransportError(_ path: String, _ expected: String) async throws {
        let outcome = try await Self.outcome(path)
        #expect(outcome.payloads.isEmpty)
        #expect(outcome.transportError?.statusCode == 0)
        #expect(outcome.message.contains(expected), "\(path): \(outcome.message)")
    }

    @Test func refusedUpgradeCarriesTheHTTPStatus() async throws {
        let outcome = try await Self.outcome("/non-101")
        #expect(outcome.transportError?.statusCode == 403)
        #expect(outcome.message.contains("403 Forbidden"))
    }

    /// graphql-transport-ws's refusals carry the HTTP status they stand for, so an exchange can
    /// renew credentials and replay a 401 as it does an HTTP one.
    @Test(arguments: [("/close-4401", 401), ("/close-4403", 403)])
    func refusalCloseCodesCarryTheirStatus(_ path: String, _ status: Int) async throws {
        let outcome = try await Self.outcome(path)
        #expect(outcome.payloads.isEmpty)
        #expect(outcome.transportError?.statusCode == status)
        #expect(outcome.message.contains("(\(status + 4000) "), "\(path): \(outcome.message)")
    }

    /// A connection the server is silent on is pinged; a server that answers keeps it and its
    /// stream, one that does not has it dropped: the stream fails with a transport error.
    @Test func keepAlivePingsAndAnAnsweredPingKeepsTheConnection() async throws {
        let server = try await ScriptServer(script: "hostile_server.py")
        defer { server.stop() }
        var options = Self.options
        options.keepAlive = .milliseconds(100)
        // Generous: this test is about pings answered, not the timeout.
        options.pongTimeout = .seconds(1)
        let transport = GraphQLTransportWebSocket(url: server.url("/graphql"), options: options)
        let quiet = transport.send(Self.query("subscription { forever }"))
        let reader = Task { try await collect(quiet, within: .seconds(60)) }
        // Several intervals of silence, each pinged and answered (asking is traffic too, so the
        // asks are spaced wider than the interval).
        let pinged = try await within(.seconds(60), "the server to count two pings") {
            while true {
                try await Task.sleep(for: .milliseconds(300))
                let outcome = try await collect(transport.send(Self.query("{ pings }")))
                let text = outcome.payloads.first.map(compact) ?? ""
                if let count = Int(text.filter(\.isNumber)), count >= 2 { return count }
            }
        }
        #expect(pinged >= 2)
        #expect(await transport.connectionCount == 1)
        #expect(await transport.isConnected)
        reader.cancel()
        await transport.close()
    }

    @Test func anUnansweredKeepAlivePingFailsTheStreams() async throws {
        let server = try await ScriptServer(script: "hostile_server.py")
        defer { server.stop() }
        var options = Self.options
        options.keepAlive = .milliseconds(100)
        options.pongTimeout = .milliseconds(300)
        let transport = GraphQLTransportWebSocket(url: server.url("/graphql-no-pong"), options: options)
        // The bound only guards against a hang: what fails the stream is the pong timeout.
        let outcome = try await collect(transport.send(Self.query("subscription { forever }")), within: .seconds(60))
        #expect(outcome.payloads.map(compact) == [#"{"data":{"n":1}}"#])
        #expect(outcome.transportError?.statusCode == 0)
        #expect(outcome.message.contains("did not answer a ping within"), "\(outcome.message)")
    }

    /// The miniature well-behaved server: two payloads (the second fragmented around a ping) and
    /// complete, the server's ping answered; two streams on one connection.
    @Test func wellBehavedMiniatureServer() async throws {
        let server = try await ScriptServer(script: "hostile_server.py")
        defer { server.stop() }
        let transport = GraphQLTransportWebSocket(url: server.url("/graphql"), options: Self.options)
        async let first = collect(transport.send(Self.countdown))
        async let second = collect(transport.send(Self.countdown))
        for outcome in try await [first, second] {
            #expect(outcome.error == nil)
            #expect(outcome.payloads.map(compact) == [#"{"data":{"n":1}}"#, #"{"data":{"n":2}}"#])
        }
        #expect(await transport.connectionCount == 1)
        await transport.close()
    }

    static func query(_ text: String) -> Request {
        Request(operationName: "Q", kind: .query, document: .text(text), variables: [:])
    }

    /// A cancelled Swift stream sends `complete` for its id, and the connection stays.
    @Test func cancellingAStreamSendsComplete() async throws {
        let server = try await ScriptServer(script: "hostile_server.py")
        defer { server.stop() }
        let transport = GraphQLTransportWebSocket(url: server.url("/graphql"), options: Self.options)
        let stream = transport.send(Self.query("subscription { forever }"))
        let (firstPayload, gotFirst) = AsyncStream<Void>.makeStream()
        let reader = Task {
            for try await _ in stream { gotFirst.yield() }
        }
        _ = try await within(.seconds(60), "the first payload") { await firstPayload.first { _ in true } }
        reader.cancel()
        // The complete goes out after the cancellation; ask until the server has seen it.
        let seen = try await within(.seconds(60), "the server to see complete") {
            while true {
                let outcome = try await collect(transport.send(Self.query("{ completed }")))
                if outcome.payloads.first.map(compact) == #"{"data":{"completed":["1"]}}"# { return true }
                try await Task.sleep(for: .milliseconds(20))
            }
        }
        #expect(seen)
        #expect(await transport.connectionCount == 1)
        await transport.close()
    }

    /// The server's graphql-transport-ws ping (sent right after the ack) is answered with a pong.
    @Test func serverPingIsAnsweredWithPong() async throws {
        let server = try await ScriptServer(script: "hostile_server.py")
        defer { server.stop() }
        let transport = GraphQLTransportWebSocket(url: server.url("/graphql"), options: Self.options)
        // The pong and the first subscribe race; ask until the server counts it.
        let answered = try await within(.seconds(60), "the server to see the pong") {
            while true {
                let outcome = try await collect(transport.send(Self.query("{ pongs }")))
                if outcome.payloads.first.map(compact) == #"{"data":{"pongs":1}}"# { return true }
                try await Task.sleep(for: .milliseconds(20))
            }
        }
        #expect(answered)
        await transport.close()
    }

    @Test func connectionParamsAreTheInitPayload() async throws {
        let server = try await ScriptServer(script: "hostile_server.py")
        defer { server.stop() }
        let transport = GraphQLTransportWebSocket(
            url: server.url("/graphql"), connectionParams: { ["authToken": "secret \"1\""] }, options: Self.options)
        let outcome = try await collect(transport.send(Self.query("{ init }")))
        #expect(outcome.payloads.map(compact) == [#"{"data":{"init":{"authToken":"secret\"1\""}}}"#])
        await transport.close()
    }

    /// Idle past its timeout the connection closes; the next send opens another.
    @Test func idleConnectionClosesAndTheNextSendRenewsIt() async throws {
        let server = try await ScriptServer(script: "hostile_server.py")
        defer { server.stop() }
        var options = Self.options
        options.idleTimeout = .milliseconds(200)
        let transport = GraphQLTransportWebSocket(url: server.url("/graphql"), options: options)
        #expect(try await collect(transport.send(Self.countdown)).payloads.count == 2)
        #expect(await transport.isConnected)
        try await within(.seconds(60), "the idle close") {
            while await transport.isConnected { try await Task.sleep(for: .milliseconds(20)) }
        }
        #expect(try await collect(transport.send(Self.countdown)).payloads.count == 2)
        #expect(await transport.connectionCount == 2)
        await transport.close()
    }

    /// Connection params that never come fail the connection within the ack timeout.
    @Test func connectionParamsThatNeverComeFail() async throws {
        let server = try await ScriptServer(script: "hostile_server.py")
        defer { server.stop() }
        let transport = GraphQLTransportWebSocket(
            url: server.url("/graphql"),
            connectionParams: {
                try? await Task.sleep(for: .seconds(3600))
                return [:]
            }, options: Self.options)
        let outcome = try await collect(transport.send(Self.countdown), within: .seconds(60))
        #expect(outcome.message.contains("connection params"), "\(outcome.message)")
    }

    @Test func persistedDocumentsFailAtOnce() async throws {
        let transport = GraphQLTransportWebSocket(url: URL(string: "ws://127.0.0.1:9/graphql")!, options: Self.options)
        let request = Request(operationName: "Countdown", kind: .subscription, document: .persisted(id: "abc"), variables: [:])
        let outcome = try await collect(transport.send(request), within: .seconds(30))
        #expect(outcome.message.contains("persisted document"))
        #expect(await transport.connectionCount == 0)
    }
}
