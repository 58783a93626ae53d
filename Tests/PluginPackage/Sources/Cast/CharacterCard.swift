import BatonMarkers

/// A card: the character's name and status.
public struct CharacterCard {
    @Fragment(
        """
        fragment CharacterCard_character on Character {
          name
          status
        }
        """) var character: CharacterCard_character

    init(character: CharacterCard_character) {
        self.character = character
    }

    @MainActor public var text: String {
        "\(character.name) (\(character.status ?? "unknown"))"
    }
}
