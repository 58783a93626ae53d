import BatonMarkers

/// A screen: its query spreads the card's fragment and the origin's (from Origin.graphql).
public struct CharacterScreen {
    @Query(
        """
        query CastCharacterQuery($id: ID!) {
          character(id: $id) {
            id
            ...CharacterCard_character
            ...Origin_character
          }
        }
        """) var query: CastCharacterQuery

    public init(id: String) {
        query = CastCharacterQuery(id: id)
    }

    /// Commits a response to the screen's query, as a fetch would.
    @MainActor public func commit(_ json: String, to environment: Environment) async throws {
        try await environment.commitPayload(query, Payload(json: json))
    }

    /// What the screen shows: the card's text and where the character comes from; nil before data.
    @MainActor public func lines(in environment: Environment) -> [String]? {
        guard let character = environment.data(for: query).character else { return nil }
        let card = CharacterCard(character: character.characterCard)
        return [card.text, "from " + (character.origin.origin?.name ?? "nowhere")]
    }
}
