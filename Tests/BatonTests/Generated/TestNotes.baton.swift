// As batonc is to emit the connection documents: TestNotesQuery, TestNotesPaginationQuery,
// TestRecentNotesQuery, TestRecentNotesPaginationQuery, TestAuthorNotesQuery, TestRootNotesQuery.
@_spi(Generated) import Baton

/// The page selection every notes connection reads: `{totalCount?, edges{node{id,text}, cursor}, pageInfo{…}}`.
private func notesPage(totalCount: Bool, pageInfo: [Baton.Field]) -> Baton.Selection {
    Baton.Selection(type: Types.NoteConnection, fields: (totalCount ? [
        .scalar("totalCount", key: .fixed(Slots.NoteConnection.totalCount), kind: .int),
    ] : []) + [
        .plural("edges", key: .fixed(Slots.NoteConnection.edges), selection: Baton.Selection(type: Types.NoteEdge, fields: [
            .linked("node", key: .fixed(Slots.NoteEdge.node), selection: Baton.Selection(type: Types.Note, key: ["id"], fields: [
                .scalar("id", key: .fixed(Slots.Note.id), kind: .id),
                .scalar("text", key: .fixed(Slots.Note.text), kind: .string),
            ])),
            .scalar("cursor", key: .fixed(Slots.NoteEdge.cursor), kind: .string),
        ])),
        .linked("pageInfo", key: .fixed(Slots.NoteConnection.pageInfo), selection: Baton.Selection(type: Types.PageInfo, fields: pageInfo)),
    ])
}

private let forward: [Baton.Field] = [
    .scalar("endCursor", key: .fixed(Slots.PageInfo.endCursor), kind: .string),
    .scalar("hasNextPage", key: .fixed(Slots.PageInfo.hasNextPage), kind: .bool),
]
private let backward: [Baton.Field] = [
    .scalar("hasPreviousPage", key: .fixed(Slots.PageInfo.hasPreviousPage), kind: .bool),
    .scalar("startCursor", key: .fixed(Slots.PageInfo.startCursor), kind: .string),
]

private func character(_ fields: [Baton.Field]) -> Baton.Selection {
    Baton.Selection(type: Types.Character, key: ["id"], fields: fields + [.scalar("id", key: .fixed(Slots.Character.id), kind: .id)])
}

private func node(_ fields: [Baton.Field]) -> Baton.Selection {
    Baton.Selection(type: Types.Node, key: ["id"], abstract: true, fields: [
        .scalar("id", key: .abstract(AbstractSlots.id), kind: .id),
    ], variants: [.init(types: [Types.Character], fields: fields)])
}

struct TestNotesQuery: Baton.Operation {
    static let name = "TestNotesQuery"
    var id: String
    var variables: Baton.Variables { ["id": .string(id)] }
    static let plan = Baton.Plan(root: Baton.Selection(type: Types.Query, fields: [
        .linked("character", key: .dynamic(Slots.Query.character_id), selection: character([
            .scalar("name", key: .fixed(Slots.Character.name), kind: .string),
            .linked("notes", key: .fixed(Slots.Character.notes_first2), selection: notesPage(totalCount: true, pageInfo: forward),
                    connection: .init(key: .fixed(Slots.Character.__TestNotes_notes_connection))),
        ])),
    ]))

    struct Data: Baton.Lens {
        let anchor: Baton.Anchor
        init(anchor: Baton.Anchor) { self.anchor = anchor }
        @MainActor var character: TestNotes_character? { anchor.read(link: Slots.Query.character_id) }
    }
}

/// The fragment's connection lens, as batonc is to emit it for `@connection(key: "TestNotes_notes")`.
struct TestNotes_character: Baton.Lens {
    let anchor: Baton.Anchor
    init(anchor: Baton.Anchor) { self.anchor = anchor }
    @MainActor var notes: Notes { anchor.read(connection: Slots.Character.__TestNotes_notes_connection, Types.NoteConnection) }

    struct Notes: Baton.Lens {
        let anchor: Baton.Anchor
        init(anchor: Baton.Anchor) { self.anchor = anchor }
        @MainActor var nodes: Baton.List<Node> { anchor.connectionNodes() }
        @MainActor var hasNext: Bool { anchor.connectionFlag("hasNextPage") }
        @MainActor var connectionID: String? { anchor.connectionID }

        struct Node: Baton.Lens {
            let anchor: Baton.Anchor
            init(anchor: Baton.Anchor) { self.anchor = anchor }
            @MainActor var text: String? { anchor.read(Slots.Note.text) }
        }
    }
}

struct TestNotesPaginationQuery: Baton.Operation {
    typealias Data = DumpOnly
    static let name = "TestNotesPaginationQuery"
    var count: Int = 2
    var cursor: String?
    var id: String
    var variables: Baton.Variables { ["count": .int(count), "cursor": cursor.map { .string($0) } ?? .null, "id": .string(id)] }
    static let plan = Baton.Plan(root: Baton.Selection(type: Types.Query, fields: [
        .linked("node", key: .dynamic(Slots.Query.node_id), selection: node([
            .scalar("name", key: .fixed(Slots.Character.name), kind: .string),
            .linked("notes", key: .dynamic(Slots.Character.notes_first_after), selection: notesPage(totalCount: true, pageInfo: forward),
                    connection: .init(key: .fixed(Slots.Character.__TestNotes_notes_connection), after: "cursor")),
        ])),
    ]))
}

struct TestRecentNotesQuery: Baton.Operation {
    typealias Data = DumpOnly
    static let name = "TestRecentNotesQuery"
    var id: String
    var variables: Baton.Variables { ["id": .string(id)] }
    static let plan = Baton.Plan(root: Baton.Selection(type: Types.Query, fields: [
        .linked("character", key: .dynamic(Slots.Query.character_id), selection: character([
            .linked("notes", key: .fixed(Slots.Character.notes_last2), selection: notesPage(totalCount: false, pageInfo: backward),
                    connection: .init(key: .fixed(Slots.Character.__TestRecentNotes_notes_connection))),
        ])),
    ]))
}

struct TestRecentNotesPaginationQuery: Baton.Operation {
    typealias Data = DumpOnly
    static let name = "TestRecentNotesPaginationQuery"
    var count: Int = 2
    var cursor: String?
    var id: String
    var variables: Baton.Variables { ["count": .int(count), "cursor": cursor.map { .string($0) } ?? .null, "id": .string(id)] }
    static let plan = Baton.Plan(root: Baton.Selection(type: Types.Query, fields: [
        .linked("node", key: .dynamic(Slots.Query.node_id), selection: node([
            .linked("notes", key: .dynamic(Slots.Character.notes_before_last), selection: notesPage(totalCount: false, pageInfo: backward),
                    connection: .init(key: .fixed(Slots.Character.__TestRecentNotes_notes_connection), before: "cursor")),
        ])),
    ]))
}

struct TestAuthorNotesQuery: Baton.Operation {
    typealias Data = DumpOnly
    static let name = "TestAuthorNotesQuery"
    var id: String
    var variables: Baton.Variables { ["id": .string(id)] }
    static let plan = Baton.Plan(root: Baton.Selection(type: Types.Query, fields: [
        .linked("node", key: .dynamic(Slots.Query.node_id), selection: Baton.Selection(type: Types.Node, key: ["id"], abstract: true, fields: [
            .scalar("id", key: .abstract(AbstractSlots.id), kind: .id),
        ], variants: [.init(types: [Types.Note], fields: [
            .linked("author", key: .fixed(Slots.Note.author), selection: Baton.Selection(type: Types.Character, key: ["id"], fields: [
                .scalar("id", key: .fixed(Slots.Character.id), kind: .id),
                .scalar("name", key: .fixed(Slots.Character.name), kind: .string),
                .linked("notes", key: .fixed(Slots.Character.notes_first2), selection: notesPage(totalCount: false, pageInfo: forward),
                        connection: .init(key: .fixed(Slots.Character.__TestAuthorNotes_notes_connection))),
            ])),
        ])])),
    ]))
}

struct TestRootNotesQuery: Baton.Operation {
    typealias Data = DumpOnly
    static let name = "TestRootNotesQuery"
    var variables: Baton.Variables { [:] }
    static let plan = Baton.Plan(root: Baton.Selection(type: Types.Query, fields: [
        .linked("notes", key: .fixed(Slots.Query.notes_first2), selection: notesPage(totalCount: true, pageInfo: forward),
                connection: .init(key: .fixed(Slots.Query.__TestRootNotes_notes_connection))),
    ]))
}
