@_spi(Generated) import Baton

// Written by hand as batonc emits it, over the example's schema:
// query WireCharacter($id: ID!) { character(id: $id) { id name status } }

enum WireTypes {
    static let Query = Baton.Registry.type("Query")
    static let Character = Baton.Registry.type("Character")
}

enum WireSlots {
    enum Query {
        static let character_id = Baton.DynamicKey(WireTypes.Query, "character", [.init("id", [.variable("id")])])
    }
    enum Character {
        static let id = Baton.Registry.slot(WireTypes.Character, "id")
        static let name = Baton.Registry.slot(WireTypes.Character, "name")
        static let status = Baton.Registry.slot(WireTypes.Character, "status")
    }
}

struct WireCharacter: Baton.Query {
    static let name = "WireCharacter"
    static let document: Baton.Document = .text("query WireCharacter($id:ID!){character(id:$id){id,name,status}}")
    var id: String
    var variables: Baton.Variables { ["id": .string(id)] }

    static let plan = Baton.Plan(root: selection0)
    private static let selection0 = Baton.Selection(
        type: WireTypes.Query,
        fields: [
            .linked("character", key: .dynamic(WireSlots.Query.character_id), selection: selection1)
        ])
    private static let selection1 = Baton.Selection(
        type: WireTypes.Character, key: ["id"],
        fields: [
            .scalar("id", key: .fixed(WireSlots.Character.id), kind: .id),
            .scalar("name", key: .fixed(WireSlots.Character.name), kind: .string),
            .scalar("status", key: .fixed(WireSlots.Character.status), kind: .string),
        ])

    struct Data: Baton.Lens {
        let anchor: Baton.Anchor
        init(anchor: Baton.Anchor) { self.anchor = anchor }
        @MainActor var character: Character? { anchor.read(link: WireSlots.Query.character_id) }

        struct Character: Baton.Lens {
            let anchor: Baton.Anchor
            init(anchor: Baton.Anchor) { self.anchor = anchor }
            @MainActor var id: Baton.ID? { anchor.read(WireSlots.Character.id) }
            @MainActor var name: String? { anchor.read(WireSlots.Character.name) }
            @MainActor var status: String? { anchor.read(WireSlots.Character.status) }
        }
    }
}

/// WireCharacter with a field the server does not have: the server refuses the whole request.
struct WireBroken: Baton.Query {
    static let name = "WireBroken"
    static let document: Baton.Document = .text("query WireBroken($id:ID!){character(id:$id){id,name,status,nope}}")
    static let plan = WireCharacter.plan
    var id: String
    var variables: Baton.Variables { ["id": .string(id)] }
    typealias Data = WireCharacter.Data
}

// query WireDeferred($id: ID!) { character(id: $id) { id name ... @defer(label: "WireDeferred$defer$origin") { origin { id name } } } }

enum WireDeferredSlots {
    static let origin = Baton.Registry.slot(WireTypes.Character, "origin")
    static let locationID = Baton.Registry.slot(Baton.Registry.type("Location"), "id")
    static let locationName = Baton.Registry.slot(Baton.Registry.type("Location"), "name")
}

struct WireDeferred: Baton.Query {
    static let name = "WireDeferred"
    static let document: Baton.Document = .text(
        #"query WireDeferred($id:ID!){character(id:$id){id,name,...@defer(label:"WireDeferred$defer$origin"){origin{id,name}}}}"#)
    var id: String
    var variables: Baton.Variables { ["id": .string(id)] }

    static let plan = Baton.Plan(root: selection0)
    private static let selection0 = Baton.Selection(
        type: WireTypes.Query,
        fields: [
            .linked("character", key: .dynamic(WireSlots.Query.character_id), selection: selection1)
        ])
    private static let selection1 = Baton.Selection(
        type: WireTypes.Character, key: ["id"],
        fields: [
            .scalar("id", key: .fixed(WireSlots.Character.id), kind: .id),
            .scalar("name", key: .fixed(WireSlots.Character.name), kind: .string),
            .linked(
                "origin", key: .fixed(WireDeferredSlots.origin), selection: selection2, deferLabel: "WireDeferred$defer$origin"),
        ])
    private static let selection2 = Baton.Selection(
        type: Baton.Registry.type("Location"), key: ["id"],
        fields: [
            .scalar("id", key: .fixed(WireDeferredSlots.locationID), kind: .id),
            .scalar("name", key: .fixed(WireDeferredSlots.locationName), kind: .string),
        ])

    struct Data: Baton.Lens {
        let anchor: Baton.Anchor
        init(anchor: Baton.Anchor) { self.anchor = anchor }
        @MainActor var character: Character? { anchor.read(link: WireSlots.Query.character_id) }

        struct Character: Baton.Lens {
            let anchor: Baton.Anchor
            init(anchor: Baton.Anchor) { self.anchor = anchor }
            @MainActor var name: String? { anchor.read(WireSlots.Character.name) }
            @MainActor var origin: Origin? { anchor.read(link: WireDeferredSlots.origin) }
        }

        struct Origin: Baton.Lens {
            let anchor: Baton.Anchor
            init(anchor: Baton.Anchor) { self.anchor = anchor }
            @MainActor var name: String? { anchor.read(WireDeferredSlots.locationName) }
        }
    }
}

// subscription WireStatusChanged($id: ID!) { statusChanged(id: $id, intervalMs: 20) { id status } }
// query WireStreamed { characters(page: 1) { results @stream(initialCount: 2) { id name } } }

enum WireStreamTypes {
    static let Subscription = Baton.Registry.type("Subscription")
    static let Characters = Baton.Registry.type("Characters")
}

enum WireStreamSlots {
    static let statusChanged_id = Baton.DynamicKey(
        WireStreamTypes.Subscription, "statusChanged", [.init("id", [.variable("id")]), .init("intervalMs", [.literal("20")])])
    static let characters_page1 = Baton.Registry.slot(WireTypes.Query, "characters(page:1)")
    static let results = Baton.Registry.slot(WireStreamTypes.Characters, "results")
}

struct WireStatusChanged: Baton.Subscription {
    static let name = "WireStatusChanged"
    static let document: Baton.Document = .text(
        "subscription WireStatusChanged($id:ID!){statusChanged(id:$id,intervalMs:20){id,status}}")
    var id: String
    var variables: Baton.Variables { ["id": .string(id)] }

    static let plan = Baton.Plan(
        root: Baton.Selection(
            type: WireStreamTypes.Subscription,
            fields: [
                .linked(
                    "statusChanged", key: .dynamic(WireStreamSlots.statusChanged_id),
                    selection: Baton.Selection(
                        type: WireTypes.Character, key: ["id"],
                        fields: [
                            .scalar("id", key: .fixed(WireSlots.Character.id), kind: .id),
                            .scalar("status", key: .fixed(WireSlots.Character.status), kind: .string),
                        ]))
            ]), kind: .subscription)

    /// The test reads the character's record through WireCharacter's handle, not this root.
    struct Data: Baton.Lens {
        let anchor: Baton.Anchor
    }
}

struct WireStreamed: Baton.Query {
    static let name = "WireStreamed"
    static let document: Baton.Document = .text(
        "query WireStreamed{characters(page:1){results@stream(initialCount:2,label:\"WireStreamed$stream$results\"){id,name}}}")
    var variables: Baton.Variables { [:] }

    static let plan = Baton.Plan(
        root: Baton.Selection(
            type: WireTypes.Query,
            fields: [
                .linked(
                    "characters", key: .fixed(WireStreamSlots.characters_page1),
                    selection: Baton.Selection(
                        type: WireStreamTypes.Characters,
                        fields: [
                            .plural(
                                "results", key: .fixed(WireStreamSlots.results),
                                selection: Baton.Selection(
                                    type: WireTypes.Character, key: ["id"],
                                    fields: [
                                        .scalar("id", key: .fixed(WireSlots.Character.id), kind: .id),
                                        .scalar("name", key: .fixed(WireSlots.Character.name), kind: .string),
                                    ]), streamed: true)
                        ]))
            ]))

    struct Data: Baton.Lens {
        let anchor: Baton.Anchor
        init(anchor: Baton.Anchor) { self.anchor = anchor }
        @MainActor var characters: Characters? { anchor.read(link: WireStreamSlots.characters_page1) }

        struct Characters: Baton.Lens {
            let anchor: Baton.Anchor
            init(anchor: Baton.Anchor) { self.anchor = anchor }
            @MainActor var results: Baton.List<WireCharacter.Data.Character>? { anchor.read(plural: WireStreamSlots.results) }
        }
    }
}
