// As batonc is to emit documents/TestConditions.graphql: the two `origin` selections merge into one
// field whose guarded children carry the guard.
@_spi(Generated) import Baton

struct TestConditions: Baton.Operation {
    static let name = "TestConditions"
    var id: String
    var withOrigin: Bool
    var hideStatus: Bool
    var variables: Baton.Variables {
        ["id": .string(id), "withOrigin": .bool(withOrigin), "hideStatus": .bool(hideStatus)]
    }

    static let plan = Baton.Plan(root: selection0)
    private static let selection0 = Baton.Selection(type: Types.Query, fields: [
        .linked("character", key: .dynamic(Slots.Query.character_id), selection: selection1),
    ])
    private static let selection1 = Baton.Selection(type: Types.Character, key: ["id"], fields: [
        .scalar("name", key: .fixed(Slots.Character.name), kind: .string),
        .linked("origin", key: .fixed(Slots.Character.origin), selection: selection2),
        .scalar("species", key: .fixed(Slots.Character.species), kind: .string, guards: [[Guards.withOrigin]]),
        .scalar("status", key: .fixed(Slots.Character.status), kind: .string, guards: [[Guards.hideStatus]]),
        .scalar("id", key: .fixed(Slots.Character.id), kind: .id),
    ])
    private static let selection2 = Baton.Selection(type: Types.Location, key: ["id"], fields: [
        .scalar("id", key: .fixed(Slots.Location.id), kind: .id),
        .scalar("name", key: .fixed(Slots.Location.name), kind: .string, guards: [[Guards.withOrigin]]),
        .scalar("dimension", key: .fixed(Slots.Location.dimension), kind: .string, guards: [[Guards.withOrigin]]),
    ])

    struct Data: Baton.Lens {
        let anchor: Baton.Anchor
        init(anchor: Baton.Anchor) { self.anchor = anchor }
        @MainActor var character: Character? { anchor.read(link: Slots.Query.character_id) }

        struct Character: Baton.Lens {
            let anchor: Baton.Anchor
            init(anchor: Baton.Anchor) { self.anchor = anchor }
            @MainActor var name: String? { anchor.read(Slots.Character.name) }
            @MainActor var status: String? { anchor.read(Slots.Character.status) }
            @MainActor var species: String? { anchor.read(Slots.Character.species) }
        }
    }
}
