// As batonc is to emit `rickandmorty/character-header-9.graphql`:
// query TestHeaderQuery($id: ID!) { character(id: $id) { ...TestHeader_character id } }
// fragment TestHeader_character on Character { name status species image origin { name id } }
@_spi(Generated) import Baton

struct TestHeaderQuery: Baton.Operation {
    static let name = "TestHeaderQuery"
    var id: String
    var variables: Baton.Variables { ["id": .string(id)] }

    static let plan = Baton.Plan(root: selection0)
    private static let selection0 = Baton.Selection(type: Types.Query, fields: [
        .linked("character", key: .dynamic(Slots.Query.character_id), selection: selection1),
    ])
    private static let selection1 = Baton.Selection(type: Types.Character, key: ["id"], fields: [
        .scalar("name", key: .fixed(Slots.Character.name), kind: .string),
        .scalar("status", key: .fixed(Slots.Character.status), kind: .string),
        .scalar("species", key: .fixed(Slots.Character.species), kind: .string),
        .scalar("image", key: .fixed(Slots.Character.image), kind: .string),
        .linked("origin", key: .fixed(Slots.Character.origin), selection: selection2),
        .scalar("id", key: .fixed(Slots.Character.id), kind: .id),
    ])
    private static let selection2 = Baton.Selection(type: Types.Location, key: ["id"], fields: [
        .scalar("name", key: .fixed(Slots.Location.name), kind: .string),
        .scalar("id", key: .fixed(Slots.Location.id), kind: .id),
    ])

    struct Data: Baton.Lens {
        let anchor: Baton.Anchor
        init(anchor: Baton.Anchor) { self.anchor = anchor }
        @MainActor var character: Character? { anchor.read(link: Slots.Query.character_id) }

        struct Character: Baton.Lens {
            let anchor: Baton.Anchor
            init(anchor: Baton.Anchor) { self.anchor = anchor }
            @MainActor var testHeader: TestHeader_character { .init(anchor: anchor.spread) }
            @MainActor var id: Baton.ID? { anchor.read(Slots.Character.id) }
        }
    }
}

struct TestHeader_character: Baton.Lens {
    let anchor: Baton.Anchor
    init(anchor: Baton.Anchor) { self.anchor = anchor }
    @MainActor var name: String? { anchor.read(Slots.Character.name) }
    @MainActor var status: String? { anchor.read(Slots.Character.status) }
    @MainActor var species: String? { anchor.read(Slots.Character.species) }
    @MainActor var image: String? { anchor.read(Slots.Character.image) }
    @MainActor var origin: Origin? { anchor.read(link: Slots.Character.origin) }

    struct Origin: Baton.Lens {
        let anchor: Baton.Anchor
        init(anchor: Baton.Anchor) { self.anchor = anchor }
        @MainActor var name: String? { anchor.read(Slots.Location.name) }
    }
}
