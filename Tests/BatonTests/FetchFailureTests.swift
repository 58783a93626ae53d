@_spi(Generated) import Baton
import BatonTesting
import Foundation
import Testing

/// Bad input never crashes and never gives a phase the rules do not allow: a response the plan cannot
/// read fails as `malformed` and commits nothing; a transport's error is kept unchanged; a server's
/// errors without data fail as `request` with each error's message, path and extensions.
@MainActor @Suite struct FetchFailureTests {
    typealias F = EnvironmentFixtures

    struct Unreachable: Error, Equatable { let host: String }

    func fetched(_ answer: @escaping @Sendable (Request) throws -> [UInt8]) async throws
        -> (Environment, OperationHandle<TestHeaderQuery>, Failure?)
    {
        let environment = Environment(transport: RecordedTransport(responder: answer))
        let handle = environment.handle(for: F.header("5"))
        #expect(await wait(until: { !handle.fetch.isInFlight }))
        var failure: Failure?
        if case .failed(let found, _) = handle.fetch { failure = found }
        return (environment, handle, failure)
    }

    @Test(arguments: [
        #"{"extensions":{}}"#,  // neither data nor errors
        #"{"data":{"character":{"id":"5","name":"Jerry"}}}"#,  // a selected field left out
        #"{"data":{"character":{"id":"5","name":"Jerry""#,  // cut short
        #"not json"#,
        #""#,
        #"{"data":{"character":[1,2]}}"#,  // a list where an object goes
    ])
    func aResponseThePlanCannotReadIsMalformedAndCommitsNothing(_ text: String) async throws {
        let (environment, handle, failure) = try await fetched { _ in Array(text.utf8) }
        #expect(failure?.kind == .malformed)
        #expect(failure?.underlying is IngestError)
        #expect(handle.phase.kind == .malformed)
        #expect(environment.store.recordKeys.count == 3)
    }

    @Test func aTransportsErrorIsKeptUnchanged() async throws {
        let (environment, handle, failure) = try await fetched { _ in throw Unreachable(host: "api") }
        #expect(failure?.kind == .transport)
        #expect(failure?.underlying as? Unreachable == Unreachable(host: "api"))
        #expect((handle.phase.error as? Failure)?.underlying as? Unreachable == Unreachable(host: "api"))
        #expect(environment.store.recordKeys.count == 3)
    }

    @Test func errorsWithoutDataAreARequestFailureWithEachErrorKept() async throws {
        let text =
            #"{"data":null,"errors":[{"message":"not allowed","path":["character",0,"name"],"extensions":{"code":"FORBIDDEN"}},{"message":"and slow"}]}"#
        let (environment, handle, failure) = try await fetched { _ in Array(text.utf8) }
        #expect(failure?.kind == .request)
        let errors = try #require(failure?.underlying as? GraphQLErrors).errors
        #expect(errors.map(\.message) == ["not allowed", "and slow"])
        #expect(errors[0].path == [.key("character"), .index(0), .key("name")])
        #expect(errors[0].extensions == #"{"code":"FORBIDDEN"}"#)
        #expect(errors[1].path == nil)
        #expect(failure?.errors.count == 2)
        #expect(handle.phase.kind == .request)
        #expect(environment.store.recordKeys.count == 3)
    }

    @Test func aFailureBehindDataLeavesThePhaseAndTheNextResponseClearsIt() async throws {
        let transport = ScriptedTransport()
        let environment = Environment(transport: transport)
        try await environment.commitPayload(F.header("5"), Payload(try F.response("tests/character-header-5.json")))
        let handle = environment.handle(for: F.header("5"), fetchPolicy: .storeAndNetwork)
        let retention = handle.retain()
        try await PhaseTests.answer(transport, handle, with: Array("{".utf8))
        #expect(handle.phase.kind == .ready && handle.fetch.failureKind == .malformed)
        #expect(handle.phase.data?.character?.testHeader.name == "Jerry Smith")
        let refetch = Task { try await handle.refetch() }
        try await PhaseTests.answer(transport, handle, with: F.response("tests/character-header-5.json"))
        try await refetch.value
        #expect(handle.fetch.failureKind == nil)
        _ = retention
    }

    @Test func aFetchByTheEnvironmentThrowsItsFailure() async throws {
        let environment = Environment(transport: RecordedTransport { _ in throw Unreachable(host: "api") })
        let thrown = await #expect(throws: Failure.self) { try await environment.fetch(F.header("5")) }
        #expect(thrown?.kind == .transport)
        let malformed = Environment(transport: RecordedTransport { _ in F.malformed })
        let other = await #expect(throws: Failure.self) { try await malformed.fetch(F.header("5")) }
        #expect(other?.kind == .malformed)
    }

    @Test func environmentFetchCommitsAndAStoreOnlyHandleReadsIt() async throws {
        let transport = RecordedTransport([TestHeaderQuery.name: try F.response("tests/character-header-5.json")])
        let environment = Environment(transport: transport)
        try await environment.fetch(F.header("5"))
        let handle = environment.handle(for: F.header("5"), fetchPolicy: .storeOnly)
        #expect(handle.phase.data?.character?.testHeader.name == "Jerry Smith")
        #expect(transport.requestCount == 1)
    }
}
