import Baton
import BatonTestServer
import ExchangeSample
import Foundation
import Testing

/// The exchange sample over `URLSessionTransport`, against the server's failure routes.
@Suite(.testServer, .timeLimit(.minutes(2))) struct ExchangeTests {
    typealias Policy = Exchange.Policy

    static let quick = Policy(attempts: 3, backoff: .milliseconds(20), maximumBackoff: .milliseconds(80), deadline: .seconds(20))

    /// Counts the base transport's sends (its credentials are read once per send).
    final class Sends: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var value: Int { lock.withLock { count } }
        func add() { lock.withLock { count += 1 } }
    }

    /// An exchange over the HTTP transport at `route`; `headers` gives each send's headers.
    func exchange(
        _ route: String, policy: Policy = ExchangeTests.quick, sends: Sends,
        headers: @escaping @Sendable () -> [String: String] = { [:] },
        challenged: @escaping @Sendable () async throws -> Void = {}
    ) throws -> Exchange {
        let base = URLSessionTransport(url: try Server.running.httpURL(route: route)) {
            sends.add()
            return headers()
        }
        return Exchange(base: base, policy: policy, challenged: challenged, jitter: { 1 })
    }

    static func query(kind: OperationKind = .query) -> Request {
        let text =
            kind == .mutation
            ? #"mutation Test{setStatus(id:"5",status:"Alive"){id,status}}"# : #"query Test{character(id:"1"){id,name}}"#
        return Request(operationName: "Test", kind: kind, document: .text(text), variables: [:])
    }

    static func collect(_ transport: some Transport, _ request: Request) async throws -> [String] {
        var texts: [String] = []
        for try await payload in transport.send(request) { texts.append(String(decoding: payload.bytes, as: UTF8.self)) }
        return texts
    }

    @Test func serverErrorsAreRetriedUntilTheAnswer() async throws {
        let sends = Sends()
        let key = UUID().uuidString
        let exchange = try exchange("flaky/graphql", sends: sends, headers: { ["X-Flaky-Key": key] })
        #expect(try await Self.collect(exchange, Self.query()) == [#"{"data":{"character":{"id":"1","name":"Rick Sanchez"}}}"#])
        #expect(sends.value == 3)
    }

    @Test func retriesAreBounded() async throws {
        let sends = Sends()
        let key = UUID().uuidString
        let policy = Policy(attempts: 2, backoff: .milliseconds(20), deadline: .seconds(20))
        let exchange = try exchange("flaky/graphql", policy: policy, sends: sends, headers: { ["X-Flaky-Key": key] })
        let error = await #expect(throws: TransportError.self) { _ = try await Self.collect(exchange, Self.query()) }
        #expect(error?.statusCode == 500)
        #expect(URLSessionTransportTests.text(error).hasPrefix("flaky: failure 2 of 2"))
        #expect(sends.value == 2)
    }

    @Test func aMutationIsNeverSentTwice() async throws {
        let sends = Sends()
        let key = UUID().uuidString
        let exchange = try exchange("flaky/graphql", sends: sends, headers: { ["X-Flaky-Key": key] })
        let error = await #expect(throws: TransportError.self) { _ = try await Self.collect(exchange, Self.query(kind: .mutation)) }
        #expect(error?.statusCode == 500)
        #expect(sends.value == 1)
    }

    @Test func aLostConnectionIsRetriedThenFailsWithTheLastError() async throws {
        let sends = Sends()
        let exchange = try exchange("drop/graphql", sends: sends)
        let error = await #expect(throws: TransportError.self) { _ = try await Self.collect(exchange, Self.query()) }
        #expect(error?.statusCode == 0)
        #expect(sends.value == 3)
    }

    @Test func a401IsReplayedOnceAfterTheChallenge() async throws {
        let sends = Sends()
        let token = Tokens(["Bearer stale"])
        let challenges = Sends()
        let exchange = try exchange(
            "auth/graphql", sends: sends, headers: { ["Authorization": token.next()] },
            challenged: {
                challenges.add()
                token.replace("Bearer good")
            })
        #expect(try await Self.collect(exchange, Self.query()).count == 1)
        #expect(sends.value == 2)
        #expect(challenges.value == 1)
    }

    @Test func a401AfterTheReplayFails() async throws {
        let sends = Sends()
        let challenges = Sends()
        let exchange = try exchange(
            "auth/graphql", sends: sends, headers: { ["Authorization": "Bearer never"] }, challenged: { challenges.add() })
        let error = await #expect(throws: TransportError.self) { _ = try await Self.collect(exchange, Self.query()) }
        #expect(error?.statusCode == 401)
        #expect(sends.value == 2)
        #expect(challenges.value == 1)
    }

    @Test func otherClientErrorsAndRequestErrorsAreNotRetried() async throws {
        let missing = Sends()
        let notFound = try exchange("nothing", sends: missing)
        let error = await #expect(throws: TransportError.self) { _ = try await Self.collect(notFound, Self.query()) }
        #expect(error?.statusCode == 404)
        #expect(missing.value == 1)
        let strict = Sends()
        let refusing = try exchange("strict/graphql", sends: strict)
        let bad = Request(operationName: "Test", kind: .query, document: .text("query Test{nope}"), variables: [:])
        await #expect(throws: Failure.self) { _ = try await Self.collect(refusing, bad) }
        #expect(strict.value == 1)
    }

    @Test func theDeadlineSpansTheAttempts() async throws {
        let sends = Sends()
        let policy = Policy(attempts: 5, backoff: .milliseconds(20), deadline: .milliseconds(600))
        // The server would answer after 60 s; the deadline ends the attempt long before (the bound
        // is loose: the machine may be busy).
        let exchange = try exchange("slow/graphql?ms=60000", policy: policy, sends: sends)
        let start = ContinuousClock.now
        let error = await #expect(throws: TransportError.self) { _ = try await Self.collect(exchange, Self.query()) }
        #expect(error?.statusCode == 0)
        #expect(URLSessionTransportTests.text(error).contains("deadline"))
        #expect(ContinuousClock.now - start < .seconds(20))
        #expect(sends.value == 1)
    }

    @Test func aWaitPastTheDeadlineFailsWithTheLastError() async throws {
        let sends = Sends()
        let key = UUID().uuidString
        // The first retry would wait 60 s, past the 20 s deadline: the 500 fails at once instead.
        let policy = Policy(attempts: 3, backoff: .seconds(60), maximumBackoff: .seconds(60), deadline: .seconds(20))
        let exchange = try exchange("flaky/graphql", policy: policy, sends: sends, headers: { ["X-Flaky-Key": key] })
        let start = ContinuousClock.now
        let error = await #expect(throws: TransportError.self) { _ = try await Self.collect(exchange, Self.query()) }
        #expect(error?.statusCode == 500)
        #expect(ContinuousClock.now - start < .seconds(20))
        #expect(sends.value == 1)
    }

    @Test func aStreamThatDeliveredIsNotSentAgain() async throws {
        // A base that delivers one event, then loses its connection.
        struct Breaking: Transport {
            let sends: Sends
            func send(_ request: Request) -> AsyncThrowingStream<Payload, any Error> {
                sends.add()
                return AsyncThrowingStream { continuation in
                    continuation.yield(Payload(json: #"{"data":{"countdown":3}}"#))
                    continuation.finish(throwing: TransportError(statusCode: 0, message: "lost"))
                }
            }
        }
        let sends = Sends()
        let exchange = Exchange(base: Breaking(sends: sends), policy: Self.quick, jitter: { 1 })
        let request = Request(
            operationName: "Test", kind: .subscription, document: .text("subscription Test{countdown(start:3)}"), variables: [:])
        var received = 0
        await #expect(throws: TransportError(statusCode: 0, message: "lost")) {
            for try await _ in exchange.send(request) { received += 1 }
        }
        #expect(received == 1)
        #expect(sends.value == 1)
    }

    @Test func aSubscriptionStreamsThroughTheExchange() async throws {
        let sends = Sends()
        let exchange = try exchange("graphql", sends: sends)
        let request = Request(
            operationName: "Test", kind: .subscription, document: .text("subscription Test{countdown(start:2,intervalMs:10)}"),
            variables: [:])
        #expect(try await Self.collect(exchange, request).count == 3)
        #expect(sends.value == 1)
    }
}
