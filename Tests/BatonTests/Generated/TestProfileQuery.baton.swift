// As batonc is to emit documents/TestProfileQuery.graphql and TestStrictQuery.graphql.
@_spi(Generated) import Baton

struct TestProfileQuery: Baton.Operation {
    static let name = "TestProfileQuery"
    var id: String
    var variables: Baton.Variables { ["id": .string(id)] }

    static let plan = Baton.Plan(root: selection0)
    private static let selection0 = Baton.Selection(type: Types.Query, fields: [
        .linked("character", key: .dynamic(Slots.Query.character_id), selection: selection1),
    ])
    private static let selection1 = Baton.Selection(type: Types.Character, key: ["id"], fields: [
        .scalar("name", key: .fixed(Slots.Character.name), kind: .string),
        .linked("origin", key: .fixed(Slots.Character.origin), selection: selection2),
        .scalar("status", key: .fixed(Slots.Character.status), kind: .string),
        .scalar("image", key: .fixed(Slots.Character.image), kind: .string),
        .linked("location", key: .fixed(Slots.Character.location), selection: selection3),
        .scalar("gender", key: .fixed(Slots.Character.gender), kind: .string),
        .scalar("species", key: .fixed(Slots.Character.species), kind: .string),
        .scalar("type", key: .fixed(Slots.Character.type), kind: .string),
        .plural("episode", key: .fixed(Slots.Character.episode), selection: selection4,
                deferLabel: "TestProfileQuery$defer$TestAppearances_character"),
        .scalar("id", key: .fixed(Slots.Character.id), kind: .id),
    ])
    private static let selection2 = Baton.Selection(type: Types.Location, key: ["id"], fields: [
        .scalar("name", key: .fixed(Slots.Location.name), kind: .string),
        .scalar("id", key: .fixed(Slots.Location.id), kind: .id),
    ])
    private static let selection3 = Baton.Selection(type: Types.Location, key: ["id"], fields: [
        .scalar("name", key: .fixed(Slots.Location.name), kind: .string),
        .scalar("dimension", key: .fixed(Slots.Location.dimension), kind: .string),
        .scalar("id", key: .fixed(Slots.Location.id), kind: .id),
    ])
    private static let selection4 = Baton.Selection(type: Types.Episode, key: ["id"], fields: [
        .scalar("name", key: .fixed(Slots.Episode.name), kind: .string),
        .scalar("air_date", key: .fixed(Slots.Episode.air_date), kind: .string),
        .scalar("id", key: .fixed(Slots.Episode.id), kind: .id),
    ])

    struct Data: Baton.Lens {
        let anchor: Baton.Anchor
        init(anchor: Baton.Anchor) { self.anchor = anchor }
        @MainActor var character: Character? { anchor.read(link: Slots.Query.character_id) }

        struct Character: Baton.Lens {
            let anchor: Baton.Anchor
            init(anchor: Baton.Anchor) { self.anchor = anchor }
            /// `origin @required(action: NONE)` and `status @required(action: LOG)` bubble to the spread.
            @MainActor var testProfile: TestProfile_character? {
                anchor.spread(requiring: [Slots.Character.origin, Slots.Character.status])
            }
            @MainActor var id: Baton.ID? { anchor.read(Slots.Character.id) }
        }
    }
}

struct TestProfile_character: Baton.Lens {
    let anchor: Baton.Anchor
    init(anchor: Baton.Anchor) { self.anchor = anchor }
    @MainActor var name: String? { anchor.read(Slots.Character.name) }
    @MainActor var origin: Origin { anchor.read(link: Slots.Character.origin, Types.Location) }
    @MainActor var status: String { anchor.read(Slots.Character.status) }
    @MainActor var image: Result<String?, Baton.FieldErrors> { anchor.caught(Slots.Character.image) }
    @MainActor var gender: String? { anchor.nullOnError(Slots.Character.gender) }

    struct Origin: Baton.Lens {
        let anchor: Baton.Anchor
        init(anchor: Baton.Anchor) { self.anchor = anchor }
        @MainActor var name: String? { anchor.read(Slots.Location.name) }
    }
}

struct TestStrictQuery: Baton.Operation {
    static let name = "TestStrictQuery"
    var id: String
    var variables: Baton.Variables { ["id": .string(id)] }

    static let plan = Baton.Plan(root: selection0)
    private static let selection0 = Baton.Selection(type: Types.Query, fields: [
        .linked("character", key: .dynamic(Slots.Query.character_id), selection: selection1),
    ])
    private static let selection1 = Baton.Selection(type: Types.Character, key: ["id"], fields: [
        .scalar("name", key: .fixed(Slots.Character.name), kind: .string),
        .scalar("species", key: .fixed(Slots.Character.species), kind: .string),
        .scalar("id", key: .fixed(Slots.Character.id), kind: .id),
    ])

    struct Data: Baton.Lens {
        let anchor: Baton.Anchor
        init(anchor: Baton.Anchor) { self.anchor = anchor }
        @MainActor var character: Character? { anchor.read(link: Slots.Query.character_id) }

        struct Character: Baton.Lens {
            let anchor: Baton.Anchor
            init(anchor: Baton.Anchor) { self.anchor = anchor }
            @MainActor var name: String? { anchor.read(Slots.Character.name) }
            @MainActor var nameError: Baton.FieldError? { anchor.fieldError(Slots.Character.name) }
            @MainActor var species: String { anchor.read(Slots.Character.species) }
        }
    }
}
