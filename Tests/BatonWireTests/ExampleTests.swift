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

    /// Runs the example with `XDG_CACHE_HOME` at `cache`, so its image lives there.
    static func run(_ arguments: [String], cache: URL) async throws -> ChildProcess {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = cache.path
        return try await ChildProcess.run(executable, arguments, environment: environment)
    }

    @Test func theExampleRunsAgainstItsServerAndTheSecondRunReadsTheImage() async throws {
        let server = try Server.running
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("baton-example-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: cache) }
        let arguments = ["--server", server.httpURL().absoluteString]

        let first = try await Self.run(arguments, cache: cache)
        #expect(first.status == 0, "\(first.stderr)")
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
        #expect(second.status == 0, "\(second.stderr)")
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
        #expect(run.stderr.contains("usage: rick-and-morty-example --server"))
        // A server that is not there fails the run with what happened, within the example's patience.
        let down = try await Self.run(["--server", "http://127.0.0.1:9/graphql"], cache: cache)
        #expect(down.status == 1)
        #expect(down.stderr.contains("CharactersQuery failed"), "\(down.stderr)")
    }
}
