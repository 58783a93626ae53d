import BatonDiagnostics
import BatonIR
import BatonTransforms
import Testing

/// Storage keys against the store dumps of spec/conformance/tests.
@Suite struct StorageKeyTests {
    let compiler = Fixtures.compiler

    /// Every root field of an operation (fragments applied), keyed.
    func keys(_ document: String, _ operation: String) -> [StorageKey] {
        let output = compiler.compile(document, identity: Fixtures.identity)
        let program = output.result.textProgram
        let selections = program.operation(named: operation)?.selections ?? []
        return selections.compactMap(\.field).map { StorageKey.of($0, schema: program.schema) }
    }

    /// tests/keys-1.store.json, with the case's variables `{"id": "7", "name": "Rick"}`.
    @Test func testKeysMatchesItsDump() {
        let source = Fixtures.read("sources/TestKeys.graphql")
        let rendered = keys(source, "TestKeys").map { $0.render(["id": "\"7\"", "name": "\"Rick\""]) }
        #expect(
            rendered == [
                #"search(name:"$0.00")"#,
                #"character(id:"a,b")"#,
                #"charactersByIds(ids:["7","2"])"#,
                #"characters(filter:{"name":"Rick","status":"Alive"})"#,
            ])
        let constants = keys(source, "TestKeys").map(\.constant)
        #expect(constants == [#"search(name:"$0.00")"#, #"character(id:"a,b")"#, nil, nil])
    }

    @Test func nullsAreLeftOutAtTheTopOnly() {
        let key = keys("query Q($f: String) { characters(page: null, filter: {name: null, status: $f}) { info { count } } }", "Q")[0]
        #expect(key.render([:]) == #"characters(filter:{"name":null,"status":null})"#)
        let page = keys("query Q($p: Int) { characters(page: $p) { info { count } } }", "Q")[0]
        #expect(page.render([:]) == "characters")
        #expect(page.render(["p": "null"]) == "characters")
        #expect(page.render(["p": "2"]) == "characters(page:2)")
    }

    /// tests/notes-page-1.store.json keys the first page `notes(first:2)`: the fragment's
    /// `after: $cursor` is bound to nothing and left out.
    @Test func fragmentArgumentsBoundToNothingLeaveTheKey() throws {
        let output = compiler.compile(
            [Fixtures.read("sources/TestNotesQuery.graphql"), Fixtures.read("sources/TestNotes_character.graphql")]
                .enumerated().map { Source(name: "\($0.offset).graphql", text: $0.element) })
        let fragment = try #require(output.result.textProgram.fragment(named: "TestNotes_character"))
        let notes = try #require(fragment.selections.compactMap(\.field).first { $0.name == "notes" })
        #expect(StorageKey.of(notes, schema: compiler.schema).constant == "notes(first:2)")
        #expect(Fixtures.read("tests/notes-page-1.store.json").contains(#""notes(first:2)""#))
    }

    @Test func mutationRootFieldsAreKeyedByNameOrAlias() {
        let fields = keys(
            "mutation M($id: ID!) { setFavorite(id: $id, favorite: true) { character { id } } self: setFavorite(id: $id, favorite: false) { character { id } } }",
            "M")
        #expect(fields.map(\.constant) == ["setFavorite", #"setFavorite(as:"self")"#])
    }

    @Test func enumsAndStringsAreJSON() {
        let key = keys(
            #"query Q { charactersWithStatus(status: ALIVE, any: [DEAD, UNKNOWN]) { id } search(name: "a\"b") { __typename } }"#, "Q")
        #expect(key.map(\.constant) == [#"charactersWithStatus(any:["DEAD","UNKNOWN"],status:"ALIVE")"#, #"search(name:"a\"b")"#])
    }
}
