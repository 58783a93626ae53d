import BatonCompiler
import BatonEmit
import Testing

/// What the emitter writes for a `@connection` field's lens (its declared fields beside what a
/// connection lens adds) and for a `@throwOnFieldError` fragment.
@Suite struct ConnectionAndThrowingLensTests {
    static let schema = """
        directive @semanticNonNull(levels: [Int] = [0]) on FIELD_DEFINITION
        type Query { node(id: ID!): Node character(id: ID!): Character }
        interface Node { id: ID }
        type Character implements Node {
          id: ID name: String species: String @semanticNonNull origin: Location
          notes(first: Int, after: String): NoteConnection!
        }
        type Location implements Node { id: ID name: String }
        type Note implements Node { id: ID text: String }
        type NoteConnection { edges: [NoteEdge] pageInfo: PageInfo! totalCount: Int! }
        type NoteEdge { cursor: String! node: Note }
        type PageInfo { hasNextPage: Boolean! hasPreviousPage: Boolean! startCursor: String endCursor: String }
        """

    /// The generated Swift of `source`, compiled as the one file of a target over `schema`.
    static func generate(_ source: String) throws -> String {
        let target = try TemporaryTarget(files: ["Sources/App/Lens.graphql": source])
        defer { target.remove() }
        try schema.write(toFile: target.directory + "/schema.graphql", atomically: true, encoding: .utf8)
        let result = GenerateCommand.compute(target.options(["Sources/App/Lens.graphql"]))
        #expect(!result.diagnostics.contains { $0.severity == .error }, "\(result.diagnostics.map { $0.rendered() })")
        return try #require(result.outputs.first { $0.key.hasSuffix("Lens.graphql.baton.swift") }?.value)
    }

    @Test func connectionLensReadsDeclaredFieldsAndAddsItsMembers() throws {
        let output = try Self.generate(
            """
            fragment List_character on Character @refetchable(queryName: "ListPaginationQuery")
            @argumentDefinitions(count: {type: "Int", defaultValue: 2}, cursor: {type: "String"}) {
              notes(first: $count, after: $cursor) @connection(key: "List_notes") {
                totalCount edges { node { text } } pageInfo { endCursor }
              }
            }
            fragment Plain_character on Character {
              notes(first: 2) @connection(key: "Plain_notes") { nodes: totalCount edges { node { id } } }
            }
            query ListQuery { character(id: "1") { ...List_character } }
            query PlainQuery { character(id: "2") { ...Plain_character } }
            """)
        // The lens stands on the connection record the parent links to.
        #expect(
            output.contains(
                "@MainActor var notes: List_character.Notes { anchor.read(connection: Slots.Character.__List_notes_connection, Types.NoteConnection) }"
            ))
        #expect(output.contains("@MainActor var totalCount: Int { anchor.read(Slots.NoteConnection.totalCount) }"))
        // A declared field named like a member the lens adds keeps its read under another name (a
        // `@refetchable` fragment's is refused before).
        #expect(output.contains("@MainActor var nodes_: Int { anchor.read(Slots.NoteConnection.totalCount) }"))
        #expect(output.contains("@MainActor var nodes: Baton.List<List_character.Notes.Node> { anchor.connectionNodes() }"))
        #expect(
            output.contains(
                "@MainActor var edges: Baton.List<List_character.Notes.Edges>? { anchor.read(plural: Slots.NoteConnection.edges) }"))
        // The edge's cursor is the compiler's addition, readable all the same.
        #expect(output.contains("@MainActor var cursor: String { anchor.read(Slots.NoteEdge.cursor) }"))
        // One `pageInfo` a connection: the declared one, with every cursor and flag.
        #expect(output.components(separatedBy: "var pageInfo: List_character.Notes.PageInfo ").count == 2)
        #expect(output.components(separatedBy: "var pageInfo: Plain_character.Notes.PageInfo ").count == 2)
        for field in ["endCursor: String?", "hasNextPage: Bool", "hasPreviousPage: Bool", "startCursor: String?"] {
            #expect(output.components(separatedBy: "@MainActor var \(field) ").count == 3, "\(field)")
        }
        #expect(output.contains("@MainActor var hasNext: Bool { anchor.connectionFlag(\"hasNextPage\") }"))
        #expect(output.contains("@MainActor var connectionID: String? { anchor.connectionID }"))
        // The refetch query's node reads the id it was fetched by.
        #expect(output.contains("@MainActor var id: Baton.ID? { anchor.read(AbstractSlots.id) }"))
    }

    @Test func throwOnFieldErrorFragmentThrowsAtItsSpread() throws {
        let output = try Self.generate(
            """
            fragment Strict_character on Character @throwOnFieldError { species name origin { name } }
            fragment Loose_character on Character { species }
            query StrictQuery { character(id: "1") { ...Strict_character ...Loose_character } }
            """)
        #expect(output.contains("struct Strict_character: Baton.ThrowingFragment {"))
        #expect(
            output.contains(
                "static let errorScope = Baton.ErrorScope([Slots.Character.species, Slots.Character.name], links: [.init(Slots.Character.origin, Baton.ErrorScope([Slots.Location.name]))])"
            ))
        // `@semanticNonNull` reads non-optional under it, and nowhere else.
        #expect(output.contains("@MainActor var species: String { get throws { try anchor.required(Slots.Character.species) } }"))
        #expect(output.contains("@MainActor var species: String? { anchor.read(Slots.Character.species) }"))
        #expect(
            output.contains("@MainActor var strict: Strict_character { get throws { try anchor.throwing(.init(anchor: anchor.spread)) } }"))
        #expect(output.contains("@MainActor var loose: Loose_character { .init(anchor: anchor.spread) }"))
        #expect(output.contains("struct Loose_character: Baton.Lens {"))
    }

    /// Hover declares what the emitter writes.
    @Test func hoverDeclaresTheThrowingFragmentsTypes() throws {
        let target = try TemporaryTarget(files: [
            "Sources/App/Lens.graphql": """
            fragment Strict_character on Character @throwOnFieldError { species }
            query StrictQuery { character(id: "1") { ...Strict_character } }
            """
        ])
        defer { target.remove() }
        try Self.schema.write(toFile: target.directory + "/schema.graphql", atomically: true, encoding: .utf8)
        let compiled = TargetCompilation.compile(target.request(["Sources/App/Lens.graphql"]))
        let program = try #require(compiled.transforms?.program)
        #expect(
            LensNaming.accessorDeclaration(responseKey: "species", fragment: "Strict_character", program: program)
                == "var species: String")
    }

    @Test func caughtConnectionReadsAResultOrNil() throws {
        let output = try Self.generate(
            """
            fragment Caught_character on Character {
              notes(first: 2) @connection(key: "Caught_notes") @catch { totalCount edges { node { text } } }
              nulled: notes(first: 3) @connection(key: "Caught_nulled") @catch(to: NULL) { edges { node { id } } }
            }
            query CaughtQuery { character(id: "1") { ...Caught_character } }
            """)
        // The connection lens weighs its fields and edges; the read weighs the page field too.
        #expect(
            output.contains(
                "@MainActor var notes: Result<Caught_character.Notes, Baton.FieldErrors> { anchor.caught(connection: Slots.Character.__Caught_notes_connection, page: Slots.Character.notes_"
            ))
        #expect(
            output.contains(
                "@MainActor var nulled: Caught_character.Nulled? { anchor.nullOnError(connection: Slots.Character.__Caught_nulled_connection, page: Slots.Character.notes_"
            ))
        #expect(output.contains("struct Notes: Baton.ErrorScopedLens {"))
        #expect(
            output.contains(
                "static let errorScope = Baton.ErrorScope([Slots.NoteConnection.totalCount], links: [.init(Slots.NoteConnection.edges, Baton.ErrorScope([], links: [.init(Slots.NoteEdge.node, Baton.ErrorScope([Slots.Note.text]))]))])"
            ))
        // Members the lens adds stay as on an uncaught connection.
        #expect(output.contains("@MainActor var nodes: Baton.List<Caught_character.Notes.Node> { anchor.connectionNodes() }"))
    }
}
