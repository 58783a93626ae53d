import BatonImage
import BatonMarkers
import BatonTesting
import Foundation

/// Commits recorded responses of the Rick and Morty API (Responses/) to an environment, reads
/// them back through the generated lenses in bodies hosted as a view's would be, and prints what
/// they read. Then a later response changes one field the characters list reads, and only that
/// body runs again. The store keeps an image on disk: a second run prints the list from it before
/// any response, then what the response changed.
///
/// `--server <url>` fetches the list from a server instead (the example's own,
/// `Server/server.py`, serves this schema) through `URLSessionTransport`, and prints it.
@main
struct RickAndMortyExample {
    /// `~/.cache/baton/RickAndMortyExample.baton-image` on Linux (`$XDG_CACHE_HOME/baton/…` when set).
    static let persistence = Persistence(name: "RickAndMortyExample", version: "1")

    @MainActor static func main() async throws {
        let arguments = CommandLine.arguments
        if let flag = arguments.firstIndex(of: "--server") {
            guard flag + 1 < arguments.count, let url = URL(string: arguments[flag + 1]), url.host != nil else {
                FileHandle.standardError.write(Data("usage: rick-and-morty-example [--server <url>]\n".utf8))
                exit(2)
            }
            exit(await fromServer(url) ? 0 : 1)
        }
        let environment = Environment(store: Store(persistence: persistence))
        var written = 0
        environment.log = { event in
            if case .imageWritten(let batches) = event { written += batches }
        }

        let page = CharactersPage()
        // Before any response: the image holds the list on a second run.
        let fromImage = environment.check(page.query) == .image
        let pageHost = BodyHost { page.body(environment.data(for: page.query)) }
        if fromImage {
            print("CharactersQuery, from the image (\(persistence.url.path)), read before any response:")
            pageHost.output.forEach { print($0) }
        } else {
            print("CharactersQuery: no image yet at \(persistence.url.path); the list waits for the response")
        }
        let shown = pageHost.output
        try await environment.commitPayload(page.query, try recorded("CharactersQuery"))
        pageHost.flush()
        if fromImage {
            let changed = zip(shown, pageHost.output).filter { $0 != $1 }
            print("the response came: \(changed.count) line(s) of the list changed")
            for (old, new) in changed {
                print("  was: \(old.trimmingCharacters(in: .whitespaces))\n  now: \(new.trimmingCharacters(in: .whitespaces))")
            }
        } else {
            print("CharactersQuery:")
            pageHost.output.forEach { print($0) }
        }

        let screen = CharacterScreen(id: "1")
        try await environment.commitPayload(screen.query, try recorded("CharacterQuery-1"))
        let screenHost = BodyHost { screen.body(environment.data(for: screen.query)) }
        print("CharacterQuery(id: \"1\"):")
        screenHost.output.forEach { print($0) }

        // A later response to the list: only Morty's location differs. The list's row reads it;
        // the character screen (Rick's) reads nothing that changed.
        let runs = pageHost.runs
        try await environment.commitPayload(page.query, try recorded("CharactersQuery-later"))
        pageHost.flush()
        screenHost.flush()
        print("after Morty moved: the list ran \(pageHost.runs - runs) more time(s), the character screen \(screenHost.runs)")
        print(pageHost.output[2])

        // The image is written behind each response; the next run reads it. Three responses, each
        // a batch of records and one of its fetch time.
        _ = await wait(until: { written >= 6 }, timeout: .seconds(10))
        environment.end()
    }

    /// The list as a view would show it, fetched from the server at `url` by a handle; false when
    /// the fetch failed (said on stderr).
    @MainActor static func fromServer(_ url: URL) async -> Bool {
        let environment = Environment(transport: URLSessionTransport(url: url))
        defer { environment.end() }
        let page = CharactersPage()
        let handle = environment.handle(for: page.query)
        let retention = handle.retain()
        defer { _ = retention }
        guard await wait(until: { handle.phase.kind != .loading }, timeout: .seconds(30)) else {
            FileHandle.standardError.write(Data("CharactersQuery: no answer from \(url) within 30 s\n".utf8))
            return false
        }
        if let error = handle.phase.error {
            FileHandle.standardError.write(Data("CharactersQuery failed: \(error)\n".utf8))
            return false
        }
        let host = BodyHost { page.body(environment.data(for: page.query)) }
        print("CharactersQuery, from \(url):")
        host.output.forEach { print($0) }
        return true
    }

    /// A recorded response shipped with the example.
    static func recorded(_ name: String) throws -> Payload {
        guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Responses") else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "Responses/\(name).json"])
        }
        return Payload(Array(try Data(contentsOf: url)))
    }
}
