import BatonMarkers
import BatonTesting
import Foundation

/// Commits recorded responses of the Rick and Morty API (Responses/) to an environment, reads
/// them back through the generated lenses in bodies hosted as a view's would be, and prints what
/// they read. Then a later response changes one field the characters list reads, and only that
/// body runs again.
@main
struct RickAndMortyExample {
    @MainActor static func main() async throws {
        let environment = Environment()

        let page = CharactersPage()
        try await environment.commitPayload(page.query, try recorded("CharactersQuery"))
        let pageHost = BodyHost { page.body(environment.data(for: page.query)) }

        let screen = CharacterScreen(id: "1")
        try await environment.commitPayload(screen.query, try recorded("CharacterQuery-1"))
        let screenHost = BodyHost { screen.body(environment.data(for: screen.query)) }

        print("CharactersQuery:")
        pageHost.output.forEach { print($0) }
        print("CharacterQuery(id: \"1\"):")
        screenHost.output.forEach { print($0) }

        // A later response to the list: only Morty's location differs. The list's row reads it;
        // the character screen (Rick's) reads nothing that changed.
        try await environment.commitPayload(page.query, try recorded("CharactersQuery-later"))
        pageHost.flush()
        screenHost.flush()
        print("after Morty moved: the list ran \(pageHost.runs) times, the character screen \(screenHost.runs)")
        print(pageHost.output[2])
    }

    /// A recorded response shipped with the example.
    static func recorded(_ name: String) throws -> Payload {
        guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Responses") else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "Responses/\(name).json"])
        }
        return Payload(Array(try Data(contentsOf: url)))
    }
}
