import BatonCompiler
import Foundation
@_spi(Generated) import Baton

/// spec/generated-code: its schema, config and sources, and where their generated code is committed.
enum Cases {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let root = repository.appendingPathComponent("spec/generated-code")
    static let generated = repository.appendingPathComponent("Tests/BatonGeneratedCodeTests/Generated")

    /// What `batonc generate --config spec/generated-code/baton.json --out <Generated> sources` writes.
    static func generate(config: String = "baton.json") -> GenerateCommand.Result {
        let request = CompilationSetup.Request(configPath: root.path + "/" + config, schemaPath: nil,
                                               paths: [root.path + "/sources"])
        return GenerateCommand.compute(.init(request: request, out: generated.path, workingDirectory: root.path))
    }
}

/// An in-process transport: answers each request with what `answer` gives (bytes, or a throw) and
/// keeps the requests it saw.
final class RecordedTransport: Baton.Transport, @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [Baton.Request] = []
    private let answer: @Sendable (Baton.Request) throws -> [UInt8]

    init(_ answer: @escaping @Sendable (Baton.Request) throws -> [UInt8]) { self.answer = answer }
    convenience init(json: String) { self.init { _ in Array(json.utf8) } }

    var requests: [Baton.Request] { lock.withLock { seen } }

    func execute(_ request: Baton.Request) async throws -> [UInt8] {
        lock.withLock { seen.append(request) }
        return try answer(request)
    }
}

/// A transport that holds each request until the test answers it, so a test sees the state while
/// the request is in flight.
final class HeldTransport: Baton.Transport, @unchecked Sendable {
    private let lock = NSLock()
    private var waiting: [CheckedContinuation<[UInt8], any Error>] = []
    private var count = 0

    var requestCount: Int { lock.withLock { count } }

    func execute(_ request: Baton.Request) async throws -> [UInt8] {
        try await withCheckedThrowingContinuation { continuation in
            lock.withLock {
                waiting.append(continuation)
                count += 1
            }
        }
    }

    /// Answers the oldest held request.
    func respond(json: String) { take()?.resume(returning: Array(json.utf8)) }
    func fail(_ error: any Error) { take()?.resume(throwing: error) }

    private func take() -> CheckedContinuation<[UInt8], any Error>? {
        lock.withLock { waiting.isEmpty ? nil : waiting.removeFirst() }
    }

    /// Yields until `count` requests have arrived (bounded: false if they never do).
    @MainActor func waitForRequests(_ expected: Int) async -> Bool {
        for _ in 0..<100_000 {
            if requestCount >= expected { return true }
            await Task.yield()
        }
        return false
    }
}

struct TransportFailure: Error, Equatable {}
