import BatonTestServer
import Foundation
import Testing

/// The main job as CI can check it: the built `rick-and-morty-example` against the example's server,
/// twice over one image in a temporary cache directory. The first run fetches over HTTP, shows the
/// mutation's optimistic response, and follows three live events over WebSocket; the second prints
/// the list from the image before any response.
@Suite(.testServer) struct ExampleTests {
    static let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("rick-and-morty-example")

    struct Run {
        var lines: [String]
        var errors: String
        var status: Int32
    }

    /// Runs the example with `XDG_CACHE_HOME` at `cache`; killed if it has not ended in 90 s.
    static func run(_ arguments: [String], cache: URL) async throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = cache.path
        process.environment = environment
        // Output goes to files, not pipes, so a full pipe never blocks the child.
        let out = cache.appendingPathComponent("out-\(UUID().uuidString)")
        let err = cache.appendingPathComponent("err-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        let deadline = ContinuousClock.now.advanced(by: .seconds(90))
        while process.isRunning, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
        if process.isRunning {
            process.terminate()
            Issue.record("the example did not end within 90 s")
        }
        process.waitUntilExit()
        let lines = try String(contentsOf: out, encoding: .utf8).split(separator: "\n").map(String.init)
        return Run(lines: lines, errors: try String(contentsOf: err, encoding: .utf8), status: process.terminationStatus)
    }

    @Test func theExampleRunsAgainstItsServerAndTheSecondRunReadsTheImage() async throws {
        let server = try Server.running
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("baton-example-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: cache) }
        let arguments = ["--server", server.httpURL().absoluteString]

        let first = try await Self.run(arguments, cache: cache)
        #expect(first.status == 0, "\(first.errors)")
        #expect(first.lines.contains { $0.hasPrefix("CharactersQuery: no image yet at \(cache.path)/baton/") })
        #expect(first.lines.contains("page 1 of 42, 826 characters"))
        #expect(first.lines.contains("  Rick Sanchez (Alive, Human), last seen at Citadel of Ricks"))
        #expect(first.lines.contains("Rick Sanchez — Alive Human"))
        // The optimistic response shows before the server's answer, which agrees with it.
        let sent = try #require(first.lines.firstIndex { $0.hasPrefix("SetStatus(id: \"2\", status: \"Dead\") sent") })
        #expect(first.lines[sent + 1] == "  Morty Smith (Dead, Human), last seen at Citadel of Ricks")
        #expect(first.lines.contains("the server answered Dead: the list ran 1 more time(s), Rick's screen 0"))
        #expect(
            first.lines.filter { $0.hasPrefix("  event ") } == [
                "  event 1: Rick Sanchez (Dead, Human), last seen at Citadel of Ricks",
                "  event 2: Rick Sanchez (unknown, Human), last seen at Citadel of Ricks",
                "  event 3: Rick Sanchez (Alive, Human), last seen at Citadel of Ricks",
            ])
        #expect(first.lines.last == "the server completed the subscription after 3 events")

        let second = try await Self.run(arguments, cache: cache)
        #expect(second.status == 0, "\(second.errors)")
        let fromImage = try #require(second.lines.firstIndex { $0.hasPrefix("CharactersQuery, from the image (") })
        // Morty as the first run left him, read from the image before any response.
        #expect(second.lines[fromImage + 3] == "  Morty Smith (Dead, Human), last seen at Citadel of Ricks")
        #expect(second.lines.contains("the response came: 0 line(s) of the list changed"))
        #expect(second.lines.contains { $0.hasPrefix("SetStatus(id: \"2\", status: \"Alive\") sent") })
    }

    @Test func withoutAServerTheExampleSaysHowToRunIt() async throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("baton-example-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: cache) }
        let run = try await Self.run([], cache: cache)
        #expect(run.status == 2)
        #expect(run.errors.contains("usage: rick-and-morty-example --server"))
        // A server that is not there fails the run with what happened, within the example's patience.
        let down = try await Self.run(["--server", "http://127.0.0.1:9/graphql"], cache: cache)
        #expect(down.status == 1)
        #expect(down.errors.contains("CharactersQuery failed"), "\(down.errors)")
    }
}
