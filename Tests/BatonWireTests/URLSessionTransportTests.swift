import BatonTestServer
import BatonTesting
import Foundation
import Testing

@_spi(Generated) @testable import Baton

/// `URLSessionTransport` against the example's server on 127.0.0.1: every answer shape and every
/// failure the design names.
@Suite(.testServer, .timeLimit(.minutes(2))) struct URLSessionTransportTests {
    static func request(
        _ query: String, name: String = "Test", kind: OperationKind = .query, variables: Variables = [:],
        inParts: Bool = false
    ) -> Request {
        Request(operationName: name, kind: kind, document: .text(query), variables: variables, answersInParts: inParts)
    }

    static func text(_ error: TransportError?) -> String { String(decoding: error?.body ?? [], as: UTF8.self) }

    static let rick = request(#"query Test{character(id:"1"){id,name}}"#)

    /// Every payload of `request`, or what the stream threw; fails past `timeout`.
    static func collect(
        _ transport: URLSessionTransport, _ request: Request, timeout: Duration = .seconds(20)
    ) async throws -> [String] {
        try await withThrowingTaskGroup(of: [String]?.self) { group in
            group.addTask {
                var texts: [String] = []
                for try await payload in transport.send(request) { texts.append(String(decoding: payload.bytes, as: UTF8.self)) }
                return texts
            }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            defer { group.cancelAll() }
            guard let texts = try await group.next()! else {
                Issue.record("no answer within \(timeout)")
                throw CancellationError()
            }
            return texts
        }
    }

    func transport(_ route: String = "graphql", credentials: @escaping URLSessionTransport.Credentials = { [:] })
        throws -> URLSessionTransport
    {
        URLSessionTransport(url: try Server.running.httpURL(route: route), credentials: credentials)
    }

    @Test func aQueryAnswersOnePayload() async throws {
        let texts = try await Self.collect(transport(), Self.rick)
        #expect(texts == [#"{"data":{"character":{"id":"1","name":"Rick Sanchez"}}}"#])
    }

    @Test func aMutationAnswersOnePayload() async throws {
        let request = Self.request(
            "mutation Test($id:ID!,$status:String!){setStatus(id:$id,status:$status){id,status}}", kind: .mutation,
            variables: ["id": "2", "status": "Dead"])
        let texts = try await Self.collect(transport(), request)
        #expect(texts == [#"{"data":{"setStatus":{"id":"2","status":"Dead"}}}"#])
    }

    @Test func deferArrivesAsSeparatePayloads() async throws {
        let request = Self.request(
            #"query Test{character(id:"1"){id,name,...@defer(label:"origin"){origin{name}}}}"#, inParts: true)
        let texts = try await Self.collect(transport(), request)
        #expect(texts.count == 2)
        #expect(
            texts.first?.hasPrefix(
                #"{"data":{"character":{"id":"1","name":"Rick Sanchez"}},"hasNext":true,"pending":[{"id":"0","path":["character"],"label":"origin"}]"#
            ) == true)
        #expect(texts.last?.contains(#""incremental":[{"data":{"origin":{"name":"Earth (C-137)"}},"id":"0""#) == true)
        #expect(texts.last?.contains(#""hasNext":false"#) == true)
    }

    @Test func streamedItemsFollowTheFirstPart() async throws {
        let request = Self.request(#"query Test{characters(page:1){results@stream(initialCount:2){id}}}"#, inParts: true)
        let texts = try await Self.collect(transport(), request)
        #expect(texts.count >= 2)
        #expect(texts.first?.hasPrefix(#"{"data":{"characters":{"results":[{"id":"1"},{"id":"2"}]}},"hasNext":true"#) == true)
        #expect(texts.dropFirst().joined().contains(#"{"items":[{"id":"3"}"#))
        #expect(texts.last?.contains(#""hasNext":false"#) == true)
    }

    @Test func aSubscriptionStreamsServerSentEvents() async throws {
        let request = Self.request("subscription Test{countdown(start:3,intervalMs:20)}", kind: .subscription)
        let texts = try await Self.collect(transport(), request)
        #expect(texts == (0...3).reversed().map { #"{"data":{"countdown":\#($0)}}"# })
    }

    @Test func aQueryOverServerSentEvents() async throws {
        let transport = URLSessionTransport(url: try Server.running.httpURL(), eventStreams: .everything)
        let texts = try await Self.collect(transport, Self.rick)
        #expect(texts == [#"{"data":{"character":{"id":"1","name":"Rick Sanchez"}}}"#])
    }

    @Test func aPersistedDocumentIsSentByItsId() async throws {
        // One of the server's built-in documents, by the sha256 of its text
        // (`query CharacterName($id:ID!){character(id:$id){id,name}}`).
        let request = Request(
            operationName: "CharacterName", kind: .query,
            document: .persisted(id: "sha256:75144f71cedfa8d775e90b6a61daabae4e1ca852d70bbd78de4de0933975daec"),
            variables: ["id": "3"])
        #expect(String(decoding: request.body, as: UTF8.self).contains(#""documentId":"sha256:"#))
        let texts = try await Self.collect(transport(), request)
        #expect(texts == [#"{"data":{"character":{"id":"3","name":"Summer Smith"}}}"#])
    }

    @Test func credentialsAreReadPerAttempt() async throws {
        let tokens = Tokens(["Bearer stale", "Bearer good"])
        let transport = try transport("auth/graphql") { ["Authorization": tokens.next()] }
        let error = await #expect(throws: TransportError.self) { _ = try await Self.collect(transport, Self.rick) }
        #expect(error?.statusCode == 401)
        #expect(Self.text(error).contains("Unauthorized"))
        // The same transport, the next attempt: the rotated token.
        #expect(try await Self.collect(transport, Self.rick).count == 1)
        #expect(tokens.reads == 2)
    }

    @Test func aServerErrorIsATransportErrorWithItsStatusAndBody() async throws {
        let key = UUID().uuidString
        let transport = try transport("flaky/graphql") { ["X-Flaky-Key": key] }
        for failure in 1...2 {
            let error = await #expect(throws: TransportError.self) { _ = try await Self.collect(transport, Self.rick) }
            #expect(error?.statusCode == 500)
            #expect(Self.text(error) == "flaky: failure \(failure) of 2 for key '\(key)'")
        }
        #expect(try await Self.collect(transport, Self.rick) == [#"{"data":{"character":{"id":"1","name":"Rick Sanchez"}}}"#])
    }

    @Test func aStrictRequestErrorIsARequestFailure() async throws {
        let error = await #expect(throws: Failure.self) {
            _ = try await Self.collect(self.transport("strict/graphql"), Self.request("query Test{nope}"))
        }
        #expect(error?.kind == .request)
        #expect(error?.errors.map(\.message) == ["Cannot query field 'nope' on type 'Query'."])
        // The same error as plain JSON (200, data null) is a payload the runtime reads as a request error.
        #expect(try await Self.collect(transport(), Self.request("query Test{nope}")).count == 1)
    }

    @Test func aDroppedConnectionFailsWithStatusZero() async throws {
        let error = await #expect(throws: TransportError.self) { _ = try await Self.collect(self.transport("drop/graphql"), Self.rick) }
        #expect(error?.statusCode == 0)
        #expect(Self.text(error).contains("POST"))
    }

    /// Payloads delivered before a failure, and the failure.
    static func partial(_ transport: URLSessionTransport, _ request: Request) async -> ([String], (any Error)?) {
        var texts: [String] = []
        do {
            for try await payload in transport.send(request) { texts.append(String(decoding: payload.bytes, as: UTF8.self)) }
            return (texts, nil)
        } catch {
            return (texts, error)
        }
    }

    @Test func malformedFramingFailsClearly() async throws {
        let subscription = Self.request("subscription Test{countdown(start:1)}", kind: .subscription)
        for (shape, request, delivered, status, message) in [
            ("no-boundary", Self.rick, [String](), 200, "without a valid boundary"),
            // A part ends at the next delimiter: without one, the last part never arrived.
            ("unclosed", Self.rick, [], 0, "ended before its close delimiter"),
            ("bad-header", Self.rick, [], 200, "malformed header line: not a header"),
            ("unfinished", subscription, [#"{"data":{"countdown":1}}"#], 0, "ended without a complete event"),
        ] {
            let (texts, error) = await Self.partial(try transport("malformed/graphql?shape=\(shape)"), request)
            #expect(texts == delivered, "\(shape)")
            let failure = error as? TransportError
            #expect(failure?.statusCode == status, "\(shape)")
            #expect(Self.text(failure).contains(message), "\(shape): \(Self.text(failure))")
        }
    }

    @Test func cancellingASlowRequestEndsItsStream() async throws {
        let transport = try transport("slow/graphql?ms=60000")
        let consumer = Task {
            var count = 0
            for try await _ in transport.send(Self.rick) { count += 1 }
            return count
        }
        try await Task.sleep(for: .milliseconds(300))
        let start = ContinuousClock.now
        consumer.cancel()
        // The stream ends (empty, or with a cancellation) long before the server would answer (the
        // bound is loose: the machine may be busy).
        let result = await consumer.result
        #expect(ContinuousClock.now - start < .seconds(20))
        if case .success(let count) = result { #expect(count == 0) }
    }

    @Test func aTransportErrorDescribesItselfAsText() {
        #expect("\(TransportError(statusCode: 401, message: "denied"))" == "HTTP 401: denied")
        #expect("\(TransportError(statusCode: 0, message: "refused"))" == "no response: refused")
        let long = TransportError(statusCode: 500, body: [UInt8](repeating: 0x78, count: 600))
        #expect(long.description == "HTTP 500: " + String(repeating: "x", count: 500) + "…")
    }

    @Test func anUnreachableServerIsStatusZero() async throws {
        // Port 1 on the loopback: nothing listens there, so the connection is refused at once.
        let transport = URLSessionTransport(url: URL(string: "http://127.0.0.1:1/graphql")!)
        let error = await #expect(throws: TransportError.self) { _ = try await Self.collect(transport, Self.rick) }
        #expect(error?.statusCode == 0)
        #expect(Self.text(error).contains("before any response"))
    }

    @Test func failingCredentialsFailTheRequestUnchanged() async throws {
        struct NoToken: Error {}
        let transport = try transport { throw NoToken() }
        await #expect(throws: NoToken.self) { _ = try await Self.collect(transport, Self.rick) }
    }

    @Test func onlyAStrictBodyOfErrorsWithoutDataIsARequestFailure() {
        let strict = "application/graphql-response+json; charset=utf-8"
        let errors = #"{"errors":[{"message":"denied","path":["character",0],"extensions":{"code":"NO"}}],"data":null}"#
        let request = URLSessionTransport.failure(status: 403, contentType: strict, body: Array(errors.utf8))
        #expect((request as? Failure)?.kind == .request)
        #expect(
            (request as? Failure)?.errors == [
                ResponseError(message: "denied", path: [.key("character"), .index(0)], extensions: #"{"code":"NO"}"#)
            ])
        // With data, as plain JSON, or not JSON at all: the status and the body, unchanged.
        for (type, body) in [
            (strict, #"{"data":{"x":1},"errors":[{"message":"partial"}]}"#), ("application/json", errors),
            (strict, "<html>bad gateway</html>"), (strict, #"{"errors":[]}"#),
        ] {
            let error = URLSessionTransport.failure(status: 502, contentType: type, body: Array(body.utf8))
            #expect(error as? TransportError == TransportError(statusCode: 502, body: Array(body.utf8)), "\(type) \(body)")
        }
    }
}

/// Credentials that rotate: each read takes the next token (the last one stays).
final class Tokens: @unchecked Sendable {
    private let lock = NSLock()
    private var tokens: [String]
    private var count = 0

    init(_ tokens: [String]) { self.tokens = tokens }

    var reads: Int { lock.withLock { count } }

    /// From now on every read takes `token` (a refreshed credential).
    func replace(_ token: String) { lock.withLock { tokens = [token] } }

    func next() -> String {
        lock.withLock {
            count += 1
            return tokens.count > 1 ? tokens.removeFirst() : tokens[0]
        }
    }
}

/// The end-to-end path: an environment over the HTTP transport, a handle, its data through a lens.
@MainActor @Suite(.testServer, .timeLimit(.minutes(2))) struct URLSessionEnvironmentTests {
    @Test func aHandleReadsItsQueryFromTheServer() async throws {
        let environment = Environment(transport: URLSessionTransport(url: try Server.running.httpURL()))
        let handle = environment.handle(for: WireCharacter(id: "1"))
        let retention = handle.retain()
        defer { _ = retention }
        #expect(await wait(until: { handle.phase.kind != .loading }, timeout: .seconds(20)))
        #expect(handle.phase.data?.character?.name == "Rick Sanchez")
        #expect(handle.phase.data?.character?.status == "Alive")
    }

    @Test func aDeferredPartArrivesAfterTheFirstAndCommits() async throws {
        let environment = Environment(transport: URLSessionTransport(url: try Server.running.httpURL()))
        var events: [LogEvent] = []
        environment.log = { events.append($0) }
        let handle = environment.handle(for: WireDeferred(id: "1"))
        let retention = handle.retain()
        defer { _ = retention }
        #expect(await wait(until: { handle.phase.kind != .loading && !handle.fetch.isInFlight }, timeout: .seconds(20)))
        #expect(handle.phase.kind == .ready)
        #expect(handle.phase.data?.character?.name == "Rick Sanchez")
        #expect(handle.phase.data?.character?.origin?.name == "Earth (C-137)")
        // The first part and the deferred one, each its own batch; nothing dropped.
        #expect(events.filter { if case .committed = $0 { true } else { false } }.count == 2)
        #expect(!events.contains { if case .partDropped = $0 { true } else { false } })
    }

    /// `@stream` against strawberry: the first part brings two results, the rest arrive as items
    /// of later parts (graphql-core 3.3's shape), each landing at its index; the fetch ends with them.
    @Test func streamedItemsLandInTheirListAsTheyArrive() async throws {
        let environment = Environment(transport: URLSessionTransport(url: try Server.running.httpURL()))
        var events: [LogEvent] = []
        environment.log = { events.append($0) }
        let handle = environment.handle(for: WireStreamed())
        let retention = handle.retain()
        defer { _ = retention }
        #expect(await wait(until: { handle.phase.kind != .loading && !handle.fetch.isInFlight }, timeout: .seconds(20)))
        #expect(handle.fetch.failureKind == nil, "\(handle.fetch)")
        let names = handle.data.characters?.results.map { list in list.map { $0.name ?? "?" } } ?? []
        #expect(names.count == 20)
        #expect(names.prefix(3) == ["Rick Sanchez", "Morty Smith", "Summer Smith"])
        #expect(!events.contains { if case .partDropped = $0 { true } else { false } })
        #expect(events.filter { if case .committed = $0 { true } else { false } }.count >= 2)
    }

    /// A subscription through the environment over graphql-sse: three events, each committed on
    /// the character's record, then the server's completion.
    @Test func aSubscriptionOverServerSentEventsCommitsEachEvent() async throws {
        let environment = Environment(transport: URLSessionTransport(url: try Server.running.httpURL()))
        let character = environment.handle(for: WireCharacter(id: "3"))
        let characterRetention = character.retain()
        #expect(await wait(until: { !character.fetch.isInFlight && character.phase.kind == .ready }, timeout: .seconds(20)))
        let before = character.data.character?.status
        let live = environment.handle(for: WireStatusChanged(id: "3"))
        let retention = live.retain()
        defer { _ = (retention, characterRetention) }
        #expect(await wait(until: { live.stream == .ended(nil) }, timeout: .seconds(20)), "\(live.stream)")
        #expect(live.events == 3)
        #expect(live.resumptions == 0)
        // Three steps through Alive, Dead, unknown come back to where the status was.
        #expect(character.data.character?.status == before)
    }

    @Test func aStrictRequestErrorReachesThePhaseAsRequest() async throws {
        let environment = Environment(transport: URLSessionTransport(url: try Server.running.httpURL(route: "strict/graphql")))
        let handle = environment.handle(for: WireBroken(id: "1"))
        let retention = handle.retain()
        defer { _ = retention }
        #expect(await wait(until: { handle.phase.kind != .loading }, timeout: .seconds(20)))
        #expect(handle.phase.kind == .request)
        let failure = try #require(handle.phase.error as? Failure)
        #expect(failure.errors.count == 1)
        #expect(failure.errors.first?.message.hasPrefix("Cannot query field 'nope' on type 'Character'.") == true)
    }
}
