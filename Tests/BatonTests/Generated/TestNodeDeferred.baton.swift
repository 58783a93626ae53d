// As batonc is to emit documents/TestNodeDeferred.graphql.
@_spi(Generated) import Baton

struct TestNodeDeferred: Baton.Operation {
    typealias Data = DumpOnly
    static let name = "TestNodeDeferred"
    var id: String
    var variables: Baton.Variables { ["id": .string(id)] }
    static let plan = Baton.Plan(root: Baton.Selection(type: Types.Query, fields: [
        .linked("node", key: .dynamic(Slots.Query.node_id), selection: Baton.Selection(type: Types.Node, key: ["id"], abstract: true, fields: [
            .scalar("id", key: .abstract(AbstractSlots.id), kind: .id),
        ], variants: [
            .init(types: [Types.Character], fields: [
                .scalar("name", key: .fixed(Slots.Character.name), kind: .string),
                .plural("episode", key: .fixed(Slots.Character.episode), selection: Baton.Selection(type: Types.Episode, key: ["id"], fields: [
                    .scalar("name", key: .fixed(Slots.Episode.name), kind: .string),
                    .scalar("air_date", key: .fixed(Slots.Episode.air_date), kind: .string),
                    .scalar("id", key: .fixed(Slots.Episode.id), kind: .id),
                ]), deferLabel: "TestNodeDeferred$defer$TestAppearances_character"),
            ]),
        ])),
    ]))
}
