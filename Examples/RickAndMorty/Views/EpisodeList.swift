import BatonMarkers

/// The episodes a character appears in, oldest first.
struct EpisodeList {
    @Fragment(
        """
        fragment EpisodeList_character on Character {
          episode {
            id
            name
            air_date
            episode
          }
        }
        """) var character: EpisodeList_character

    init(character: EpisodeList_character) {
        self.character = character
    }

    @MainActor var body: [String] {
        character.episode.map { episode in
            "  \(episode.episode ?? "?") \(episode.name ?? "?") (aired \(episode.air_date ?? "?"))"
        }
    }
}
