// As batonc is to emit documents/TestUnion.graphql: one variant per listed concrete type (with the
// fields of the interfaces it implements merged in), and one per membership condition for types the
// build does not know.
@_spi(Generated) import Baton

struct TestUnion: Baton.Operation {
    static let name = "TestUnion"
    var name: String
    var variables: Baton.Variables { ["name": .string(name)] }

    static let plan = Baton.Plan(root: selection0)
    private static let selection0 = Baton.Selection(type: Types.Query, fields: [
        .plural("search", key: .dynamic(Slots.Query.search_name), selection: selection1),
    ])
    private static let selection1 = Baton.Selection(type: Types.SearchResult, abstract: true, fields: [], variants: [
        .init(types: [Types.Character], key: ["id"], fields: [
            .scalar("label", key: .fixed(Slots.Character.name), kind: .string),
            .scalar("status", key: .fixed(Slots.Character.status), kind: .string),
            .scalar("name", key: .fixed(Slots.Character.name), kind: .string),
            .scalar("id", key: .fixed(Slots.Character.id), kind: .id),
        ]),
        .init(types: [Types.Location], key: ["id"], fields: [
            .scalar("label", key: .fixed(Slots.Location.dimension), kind: .string),
            .scalar("type", key: .fixed(Slots.Location.type), kind: .string),
            .scalar("name", key: .fixed(Slots.Location.name), kind: .string),
            .scalar("id", key: .fixed(Slots.Location.id), kind: .id),
        ]),
        .init(types: [Types.Episode], key: ["id"], fields: [
            .scalar("air_date", key: .fixed(Slots.Episode.air_date), kind: .string),
            .scalar("id", key: .fixed(Slots.Episode.id), kind: .id),
        ]),
        .init(condition: "__isNamed", fields: [.scalar("name", key: .abstract(AbstractSlots.name), kind: .string)]),
        .init(condition: "__isNode", key: ["id"], fields: [.scalar("id", key: .abstract(AbstractSlots.id), kind: .id)]),
    ])

    struct Data: Baton.Lens {
        let anchor: Baton.Anchor
        init(anchor: Baton.Anchor) { self.anchor = anchor }
        @MainActor var search: Baton.List<Search>? { anchor.read(plural: Slots.Query.search_name) }

        struct Search: Baton.Lens {
            let anchor: Baton.Anchor
            init(anchor: Baton.Anchor) { self.anchor = anchor }
            @MainActor var name: String? { anchor.read(AbstractSlots.name) }
            @MainActor var __typename: String { anchor.typename }
            @MainActor var asCharacter: AsCharacter? { anchor.asType(Types.Character) }
            @MainActor var asNode: AsNode? { anchor.asMember(Types.Node_possible) }

            struct AsCharacter: Baton.Lens {
                let anchor: Baton.Anchor
                init(anchor: Baton.Anchor) { self.anchor = anchor }
                @MainActor var status: String? { anchor.read(Slots.Character.status) }
            }

            struct AsNode: Baton.Lens {
                let anchor: Baton.Anchor
                init(anchor: Baton.Anchor) { self.anchor = anchor }
                @MainActor var id: Baton.ID? { anchor.read(AbstractSlots.id) }
            }
        }
    }
}
