import BatonMarkers

/// The characters list, outside any view: its query is CharactersQuery.graphql beside this file
/// (documents that no view holds stay in .graphql files), its rows are CharacterRow views.
struct CharactersPage {
    var query = CharactersQuery(page: 1)

    @MainActor func body(_ data: CharactersQuery.Data) -> [String] {
        guard let characters = data.characters else { return ["(no characters)"] }
        var lines: [String] = []
        if let info = characters.info {
            lines.append("page \(query.page ?? 1) of \(info.pages ?? 0), \(info.count ?? 0) characters")
        }
        for result in characters.results.map(Array.init) ?? [] {
            lines.append("  " + CharacterRow(character: result.characterRow).body)
        }
        return lines
    }
}
