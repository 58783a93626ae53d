import BatonDiagnostics
import BatonIR
import BatonTransforms
import Testing

/// Each transform, through the whole pipeline, on small documents over the conformance schema.
@Suite struct TransformTests {
    let compiler = Fixtures.compiler

    func text(_ document: String, _ operation: String, identity: IdentityConfiguration = Fixtures.identity) -> String? {
        let output = compiler.compile(document, identity: identity)
        #expect(output.errors.map { TestCompiler.Output.describe($0) } == [])
        return output.text(operation)
    }

    /// `id` joins `node` before flattening merges the connection's `node { __typename }` in, as in Relay.
    @Test func connectionAddsCursorTypenameAndPageInfoPerDirection() {
        let both = text(
            """
            query Q($id: ID!) { character(id: $id) {
              notes(first: 1, last: 1) @connection(key: "Q_notes") { edges { node { text } } } } }
            """, "Q")
        #expect(
            both
                == "query Q($id:ID!){character(id:$id){notes(first:1,last:1){edges{node{text,id,__typename},cursor},pageInfo{endCursor,hasNextPage,hasPreviousPage,startCursor}},id}}"
        )
    }

    @Test func streamConnectionIsCheckedLikeAConnection() {
        let output = compiler.compile(
            """
            query Q($id: ID!) { character(id: $id) { notes @stream_connection(key: "Q_notes", initial_count: 1) { edges { cursor } } } }
            """)
        #expect(output.error(containing: "to have a 'first' or 'last' argument")?.hasPrefix("1:42: ") == true)
    }

    @Test func deferLabelsNameTheDocumentAndTheFragmentOrLabel() {
        let printed = text(
            """
            query Q($id: ID!, $later: Boolean!) { character(id: $id) {
              ...F @defer(label: "part", if: $later) ...G @defer(if: true) ...H @defer(if: false) } }
            fragment F on Character { name }
            fragment G on Character { status }
            fragment H on Character { species }
            """, "Q")
        #expect(
            printed
                == #"query Q($id:ID!,$later:Boolean!){character(id:$id){...F@defer(label:"Q$defer$part",if:$later),...G@defer(label:"Q$defer$G"),...H,id}}fragment F on Character{name}fragment G on Character{status}fragment H on Character{species}"#
        )
    }

    @Test func streamGetsItsLabel() {
        let printed = text("query Q($id: ID!) { character(id: $id) { episode @stream(initialCount: 1) { name } } }", "Q")
        #expect(printed == #"query Q($id:ID!){character(id:$id){episode@stream(label:"Q$stream$episode",initialCount:1){name,id},id}}"#)
    }

    @Test func refetchableOnQueryGeneratesARootQuery() {
        let output = compiler.compile(
            """
            query Q { ...R }
            fragment R on Query @refetchable(queryName: "RRefetch") @argumentDefinitions(page: {type: "Int", defaultValue: 1}) {
              characters(page: $page) { info { count } } }
            """)
        #expect(output.errors.isEmpty)
        let hash = FragmentArgumentsHash.hash([IRArgument(name: "page", value: .variable("page"))])!
        #expect(
            output.text("RRefetch")
                == "query RRefetch($page:Int=1){...R_\(hash)}fragment R_\(hash) on Query{characters(page:$page){info{count}}}")
        #expect(output.text("Q") == "query Q{...R}fragment R on Query{characters(page:1){info{count}}}")
    }

    /// A fragment's copy with arguments applied keeps the fragment's `@defer` labels (the recorded
    /// incremental responses name them so), so spreading it with and without arguments in one
    /// operation would send one label twice: refused at the second spread (found by `fuzz-documents`).
    @Test func oneLabelSentTwiceIsRefused() {
        let document = """
            query Q($id: ID!) { character(id: $id) { ...N @arguments(count: 3) ...N } }
            fragment N on Character @argumentDefinitions(count: {type: "Int", defaultValue: 2}) {
              name ... @defer { name @include(if: true) } notes(first: 1) { totalCount }
            }
            """
        let output = compiler.compile(document)
        #expect(output.errors.map(\.code) == [.deferLabel], "\(output.errors.map { $0.rendered() })")
        #expect(output.errors.first?.message.contains("label 'N$defer$inline' twice") == true)
        let second = document.range(of: "...N }")!.lowerBound.utf16Offset(in: document)
        #expect(output.errors.first?.primaryLocation?.range.start == second)
        // One spread, with arguments: the copy keeps the fragment's label, and compiles.
        let once = compiler.compile(document.replacingOccurrences(of: " ...N }", with: " }"))
        #expect(once.errors.isEmpty)
        #expect(once.text("Q")?.contains(#"@defer(label:"N$defer$inline")"#) == true)
    }

    /// A refetch query is sent like any other: its fragment's arguments become its variables, and
    /// two selections of one field that differ in arguments are refused there too, though no
    /// operation of the user's spreads the fragment (found by `fuzz-documents`).
    @Test func refetchQueryWithDifferingArgumentsIsRefused() {
        let document = """
            fragment N on Character @argumentDefinitions(count: {type: "Int", defaultValue: 2})
                @refetchable(queryName: "NRefetch") {
              notes(first: 32, after: "a") { totalCount }
              ... on Character { notes(first: $count) { totalCount } }
            }
            """
        let output = compiler.compile(document)
        #expect(output.errors.map(\.code) == [.fragmentArgumentConflict])
        #expect(output.errors.first?.message.contains("in the refetch query 'NRefetch'") == true)
        // At the second selection, the one that conflicts with the first.
        let second = document.range(of: "notes(first: $count")!.lowerBound.utf16Offset(in: document)
        #expect(output.errors.first?.primaryLocation?.range.start == second)
    }

    /// A field on an interface meets the same field on each object type below it in one
    /// response: only two object types are apart (found by `fuzz-documents`: the check grouped
    /// the interface's fields apart from the object type's and compared neither with the other).
    @Test func interfaceFieldMeetsTheObjectTypesField() {
        let compiler = TestCompiler(
            schemaText: """
                interface Node { id: ID! }
                interface Actor { avatar(size: Int): String friend: Actor }
                type Query { node(id: ID!): Node actor: Actor }
                type Bot implements Node & Actor { id: ID! avatar(size: Int): String friend: Actor }
                type User implements Node & Actor { id: ID! avatar(size: Int): String friend: Actor }
                type Event implements Node { id: ID! actor: Actor }
                """)
        let document = """
            fragment F on Event @argumentDefinitions(first: {type: "Int", defaultValue: 2})
                @refetchable(queryName: "FRefetch") {
              actor { ... { avatar(size: 42) } ... on Bot { avatar } ... on User { avatar(size: 42) } }
            }
            """
        let output = compiler.compile(document)
        #expect(output.errors.map(\.code) == [.fragmentArgumentConflict])
        #expect(output.errors.first?.message.contains("`avatar(size: 42)` and `avatar`") == true)
        let bot = document.range(of: "avatar }")!.lowerBound.utf16Offset(in: document)
        #expect(output.errors.first?.primaryLocation?.range.start == bot)
        // Two object types never meet: Bot's `avatar` beside User's `avatar(size: 42)` alone is fine.
        let apart = compiler.compile(document.replacingOccurrences(of: "... { avatar(size: 42) } ", with: ""))
        #expect(apart.errors.isEmpty, "\(apart.errors.map(\.message))")
        // Below two object types' fields nothing meets either; below an interface's, all does.
        func nested(_ selections: String) -> [Diagnostic] {
            compiler.compile(
                """
                fragment G on Event @argumentDefinitions(first: {type: "Int", defaultValue: 2}) @refetchable(queryName: "GRefetch") {
                  actor { \(selections) }
                }
                """
            ).errors
        }
        #expect(nested("... on Bot { friend { avatar } } ... on User { friend { avatar(size: 42) } }").isEmpty)
        #expect(
            nested("friend { avatar(size: 42) } ... on Bot { friend { avatar } }").map(\.code) == [.fragmentArgumentConflict])
    }

    /// The two copies select `notes` with two counts under one key, which Relay's check of
    /// selections after binding refuses (the one error); the binding and renaming still hold.
    @Test func fragmentArgumentsAreBoundAndCopiesRenamed() {
        let output = compiler.compile(
            """
            query Q($id: ID!) { character(id: $id) { ...N @arguments(count: 3, show: false) ...N } }
            fragment N on Character @argumentDefinitions(count: {type: "Int", defaultValue: 2}, cursor: {type: "String"},
                                                         show: {type: "Boolean!", defaultValue: true}) {
              notes(first: $count, after: $cursor) { totalCount }
              name @include(if: $show)
            }
            """, identity: Fixtures.identity)
        #expect(output.errors.map(\.code) == [.fragmentArgumentConflict])
        let printed = output.text("Q")
        let hash = FragmentArgumentsHash.hash([
            IRArgument(name: "count", value: .int("3")), IRArgument(name: "show", value: .boolean(false)),
        ])!
        #expect(
            printed
                == "query Q($id:ID!){character(id:$id){...N_\(hash),...N,id}}fragment N on Character{notes(first:2){totalCount},name}fragment N_\(hash) on Character{notes(first:3){totalCount}}"
        )
    }

    @Test func identityFieldsAndKeysAreAppended() {
        let printed = text(
            """
            query Q { assets { name } quotes { rate } spellings { ... on Episode { name } } namesake(name: "x") { name } }
            """, "Q")
        #expect(
            printed
                == "query Q{assets{name,id,uuid},quotes{rate,base,quote},spellings{__typename,...on Episode{name},...on Node{__isNode:__typename,id},...on Baton{id},...on Type{id},...on Protocol{id},...on Set{id},...on Any{id}},namesake(name:\"x\"){__typename,name,...on Node{__isNode:__typename,id}}}"
        )
    }

    @Test func defaultIdentityCanBeConfigured() {
        let printed = text(
            "query Q { quotes { rate } assets { name } }", "Q",
            identity: IdentityConfiguration(defaultKey: ["base"], types: ["Asset": ["uuid"]]))
        #expect(printed == "query Q{quotes{rate,base},assets{name,id,uuid}}")
    }

    @Test func clientExtensionsAndClientDirectivesLeaveTheText() {
        let printed = text(
            """
            query Q($id: ID!, $connections: [ID!]!) @cacheExpiration(seconds: 5) {
              drafts { text }
              character(id: $id) @required(action: LOG) { isPinned name @catch ...F @alias(as: "f") }
            }
            fragment F on Character @throwOnFieldError { note status }
            """, "Q")
        #expect(printed == "query Q($id:ID!){character(id:$id){name,...F,id}}fragment F on Character{status}")
    }

    @Test func constantConditionsAreSettled() {
        let printed = text(
            """
            query Q($id: ID!) { character(id: $id) { name @include(if: false) status @skip(if: false) ... @include(if: true) { species } } }
            """, "Q")
        #expect(printed == "query Q($id:ID!){character(id:$id){status,species,id}}")
    }

    /// Each `origin` got its `id` before the two merged, as in Relay.
    @Test func flattenMergesFieldsAndConditionsAndKeepsRelaysNewline() {
        let printed = text(
            """
            query Q($id: ID!, $c: Boolean!) { character(id: $id) {
              origin { name } origin { dimension }
              name @include(if: $c) status ... @include(if: $c) { species } } }
            """, "Q")
        #expect(
            printed
                == "query Q($id:ID!,$c:Boolean!){character(id:$id){origin{name,id,dimension},name@include(if:$c)\n    species@include(if:$c),status,id}}"
        )
    }

    /// A condition inside the same condition is redundant; inside another of the same directive it
    /// cannot join the field's directives (`@include` may appear once), so the enclosing one goes
    /// on an inline fragment around it. Found by the generated-document property (fuzz-documents).
    @Test func nestedConditionsPrintEachDirectiveOnceASelection() throws {
        let printed = try #require(
            text(
                """
                query Q($id: ID!, $a: Boolean!, $b: Boolean!) { character(id: $id) {
                  ... @include(if: $a) { name @include(if: $a) status @include(if: $b) species @skip(if: $b) } } }
                """, "Q"))
        #expect(
            printed
                == "query Q($id:ID!,$a:Boolean!,$b:Boolean!){character(id:$id){name@include(if:$a)\n    ...@include(if:$a){status@include(if:$b)}\n    species@include(if:$a)@skip(if:$b),id}}"
        )
        // What the server is sent is valid GraphQL (no directive twice on one selection).
        #expect(!printed.contains("@include(if:$a)@include"))
    }

    @Test func inlineFragmentsOnTheSameTypeMergeAndAbstractOnesGetTheirKey() {
        let printed = text(
            """
            query Q($id: ID!) { node(id: $id) { ... on Node { id } ... on Named { name } ... on Character { status } } }
            """, "Q")
        #expect(printed == "query Q($id:ID!){node(id:$id){__typename,id,...on Named{__isNamed:__typename,name},...on Character{status}}}")
    }

    @Test func nullArgumentsAreDropped() {
        let printed = text("query Q { characters(page: null, filter: {name: null}) { info { count } } }", "Q")
        #expect(printed == "query Q{characters(filter:{name:null}){info{count}}}")
    }

    @Test func stringsAreEscaped() {
        let printed = text(#"query Q { search(name: "a\"b\\c\n") { __typename } }"#, "Q")
        #expect(printed == #"query Q{search(name:"a\"b\\c\n"){__typename,...on Node{__isNode:__typename,id}}}"#)
    }
}

extension TransformTests {
    @Test func streamConnectionStreamsEdgesAndDefersThePageInfo() {
        let printed = text(
            """
            query Q($id: ID!) { character(id: $id) {
              notes(first: 2) @stream_connection(key: "Q_notes", initial_count: 1) { edges { node { id } } } } }
            """, "Q")
        #expect(
            printed
                == #"query Q($id:ID!){character(id:$id){notes(first:2){edges@stream(label:"Q$stream$Q_notes",initialCount:1){node{id,__typename},cursor},...@defer(label:"Q$defer$Q_notes$pageInfo"){pageInfo{endCursor,hasNextPage}}},id}}"#
        )
    }

    @Test func deferOnAnInlineFragmentIsNamedAfterItsType() {
        let printed = text("query Q($id: ID!) { node(id: $id) { ... on Character @defer { name } } }", "Q")
        #expect(printed == #"query Q($id:ID!){node(id:$id){__typename,...on Character@defer(label:"Q$defer$Character"){name},id}}"#)
    }
}

extension TransformTests {
    /// Relay's other refetchable roots: `viewer` and `@fetchable` types.
    @Test func viewerAndFetchableTypesAreRefetched() {
        let compiler = TestCompiler(
            schemaText: """
                directive @fetchable(field_name: String!) on OBJECT
                type Query { viewer: Viewer fetch__Shop(key: ID!): Shop shop: Shop }
                type Viewer { name: String }
                type Shop @fetchable(field_name: "key") { key: ID! name: String }
                """)
        let output = compiler.compile(
            """
            fragment V on Viewer @refetchable(queryName: "VQ") { name }
            fragment S on Shop @refetchable(queryName: "SQ") { name }
            """)
        #expect(output.errors.isEmpty)
        #expect(output.text("VQ") == "query VQ{viewer{...V}}fragment V on Viewer{name}")
        #expect(output.text("SQ") == "query SQ($id:ID!){fetch__Shop(key:$id){...S}}fragment S on Shop{name,key}")
    }

    /// An interface every one of whose types implements Node is refetched through `node(id:)`, as
    /// Relay does; one without an `id` of its own selects it through `... on Node`.
    @Test func interfacesOfNodesAreRefetchedThroughNode() {
        let compiler = TestCompiler(
            schemaText: """
                interface Node { id: ID! }
                interface Named { name: String }
                interface Actor { id: ID! name: String }
                interface Loose { name: String }
                type Query { node(id: ID!): Node named: Named actor: Actor loose: Loose }
                type User implements Node & Named & Actor & Loose { id: ID! name: String }
                type Page implements Node & Named & Actor { id: ID! name: String }
                type Tag implements Loose { name: String }
                """)
        let output = compiler.compile(
            """
            fragment A on Actor @refetchable(queryName: "AQ") { name }
            fragment N on Named @refetchable(queryName: "NQ") { name }
            """)
        #expect(output.errors.isEmpty)
        #expect(output.text("AQ") == "query AQ($id:ID!){node(id:$id){__typename,...A,id}}fragment A on Actor{name,id}")
        #expect(
            output.text("NQ")
                == "query NQ($id:ID!){node(id:$id){__typename,...N,id}}fragment N on Named{name,...on Node{__isNode:__typename,id}}")
        // A type that is not a Node among the interface's: not refetchable.
        #expect(
            compiler.compile("fragment L on Loose @refetchable(queryName: \"LQ\") { name }").error(containing: "not supported")?
                .hasPrefix("1:21: @refetchable is not supported on fragment 'L' of type 'Loose'") == true)
    }
}
