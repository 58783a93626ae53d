import BatonMarkers

/// The top of the character screen.
struct CharacterHeader {
    @Fragment(
        """
        fragment CharacterHeader_character on Character {
          name
          status
          species
          image
          origin {
            id
            name
            dimension
          }
        }
        """) var character: CharacterHeader_character

    init(character: CharacterHeader_character) {
        self.character = character
    }

    @MainActor var body: [String] {
        var lines = ["\(character.name ?? "?") — \(character.status ?? "unknown") \(character.species ?? "")"]
        if let origin = character.origin {
            lines.append("from \(origin.name ?? "?") (\(origin.dimension ?? "unknown dimension"))")
        }
        return lines
    }
}
