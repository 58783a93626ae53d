// As batonc is to emit documents/TestList.graphql.
@_spi(Generated) import Baton

struct TestList: Baton.Operation {
    static let name = "TestList"
    var page: Int?
    var variables: Baton.Variables { ["page": page.map { .int($0) } ?? .null] }

    static let plan = Baton.Plan(root: selection0)
    private static let selection0 = Baton.Selection(type: Types.Query, fields: [
        .linked("characters", key: .dynamic(Slots.Query.characters_page), selection: selection1),
    ])
    private static let selection1 = Baton.Selection(type: Types.Characters, fields: [
        .plural("results", key: .fixed(Slots.Characters.results), selection: selection2),
    ])
    private static let selection2 = Baton.Selection(type: Types.Character, key: ["id"], fields: [
        .scalar("name", key: .fixed(Slots.Character.name), kind: .string),
        .scalar("status", key: .fixed(Slots.Character.status), kind: .string),
        .scalar("image", key: .fixed(Slots.Character.image), kind: .string),
        .scalar("species", key: .fixed(Slots.Character.species), kind: .string),
        .linked("origin", key: .fixed(Slots.Character.origin), selection: selection3),
        .scalar("id", key: .fixed(Slots.Character.id), kind: .id),
    ])
    private static let selection3 = Baton.Selection(type: Types.Location, key: ["id"], fields: [
        .scalar("name", key: .fixed(Slots.Location.name), kind: .string),
        .scalar("id", key: .fixed(Slots.Location.id), kind: .id),
    ])

    struct Data: Baton.Lens {
        let anchor: Baton.Anchor
        init(anchor: Baton.Anchor) { self.anchor = anchor }
        @MainActor var characters: Characters? { anchor.read(link: Slots.Query.characters_page) }

        struct Characters: Baton.Lens {
            let anchor: Baton.Anchor
            init(anchor: Baton.Anchor) { self.anchor = anchor }
            @MainActor var results: Baton.List<Results>? { anchor.read(plural: Slots.Characters.results) }

            struct Results: Baton.Lens {
                let anchor: Baton.Anchor
                init(anchor: Baton.Anchor) { self.anchor = anchor }
                @MainActor var testRow: TestRow_character { .init(anchor: anchor.spread) }
                @MainActor var id: Baton.ID? { anchor.read(Slots.Character.id) }
            }
        }
    }
}

struct TestRow_character: Baton.Lens {
    let anchor: Baton.Anchor
    init(anchor: Baton.Anchor) { self.anchor = anchor }
    @MainActor var name: String? { anchor.read(Slots.Character.name) }
    @MainActor var status: String? { anchor.read(Slots.Character.status) }
    @MainActor var image: String? { anchor.read(Slots.Character.image) }
}
