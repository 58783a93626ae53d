import Baton
import BatonTestServer
import BatonTesting
import Foundation
import Testing

@testable import BatonSockets

/// `GraphQLTransportWebSocket` against the example's real server (strawberry, graphql-transport-ws)
/// on 127.0.0.1.
@Suite(.serialized) struct StrawberryServerTests {
    /// Generous: these tests are about the protocol, not the timeouts, and a Python server on two
    /// busy cores can take seconds to accept and acknowledge.
    static let options = GraphQLTransportWebSocket.Options(
        ackTimeout: .seconds(20), idleTimeout: .seconds(30),
        socket: WebSocket.Options(connectTimeout: .seconds(20), handshakeTimeout: .seconds(20), closeTimeout: .seconds(2)))

    static func request(
        _ name: String, _ kind: OperationKind, _ text: String, _ variables: Variables = [:]
    ) -> Request {
        Request(operationName: name, kind: kind, document: .text(text), variables: variables)
    }

    static func countdown(_ start: Int, intervalMs: Int = 0) -> Request {
        request(
            "Countdown", .subscription,
            "subscription Countdown($start:Int!,$intervalMs:Int!){countdown(start:$start,intervalMs:$intervalMs)}",
            ["start": .int(start), "intervalMs": .int(intervalMs)])
    }

    static func values(_ outcome: Outcome) -> [String] { outcome.payloads.map(compact) }

    static func expected(_ values: ClosedRange<Int>) -> [String] {
        values.reversed().map { #"{"data":{"countdown":\#($0)}}"# }
    }

    @Test func countdownEventsInOrderThenComplete() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let transport = GraphQLTransportWebSocket(url: server.webSocketURL, options: Self.options)
        let outcome = try await collect(transport.send(Self.countdown(3)))
        #expect(outcome.error == nil)
        #expect(Self.values(outcome) == Self.expected(0...3))
        await transport.close()
    }

    @Test func twoConcurrentSubscriptionsShareOneConnection() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let transport = GraphQLTransportWebSocket(url: server.webSocketURL, options: Self.options)
        async let three = collect(transport.send(Self.countdown(3, intervalMs: 20)))
        async let five = collect(transport.send(Self.countdown(5, intervalMs: 15)))
        let (a, b) = try await (three, five)
        #expect(Self.values(a) == Self.expected(0...3))
        #expect(Self.values(b) == Self.expected(0...5))
        #expect(await transport.connectionCount == 1)
        await transport.close()
    }

    /// Ten streams sent from ten tasks at once: each gets its own events, in order, on one
    /// connection.
    @Test func manyStreamsFromManyTasks() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let transport = GraphQLTransportWebSocket(url: server.webSocketURL, options: Self.options)
        let outcomes = try await withThrowingTaskGroup(of: (Int, Outcome).self) { group in
            for start in 1...10 {
                group.addTask { (start, try await collect(transport.send(Self.countdown(start, intervalMs: 5)))) }
            }
            var outcomes: [Int: Outcome] = [:]
            for try await (start, outcome) in group { outcomes[start] = outcome }
            return outcomes
        }
        for start in 1...10 {
            #expect(outcomes[start].map(Self.values) == Self.expected(0...start))
        }
        #expect(await transport.connectionCount == 1)
        await transport.close()
    }

    @Test func queryAndMutationOverTheSocket() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let transport = GraphQLTransportWebSocket(url: server.webSocketURL, options: Self.options)
        let query = Self.request("CharacterName", .query, "query CharacterName($id:ID!){character(id:$id){id,name}}", ["id": .string("1")])
        let answer = try await within(.seconds(60), "the query") { try await transport.payload(query) }
        #expect(compact(String(decoding: answer.bytes, as: UTF8.self)) == #"{"data":{"character":{"id":"1","name":"RickSanchez"}}}"#)
        let mutation = Self.request(
            "SetStatus", .mutation, "mutation SetStatus($id:ID!,$status:String!){setStatus(id:$id,status:$status){id,status}}",
            ["id": .string("2"), "status": .string("Dead")])
        let outcome = try await collect(transport.send(mutation))
        #expect(Self.values(outcome) == [#"{"data":{"setStatus":{"id":"2","status":"Dead"}}}"#])
        #expect(await transport.connectionCount == 1)
        await transport.close()
    }

    @Test func invalidDocumentIsARequestError() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let transport = GraphQLTransportWebSocket(url: server.webSocketURL, options: Self.options)
        let outcome = try await collect(transport.send(Self.request("Nope", .subscription, "subscription Nope{nope}")))
        let failure = try #require(outcome.error as? Failure)
        #expect(failure.kind == .request)
        #expect(failure.errors.map(\.message) == ["Cannot query field 'nope' on type 'Subscription'."])
        // The connection stays for the next request.
        #expect(Self.values(try await collect(transport.send(Self.countdown(1)))) == Self.expected(0...1))
        #expect(await transport.connectionCount == 1)
        await transport.close()
    }

    /// The server refuses @defer over the socket: a request error that says so.
    @Test func deferIsRefusedAsARequestError() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let transport = GraphQLTransportWebSocket(url: server.webSocketURL, options: Self.options)
        let request = Self.request("Deferred", .query, "query Deferred{character(id:1){id,...@defer{name}}}")
        let outcome = try await collect(transport.send(request))
        let failure = try #require(outcome.error as? Failure)
        #expect(failure.kind == .request)
        #expect(failure.errors.first?.message.contains("Incremental delivery is not supported") == true)
        await transport.close()
    }

    /// A cancelled Swift stream sends `complete`; the server keeps the connection, and the next
    /// request runs on it.
    @Test func cancellingAStreamKeepsTheConnection() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let transport = GraphQLTransportWebSocket(url: server.webSocketURL, options: Self.options)
        let stream = transport.send(Self.countdown(1000, intervalMs: 20))
        let (firstPayload, gotFirst) = AsyncStream<Void>.makeStream()
        let reader = Task {
            for try await _ in stream { gotFirst.yield() }
        }
        _ = try await within(.seconds(60), "the first payload") { await firstPayload.first { _ in true } }
        reader.cancel()
        _ = await reader.result
        #expect(Self.values(try await collect(transport.send(Self.countdown(2)))) == Self.expected(0...2))
        #expect(await transport.connectionCount == 1)
        #expect(await transport.isConnected)
        await transport.close()
    }

    /// The server stops mid-stream: the stream fails with a transport error (no hang); a later
    /// send renews the connection once the server is back on the same port.
    @Test func serverStoppedMidStreamFailsAndALaterSendRenews() async throws {
        let server = try await TestServer.start()
        let port = server.port
        let transport = GraphQLTransportWebSocket(url: server.webSocketURL, options: Self.options)
        let stream = transport.send(Self.countdown(1000, intervalMs: 20))
        let (firstPayload, gotFirst) = AsyncStream<Void>.makeStream()
        let reader = Task { () -> Outcome in
            var outcome = Outcome()
            do {
                for try await payload in stream {
                    outcome.payloads.append(String(decoding: payload.bytes, as: UTF8.self))
                    gotFirst.yield()
                }
            } catch {
                outcome.error = error
            }
            return outcome
        }
        _ = try await within(.seconds(60), "the first payload") { await firstPayload.first { _ in true } }
        server.stop()
        let outcome = try await within(.seconds(60), "the stream's failure") { await reader.value }
        #expect(!outcome.payloads.isEmpty)
        #expect(outcome.transportError?.statusCode == 0)
        #expect(await transport.isConnected == false)

        let restarted = try await TestServer.start(arguments: ["--port", String(port)])
        defer { restarted.stop() }
        #expect(Self.values(try await collect(transport.send(Self.countdown(1)))) == Self.expected(0...1))
        #expect(await transport.connectionCount == 2)
        await transport.close()
    }
}
