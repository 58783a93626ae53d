import BatonMarkers

/// The character screen: its query spreads the header's and the episode list's fragments, and it
/// hands each child its lens through the spread accessors.
struct CharacterScreen {
    @Query(
        """
        query CharacterQuery($id: ID!) {
          character(id: $id) {
            id
            ...CharacterHeader_character
            ...EpisodeList_character
          }
        }
        """) var query: CharacterQuery

    init(id: String) {
        query = CharacterQuery(id: id)
    }

    @MainActor func body(_ data: CharacterQuery.Data) -> [String] {
        guard let character = data.character else { return ["(no character \(query.id))"] }
        return CharacterHeader(character: character.characterHeader).body
            + ["episodes:"] + EpisodeList(character: character.episodeList).body
    }
}
