import BatonTestServer
import Testing

/// One test server for a whole suite: started before its first test, stopped after its last.
/// Tests read it through `Server.current`.
struct WithTestServer: SuiteTrait, TestScoping {
    var arguments: [String] = []

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let server = try await TestServer.start(arguments: arguments)
        defer { server.stop() }
        try await Server.$current.withValue(server) { try await function() }
    }
}

extension Trait where Self == WithTestServer {
    /// The suite runs against its own test server.
    static var testServer: Self { WithTestServer() }
}

enum Server {
    @TaskLocal static var current: TestServer?

    /// The suite's server; a test outside a `.testServer` suite fails here.
    static var running: TestServer {
        get throws { try #require(current, "the suite has no .testServer trait") }
    }
}
