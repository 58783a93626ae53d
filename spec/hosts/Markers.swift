import Baton

// A fixture for the Swift host scanner: every literal form a marker may hold.
// @Query("query InLineComment { a }") is in a comment and must be ignored.
/* @Query("query InBlockComment { a }") /* nested @Fragment("fragment Nested on T { a }") */
   still a comment: @Query("query StillComment { a }") */

struct CharacterHeader: View {
    @Fragment("""
        fragment CharacterHeader_character on Character {
          name
          status
        }
        """) var character: CharacterHeader_character

    let notAMarker = "@Query(\"query InString { a }\")"
    @Query(sort: \.name) var items: [Item]
    @Queryable("query LookAlike { a }") var lookAlike: Int

    @Query(#"query OneLineRaw { character(id: "1") { name } }"#, fetchPolicy: .storeAndNetwork) var q: OneLineRawQuery

    @Baton.Mutation("mutation Rename($id: ID!, $name: String!) { rename(id: $id, name: $name) { id } }") var rename: RenameMutation.Action

    @Subscription(##"""
        """
        A "block string" description with \n kept raw and a "# inside: "#.
        """
        subscription Watch { watch(filter: "x\ty") }
        """##) var watch: WatchSubscription
}
