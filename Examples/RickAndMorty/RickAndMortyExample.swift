import BatonImage
import BatonMarkers
import BatonSockets
import BatonTesting
import Foundation

/// Talks to the example's server (Server/server.py; `scripts/example` starts it): fetches the
/// characters list and a character screen over HTTP, reads them through the generated lenses in
/// bodies hosted as a view's would be, sets a status with an optimistic response, and follows a
/// subscription over WebSocket whose events re-run only the row they change. The store keeps an
/// image on disk: a second run prints the list from it before any response, then what the response
/// changed.
@main
struct RickAndMortyExample {
    /// `~/.cache/baton/RickAndMortyExample.baton-image` on Linux (`$XDG_CACHE_HOME/baton/…` when set).
    /// Its version is the schema digest, which folds in baton.json's identity and transient lists:
    /// an image written under another schema or configuration starts over.
    static let persistence = Persistence(name: "RickAndMortyExample", version: Types.schemaDigest)
    /// Every wait of the example ends: a server that does not answer fails the run, never hangs it.
    static let patience = Duration.seconds(20)

    struct Failed: Error, CustomStringConvertible {
        var description: String
    }

    @MainActor static func main() async {
        guard let server = serverURL() else {
            FileHandle.standardError.write(Data("usage: rick-and-morty-example --server http://127.0.0.1:<port>/graphql\n".utf8))
            exit(2)
        }
        do {
            try await run(server)
        } catch {
            FileHandle.standardError.write(Data("rick-and-morty-example: \(error)\n".utf8))
            exit(1)
        }
    }

    /// `--server <url>`, or `BATON_EXAMPLE_SERVER`.
    static func serverURL() -> URL? {
        let arguments = CommandLine.arguments
        if let index = arguments.firstIndex(of: "--server"), index + 1 < arguments.count {
            return URL(string: arguments[index + 1])
        }
        return ProcessInfo.processInfo.environment["BATON_EXAMPLE_SERVER"].flatMap(URL.init(string:))
    }

    @MainActor static func run(_ server: URL) async throws {
        var sockets = URLComponents(url: server, resolvingAgainstBaseURL: false)!
        sockets.scheme = server.scheme == "https" ? "wss" : "ws"
        let environment = Environment(
            store: Store(persistence: persistence),
            transport: URLSessionTransport(url: server),
            subscriptions: GraphQLTransportWebSocket(url: sockets.url!))
        var written = 0
        environment.log = { event in
            if case .imageWritten(let batches) = event { written += batches }
        }

        // The list: from the image first (a second run), then the network's answer.
        let page = CharactersPage()
        let fromImage = environment.check(page.query) == .image
        let list = environment.handle(for: page.query, fetchPolicy: .storeAndNetwork)
        let listRetention = list.retain()
        let pageHost = BodyHost { page.body(list.data) }
        if fromImage {
            print("CharactersQuery, from the image (\(persistence.url.path)), read before any response:")
            pageHost.output.forEach { print($0) }
        } else {
            print("CharactersQuery: no image yet at \(persistence.url.path); the list waits for the response")
        }
        let shown = pageHost.output
        try await settled(list, "CharactersQuery")
        pageHost.flush()
        if fromImage {
            let changed = zip(shown, pageHost.output).filter { $0 != $1 }
            print("the response came: \(changed.count) line(s) of the list changed")
            for (old, new) in changed {
                print("  was: \(old.trimmingCharacters(in: .whitespaces))\n  now: \(new.trimmingCharacters(in: .whitespaces))")
            }
        } else {
            print("CharactersQuery (over HTTP from \(server.absoluteString)):")
            pageHost.output.forEach { print($0) }
        }

        // A screen of its own: Rick's, fetched through its handle.
        let screen = CharacterScreen(id: "1")
        let character = environment.handle(for: screen.query)
        let characterRetention = character.retain()
        try await settled(character, "CharacterQuery")
        let screenHost = BodyHost { screen.body(character.data) }
        print("CharacterQuery(id: \"1\"):")
        screenHost.output.forEach { print($0) }

        // A mutation with an optimistic response: Morty's row shows the new status in the turn of
        // the call, before the server answers; the answer replaces the layer.
        let mortyRow = 2
        let toggle = StatusToggle(environment: environment)
        let status = pageHost.output[mortyRow].contains("(Dead,") ? "Alive" : "Dead"
        let runsBefore = (pageHost.runs, screenHost.runs)
        let call = Task { @MainActor in try await toggle.set(id: "2", status: status) }
        await Task.yield()
        pageHost.flush()
        print("SetStatus(id: \"2\", status: \"\(status)\") sent; optimistic, before the answer:")
        print(pageHost.output[mortyRow])
        let answered = try await call.value
        pageHost.flush()
        screenHost.flush()
        print(
            "the server answered \(answered ?? "null"): the list ran \(pageHost.runs - runsBefore.0) more time(s), Rick's screen \(screenHost.runs - runsBefore.1)"
        )

        // A subscription over WebSocket: three status changes of Rick, each landing on his record,
        // so his row re-runs and Morty's rows and the rest do not.
        let live = environment.handle(for: LiveStatus(id: "1").subscription)
        let liveRetention = live.retain()
        print("StatusChanged(id: \"1\") over graphql-transport-ws (\(sockets.url!.absoluteString)):")
        var seen = 0
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: patience)
        while clock.now < deadline {
            _ = await wait(until: { live.events > seen || live.stream != .open && live.stream != .connecting }, timeout: patience)
            pageHost.flush()
            screenHost.flush()
            if live.events > seen {
                seen = live.events
                print("  event \(seen): \(pageHost.output[1].trimmingCharacters(in: .whitespaces))")
            }
            if case .ended = live.stream { break }
            if live.stream == .waiting { throw Failed(description: "the subscription failed: \(live.error.map { "\($0)" } ?? "?")") }
        }
        guard live.stream == .ended(nil), live.events == 3 else {
            throw Failed(description: "the subscription ended as \(live.stream) after \(live.events) event(s)")
        }
        print("the server completed the subscription after \(live.events) events")

        // The image is written behind each response; the next run reads it.
        _ = await wait(until: { written >= 4 }, timeout: .seconds(10))
        _ = (listRetention, characterRetention, liveRetention)
        environment.end()
    }

    /// Waits until the handle's fetch is over, and fails the run when it failed.
    @MainActor static func settled<Q: Baton.Query>(_ handle: OperationHandle<Q>, _ name: String) async throws {
        guard await wait(until: { !handle.fetch.isInFlight }, timeout: patience) else {
            throw Failed(description: "\(name) had no answer within \(patience)")
        }
        if case .failed(let failure, _) = handle.fetch { throw Failed(description: "\(name) failed: \(failure)") }
    }
}
