// As batonc is to emit documents/TestKeys.graphql (keys with constant and variable arguments) and
// documents/TestQuoteQuery.graphql (a type keyed by two fields).
@_spi(Generated) import Baton

struct TestKeys: Baton.Operation {
    static let name = "TestKeys"
    var id: String
    var name: String?
    var variables: Baton.Variables { ["id": .string(id), "name": name.map { .string($0) } ?? .null] }

    static let plan = Baton.Plan(root: selection0)
    private static let selection0 = Baton.Selection(type: Types.Query, fields: [
        .plural("search", key: .fixed(Slots.Query.search_7d0e2b), selection: selection1),
        .linked("character", key: .fixed(Slots.Query.character_2c1f0a), selection: selection2),
        .plural("charactersByIds", key: .dynamic(Slots.Query.charactersByIds_ids), selection: selection2),
        .linked("characters", key: .dynamic(Slots.Query.characters_filter), selection: selection3),
    ])
    private static let selection1 = Baton.Selection(type: Types.SearchResult, abstract: true, fields: [], variants: [
        .init(condition: "__isNode", key: ["id"], fields: [.scalar("id", key: .abstract(AbstractSlots.id), kind: .id)]),
    ])
    private static let selection2 = Baton.Selection(type: Types.Character, key: ["id"], fields: [
        .scalar("name", key: .fixed(Slots.Character.name), kind: .string),
        .scalar("id", key: .fixed(Slots.Character.id), kind: .id),
    ])
    private static let selection3 = Baton.Selection(type: Types.Characters, fields: [
        .linked("info", key: .fixed(Slots.Characters.info), selection: selection4),
    ])
    private static let selection4 = Baton.Selection(type: Types.Info, fields: [
        .scalar("count", key: .fixed(Slots.Info.count), kind: .int),
    ])

    struct Data: Baton.Lens {
        let anchor: Baton.Anchor
        init(anchor: Baton.Anchor) { self.anchor = anchor }
        @MainActor var charactersByIds: Baton.List<Character>? { anchor.read(plural: Slots.Query.charactersByIds_ids) }

        struct Character: Baton.Lens {
            let anchor: Baton.Anchor
            init(anchor: Baton.Anchor) { self.anchor = anchor }
            @MainActor var name: String? { anchor.read(Slots.Character.name) }
        }
    }
}

struct TestQuoteQuery: Baton.Operation {
    static let name = "TestQuoteQuery"
    var base: String
    var quote: String
    var variables: Baton.Variables { ["base": .string(base), "quote": .string(quote)] }

    static let plan = Baton.Plan(root: selection0)
    private static let selection0 = Baton.Selection(type: Types.Query, fields: [
        .linked("quote", key: .dynamic(Slots.Query.quote_base_quote), selection: selection1),
    ])
    private static let selection1 = Baton.Selection(type: Types.Quote, key: ["base", "quote"], fields: [
        .scalar("base", key: .fixed(Slots.Quote.base), kind: .string),
        .scalar("quote", key: .fixed(Slots.Quote.quote), kind: .string),
        .scalar("rate", key: .fixed(Slots.Quote.rate), kind: .float),
    ])

    struct Data: Baton.Lens {
        let anchor: Baton.Anchor
        init(anchor: Baton.Anchor) { self.anchor = anchor }
        @MainActor var quote: Quote? { anchor.read(link: Slots.Query.quote_base_quote) }

        struct Quote: Baton.Lens {
            let anchor: Baton.Anchor
            init(anchor: Baton.Anchor) { self.anchor = anchor }
            @MainActor var rate: Double? { anchor.read(Slots.Quote.rate) }
        }
    }
}
