// As batonc is to emit the remaining documents the conformance tests commit: keyed by another field
// (TestAsset*), mapped scalars (TestAssetPricesQuery), mutation roots (TestSetFavorite, TestRename,
// TestDeleteNote), abstract selections (TestSearch, TestSearchOrigins, TestNodeFields), a twice-spread
// fragment (TestTwoSpreads) and a list of composite keys (TestQuotesQuery). Only plans: these cases
// are checked through their dumps.
@_spi(Generated) import Baton

/// A root lens that reads nothing, for operations checked by dump only.
struct DumpOnly: Baton.Lens {
    let anchor: Baton.Anchor
    init(anchor: Baton.Anchor) { self.anchor = anchor }
}

private let characterNameID = Baton.Selection(type: Types.Character, key: ["id"], fields: [
    .scalar("name", key: .fixed(Slots.Character.name), kind: .string),
    .scalar("id", key: .fixed(Slots.Character.id), kind: .id),
])

struct TestAssetQuery: Baton.Operation {
    typealias Data = DumpOnly
    static let name = "TestAssetQuery"
    var uuid: String
    var variables: Baton.Variables { ["uuid": .string(uuid)] }
    static let plan = Baton.Plan(root: Baton.Selection(type: Types.Query, fields: [
        .linked("asset", key: .dynamic(Slots.Query.asset_uuid), selection: Baton.Selection(type: Types.Asset, key: ["uuid"], fields: [
            .linked("owner", key: .fixed(Slots.Asset.owner), selection: characterNameID),
            .scalar("uuid", key: .fixed(Slots.Asset.uuid), kind: .string),
            .scalar("name", key: .fixed(Slots.Asset.name), kind: .string),
            .scalar("id", key: .fixed(Slots.Asset.id), kind: .id),
        ])),
    ]))
}

struct TestAssetsQuery: Baton.Operation {
    typealias Data = DumpOnly
    static let name = "TestAssetsQuery"
    var variables: Baton.Variables { [:] }
    static let plan = Baton.Plan(root: Baton.Selection(type: Types.Query, fields: [
        .plural("assets", key: .fixed(Slots.Query.assets), selection: Baton.Selection(type: Types.Asset, key: ["uuid"], fields: [
            .scalar("name", key: .fixed(Slots.Asset.name), kind: .string),
            .scalar("size", key: .fixed(Slots.Asset.size), kind: .int),
            .scalar("id", key: .fixed(Slots.Asset.id), kind: .id),
            .scalar("uuid", key: .fixed(Slots.Asset.uuid), kind: .string),
        ])),
    ]))
}

struct TestAssetPricesQuery: Baton.Operation {
    typealias Data = DumpOnly
    static let name = "TestAssetPricesQuery"
    var variables: Baton.Variables { [:] }
    static let plan = Baton.Plan(root: Baton.Selection(type: Types.Query, fields: [
        .plural("assets", key: .fixed(Slots.Query.assets), selection: Baton.Selection(type: Types.Asset, key: ["uuid"], fields: [
            .scalar("uuid", key: .fixed(Slots.Asset.uuid), kind: .string),
            .scalar("price", key: .fixed(Slots.Asset.price), kind: .custom),
            .scalar("listedAt", key: .fixed(Slots.Asset.listedAt), kind: .custom),
            .scalar("page", key: .fixed(Slots.Asset.page), kind: .custom),
            .scalar("prices", key: .fixed(Slots.Asset.prices), kind: .custom, list: true),
            .scalar("id", key: .fixed(Slots.Asset.id), kind: .id),
        ])),
    ]))
}

struct TestSetFavorite: Baton.Operation {
    typealias Data = DumpOnly
    static let name = "TestSetFavorite"
    var id: String
    var favorite: Bool
    var variables: Baton.Variables { ["id": .string(id), "favorite": .bool(favorite)] }
    static let plan = Baton.Plan(root: Baton.Selection(type: Types.Mutation, fields: [
        .linked("setFavorite", key: .fixed(Slots.Mutation.setFavorite), selection: Baton.Selection(type: Types.FavoritePayload, fields: [
            .linked("character", key: .fixed(Slots.FavoritePayload.character), selection: Baton.Selection(type: Types.Character, key: ["id"], fields: [
                .scalar("id", key: .fixed(Slots.Character.id), kind: .id),
                .scalar("name", key: .fixed(Slots.Character.name), kind: .string),
                .scalar("favorite", key: .fixed(Slots.Character.favorite), kind: .bool),
            ])),
        ])),
    ]), kind: .mutation)
}

struct TestRename: Baton.Operation {
    typealias Data = DumpOnly
    static let name = "TestRename"
    var id: String
    var name: String
    var variables: Baton.Variables { ["id": .string(id), "name": .string(name)] }
    static let plan = Baton.Plan(root: Baton.Selection(type: Types.Mutation, fields: [
        .linked("rename", key: .fixed(Slots.Mutation.rename), selection: Baton.Selection(type: Types.FavoritePayload, fields: [
            .linked("character", key: .fixed(Slots.FavoritePayload.character), selection: characterNameID),
        ])),
    ]), kind: .mutation)
}

struct TestDeleteNote: Baton.Operation {
    typealias Data = DumpOnly
    static let name = "TestDeleteNote"
    var id: String
    var variables: Baton.Variables { ["id": .string(id)] }
    static let plan = Baton.Plan(root: Baton.Selection(type: Types.Mutation, fields: [
        .linked("removeNote", key: .fixed(Slots.Mutation.removeNote), selection: Baton.Selection(type: Types.RemoveNotePayload, fields: [
            .scalar("removedNoteId", key: .fixed(Slots.RemoveNotePayload.removedNoteId), kind: .id, edit: .deleteRecord),
        ])),
    ]), kind: .mutation)
}

private let nodeVariant = Baton.Variant(condition: "__isNode", key: ["id"], fields: [
    .scalar("id", key: .abstract(AbstractSlots.id), kind: .id),
])

struct TestSearch: Baton.Operation {
    typealias Data = DumpOnly
    static let name = "TestSearch"
    var name: String
    var variables: Baton.Variables { ["name": .string(name)] }
    static let plan = Baton.Plan(root: Baton.Selection(type: Types.Query, fields: [
        .plural("search", key: .dynamic(Slots.Query.search_name), selection: Baton.Selection(type: Types.SearchResult, abstract: true, fields: [], variants: [
            .init(types: [Types.Character], key: ["id"], fields: [
                .scalar("id", key: .fixed(Slots.Character.id), kind: .id),
                .scalar("name", key: .fixed(Slots.Character.name), kind: .string),
            ]),
            .init(types: [Types.Location], key: ["id"], fields: [
                .scalar("id", key: .fixed(Slots.Location.id), kind: .id),
                .scalar("name", key: .fixed(Slots.Location.name), kind: .string),
                .scalar("dimension", key: .fixed(Slots.Location.dimension), kind: .string),
            ]),
            .init(types: [Types.Episode], key: ["id"], fields: [.scalar("id", key: .fixed(Slots.Episode.id), kind: .id)]),
            nodeVariant,
        ])),
    ]))
}

struct TestSearchOrigins: Baton.Operation {
    typealias Data = DumpOnly
    static let name = "TestSearchOrigins"
    var name: String
    var variables: Baton.Variables { ["name": .string(name)] }
    static let plan = Baton.Plan(root: Baton.Selection(type: Types.Query, fields: [
        .plural("search", key: .dynamic(Slots.Query.search_name), selection: Baton.Selection(type: Types.SearchResult, abstract: true, fields: [], variants: [
            .init(types: [Types.Character], key: ["id"], fields: [
                .linked("origin", key: .fixed(Slots.Character.origin), selection: Baton.Selection(type: Types.Location, key: ["id"], fields: [
                    .scalar("name", key: .fixed(Slots.Location.name), kind: .string),
                    .scalar("id", key: .fixed(Slots.Location.id), kind: .id),
                ])),
                .scalar("id", key: .fixed(Slots.Character.id), kind: .id),
            ]),
            .init(types: [Types.Location], key: ["id"], fields: [.scalar("id", key: .fixed(Slots.Location.id), kind: .id)]),
            .init(types: [Types.Episode], key: ["id"], fields: [.scalar("id", key: .fixed(Slots.Episode.id), kind: .id)]),
            nodeVariant,
        ])),
    ]))
}

struct TestNodeFields: Baton.Operation {
    typealias Data = DumpOnly
    static let name = "TestNodeFields"
    var id: String
    var variables: Baton.Variables { ["id": .string(id)] }
    static let plan = Baton.Plan(root: Baton.Selection(type: Types.Query, fields: [
        .linked("node", key: .dynamic(Slots.Query.node_id), selection: Baton.Selection(type: Types.Node, key: ["id"], abstract: true, fields: [
            .scalar("id", key: .abstract(AbstractSlots.id), kind: .id),
        ], variants: [
            .init(types: [Types.Character], fields: [.scalar("name", key: .fixed(Slots.Character.name), kind: .string)]),
        ])),
    ]))
}

struct TestTwoSpreads: Baton.Operation {
    typealias Data = DumpOnly
    static let name = "TestTwoSpreads"
    var id: String
    var again: Bool
    var variables: Baton.Variables { ["id": .string(id), "again": .bool(again)] }
    static let plan = Baton.Plan(root: Baton.Selection(type: Types.Query, fields: [
        .linked("character", key: .dynamic(Slots.Query.character_id), selection: Baton.Selection(type: Types.Character, key: ["id"], fields: [
            .scalar("name", key: .fixed(Slots.Character.name), kind: .string),
            .scalar("status", key: .fixed(Slots.Character.status), kind: .string),
            .scalar("image", key: .fixed(Slots.Character.image), kind: .string),
            .scalar("id", key: .fixed(Slots.Character.id), kind: .id),
        ])),
    ]))
}

struct TestQuotesQuery: Baton.Operation {
    typealias Data = DumpOnly
    static let name = "TestQuotesQuery"
    var variables: Baton.Variables { [:] }
    static let plan = Baton.Plan(root: Baton.Selection(type: Types.Query, fields: [
        .plural("quotes", key: .fixed(Slots.Query.quotes), selection: Baton.Selection(type: Types.Quote, key: ["base", "quote"], fields: [
            .scalar("rate", key: .fixed(Slots.Quote.rate), kind: .float),
            .scalar("base", key: .fixed(Slots.Quote.base), kind: .string),
            .scalar("quote", key: .fixed(Slots.Quote.quote), kind: .string),
        ])),
    ]))
}

/// `addNote { noteEdge @appendEdge/@prependEdge(connections: $connections) { cursor node { id text } } }`.
private func addNoteEdgePlan(_ edit: Baton.Edit) -> Baton.Plan {
    Baton.Plan(root: Baton.Selection(type: Types.Mutation, fields: [
        .linked("addNote", key: .fixed(Slots.Mutation.addNote), selection: Baton.Selection(type: Types.AddNotePayload, fields: [
            .linked("noteEdge", key: .fixed(Slots.AddNotePayload.noteEdge), selection: Baton.Selection(type: Types.NoteEdge, fields: [
                .scalar("cursor", key: .fixed(Slots.NoteEdge.cursor), kind: .string),
                .linked("node", key: .fixed(Slots.NoteEdge.node), selection: noteIDText),
            ]), edit: edit),
        ])),
    ]), kind: .mutation)
}

/// `addNote { note @appendNode/@prependNode(connections: $connections, edgeTypeName: "NoteEdge") { id text } }`.
private func addNoteNodePlan(_ edit: Baton.Edit) -> Baton.Plan {
    Baton.Plan(root: Baton.Selection(type: Types.Mutation, fields: [
        .linked("addNote", key: .fixed(Slots.Mutation.addNote), selection: Baton.Selection(type: Types.AddNotePayload, fields: [
            .linked("note", key: .fixed(Slots.AddNotePayload.note), selection: noteIDText, edit: edit),
        ])),
    ]), kind: .mutation)
}

private let noteIDText = Baton.Selection(type: Types.Note, key: ["id"], fields: [
    .scalar("id", key: .fixed(Slots.Note.id), kind: .id),
    .scalar("text", key: .fixed(Slots.Note.text), kind: .string),
])

/// The variables every addNote mutation takes.
protocol AddNoteOperation: Baton.Operation where Data == DumpOnly {
    var characterId: String { get }
    var text: String { get }
    var connections: [String] { get }
}

extension AddNoteOperation {
    var variables: Baton.Variables {
        ["characterId": .string(characterId), "text": .string(text), "connections": .list(connections.map { .string($0) })]
    }
}

struct TestAddNote: AddNoteOperation {
    static let name = "TestAddNote"
    var characterId: String
    var text: String
    var connections: [String] = []
    static let plan = addNoteEdgePlan(.appendEdge(connections: "connections"))
}

struct TestAddNoteFirst: AddNoteOperation {
    static let name = "TestAddNoteFirst"
    var characterId: String
    var text: String
    var connections: [String] = []
    static let plan = addNoteEdgePlan(.prependEdge(connections: "connections"))
}

struct TestAddNoteNode: AddNoteOperation {
    static let name = "TestAddNoteNode"
    var characterId: String
    var text: String
    var connections: [String] = []
    static let plan = addNoteNodePlan(.appendNode(connections: "connections", edgeType: Types.NoteEdge))
}

struct TestAddNoteNodeFirst: AddNoteOperation {
    static let name = "TestAddNoteNodeFirst"
    var characterId: String
    var text: String
    var connections: [String] = []
    static let plan = addNoteNodePlan(.prependNode(connections: "connections", edgeType: Types.NoteEdge))
}

struct TestRemoveNote: Baton.Operation {
    typealias Data = DumpOnly
    static let name = "TestRemoveNote"
    var id: String
    var connections: [String] = []
    var variables: Baton.Variables { ["id": .string(id), "connections": .list(connections.map { .string($0) })] }
    static let plan = Baton.Plan(root: Baton.Selection(type: Types.Mutation, fields: [
        .linked("removeNote", key: .fixed(Slots.Mutation.removeNote), selection: Baton.Selection(type: Types.RemoveNotePayload, fields: [
            .scalar("removedNoteId", key: .fixed(Slots.RemoveNotePayload.removedNoteId), kind: .id,
                    edit: .deleteEdge(connections: "connections")),
            .scalar("deleted", key: .fixed(Slots.RemoveNotePayload.removedNoteId), kind: .id, edit: .deleteRecord),
        ])),
    ]), kind: .mutation)
}

/// A subscription root keeps its arguments in the key (two live subscriptions must not share a slot).
struct TestNoteAdded: Baton.Subscription {
    typealias Data = DumpOnly
    static let name = "TestNoteAdded"
    static let document: Baton.Document = .text("subscription TestNoteAdded($characterId:ID!){noteAdded(characterId:$characterId){noteEdge{cursor,node{id,text}}}}")
    var characterId: String
    var connections: [String] = []
    var variables: Baton.Variables { ["characterId": characterId.variable, "connections": connections.variable] }
    static let plan = Baton.Plan(root: Baton.Selection(type: Types.Subscription, fields: [
        .linked("noteAdded", key: .dynamic(Slots.Subscription.noteAdded_characterId), selection: Baton.Selection(type: Types.NoteAddedPayload, fields: [
            .linked("noteEdge", key: .fixed(Slots.NoteAddedPayload.noteEdge), selection: Baton.Selection(type: Types.NoteEdge, fields: [
                .scalar("cursor", key: .fixed(Slots.NoteEdge.cursor), kind: .string),
                .linked("node", key: .fixed(Slots.NoteEdge.node), selection: noteIDText),
            ]), edit: .appendEdge(connections: "connections")),
        ])),
    ]), kind: .subscription)
}
