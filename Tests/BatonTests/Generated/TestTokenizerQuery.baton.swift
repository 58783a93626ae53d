// As batonc is to emit tokenizer/tokenizer.graphql. `JSON` is a custom scalar left unmapped.
@_spi(Generated) import Baton

struct TestTokenizerQuery: Baton.Operation {
    static let name = "TestTokenizerQuery"
    var variables: Baton.Variables { [:] }

    static let plan = Baton.Plan(root: selection0)
    private static let selection0 = Baton.Selection(type: Types.Query, fields: [
        .linked("tokenizer", key: .fixed(Slots.Query.tokenizer), selection: selection1),
    ])
    private static let selection1 = Baton.Selection(type: Types.Tokenizer, key: ["id"], fields: [
        .scalar("id", key: .fixed(Slots.Tokenizer.id), kind: .id),
        .scalar("text", key: .fixed(Slots.Tokenizer.text), kind: .string),
        .scalar("strings", key: .fixed(Slots.Tokenizer.strings), kind: .string, list: true),
        .scalar("count", key: .fixed(Slots.Tokenizer.count), kind: .int),
        .scalar("counts", key: .fixed(Slots.Tokenizer.counts), kind: .int, list: true),
        .scalar("ratio", key: .fixed(Slots.Tokenizer.ratio), kind: .float),
        .scalar("ratios", key: .fixed(Slots.Tokenizer.ratios), kind: .float, list: true),
        .scalar("flag", key: .fixed(Slots.Tokenizer.flag), kind: .bool),
        .scalar("flags", key: .fixed(Slots.Tokenizer.flags), kind: .bool, list: true),
        .scalar("json", key: .fixed(Slots.Tokenizer.json), kind: .custom),
        .scalar("jsons", key: .fixed(Slots.Tokenizer.jsons), kind: .custom, list: true),
    ])

    struct Data: Baton.Lens {
        let anchor: Baton.Anchor
        init(anchor: Baton.Anchor) { self.anchor = anchor }
        @MainActor var tokenizer: Tokenizer? { anchor.read(link: Slots.Query.tokenizer) }

        struct Tokenizer: Baton.Lens {
            let anchor: Baton.Anchor
            init(anchor: Baton.Anchor) { self.anchor = anchor }
            @MainActor var id: Baton.ID? { anchor.read(Slots.Tokenizer.id) }
            @MainActor var text: String? { anchor.read(Slots.Tokenizer.text) }
            @MainActor var strings: [String?]? { anchor.read(Slots.Tokenizer.strings) }
            @MainActor var count: Int? { anchor.read(Slots.Tokenizer.count) }
            @MainActor var counts: [Int?]? { anchor.read(Slots.Tokenizer.counts) }
            @MainActor var ratio: Double? { anchor.read(Slots.Tokenizer.ratio) }
            @MainActor var ratios: [Double?]? { anchor.read(Slots.Tokenizer.ratios) }
            @MainActor var flag: Bool? { anchor.read(Slots.Tokenizer.flag) }
            @MainActor var flags: [Bool?]? { anchor.read(Slots.Tokenizer.flags) }
            @MainActor var json: String? { anchor.read(Slots.Tokenizer.json) }
            @MainActor var jsons: [String?]? { anchor.read(Slots.Tokenizer.jsons) }
        }
    }
}
