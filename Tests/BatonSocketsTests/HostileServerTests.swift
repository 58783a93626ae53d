import Baton
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
        return try await collect(transport.send(countdown), within: .seconds(5))
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

    @Test func persistedDocumentsFailAtOnce() async throws {
        let transport = GraphQLTransportWebSocket(url: URL(string: "ws://127.0.0.1:9/graphql")!, options: Self.options)
        let request = Request(operationName: "Countdown", kind: .subscription, document: .persisted(id: "abc"), variables: [:])
        let outcome = try await collect(transport.send(request), within: .seconds(2))
        #expect(outcome.message.contains("persisted document"))
        #expect(await transport.connectionCount == 0)
    }
}
