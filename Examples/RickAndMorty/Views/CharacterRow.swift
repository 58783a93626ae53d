import BatonMarkers

/// One row of a characters list: name, status and species, and where the character was last seen.
struct CharacterRow {
    @Fragment(
        """
        fragment CharacterRow_character on Character {
          id
          name
          status
          species
          image
          location {
            id
            name
          }
        }
        """) var character: CharacterRow_character

    init(character: CharacterRow_character) {
        self.character = character
    }

    @MainActor var body: String {
        let name = character.name ?? "?"
        let status = character.status ?? "unknown"
        let species = character.species ?? "unknown"
        let place = character.location?.name ?? "unknown"
        return "\(name) (\(status), \(species)), last seen at \(place)"
    }
}
