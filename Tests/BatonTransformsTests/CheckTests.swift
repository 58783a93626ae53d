import BatonDiagnostics
import BatonTransforms
import Testing

/// Each of Relay's and Baton's checks: the message and the position (1-based line:column) of
/// the error they give, on small documents over the conformance schema.
@Suite struct CheckTests {
    let compiler = Fixtures.compiler

    func error(_ document: String, _ containing: String) -> String? {
        compiler.compile(document).error(containing: containing)
    }

    // MARK: Directive placement

    @Test func relayDirectivesBatonDoesNotPortAreRefusedAtTheDirective() {
        // Relay's own directives are named as Relay's, with what to write in Baton instead.
        #expect(
            error("fragment F on Character @relay(plural: true) { name }", "@relay")
                == "1:25: Baton does not have Relay's `@relay`: for `plural: true`, spread the fragment on a list field, whose accessor is already a list; for `mask: false`, spread it as usual, or declare it `@inline` to read it as a value"
        )
        #expect(
            error("query Q { character(id: 1) { origin @match { name } } }", "@match")
                == "1:37: Baton does not have Relay's `@match`: Baton has no data-driven dependencies; select each type's fields with inline fragments or spreads"
        )
        // Any other directive outside the table is refused with the place's list.
        #expect(
            error("query Q { character(id: 1) { origin @unknownToBoth { name } } }", "@unknownToBoth")?
                .hasPrefix("1:37: `@unknownToBoth` on a field has no meaning in Baton; a field takes `@include`, `@skip`, `@required`")
                == true)
    }

    @Test func catchOnAPlainSpreadIsRefused() {
        #expect(
            error("query Q { character(id: 1) { ...F @catch } } fragment F on Character { name }", "@catch")
                == "1:35: `@catch` on a fragment spread has no meaning in Baton; catch the spread in an aliased inline fragment: `... @alias(as: \"name\") @catch { ...F }`"
        )
    }

    @Test func cacheExpirationIsForQueriesOnly() {
        #expect(
            error("mutation M @cacheExpiration(seconds: 5) { setLists { ids } }", "@cacheExpiration")
                == "1:12: `@cacheExpiration` on a mutation has no meaning in Baton; a mutation takes `@throwOnFieldError`")
        #expect(
            error("query Q @cacheExpiration(seconds: -5) { tokenizer { id } }", "cacheExpiration")
                == "1:35: `@cacheExpiration(seconds:)` takes a positive whole number of seconds written in the document, found -5")
    }

    // MARK: Fragment arguments

    static let notes = """
        fragment N on Character @argumentDefinitions(count: {type: "Int!"}, after: {type: "String"}) {
          notes(first: $count, after: $after) { totalCount }
        }
        """

    @Test func argumentsAreCheckedAgainstTheDefinitions() {
        let unknown = error("query Q { character(id: 1) { ...N @arguments(count: 1, size: 2) } }\n" + Self.notes, "Unknown argument")
        #expect(unknown == "1:56: Unknown argument 'size' on fragment 'N': it defines 'count', 'after'")
        let wrong = error("query Q { character(id: 1) { ...N @arguments(count: \"two\") } }\n" + Self.notes, "Expected a value")
        #expect(wrong == "1:53: Expected a value of type 'Int!' for argument 'count' of fragment 'N', found \"two\"")
        let missing = error("query Q { character(id: 1) { ...N } }\n" + Self.notes, "Missing required")
        #expect(missing == "1:30: Missing required argument 'count' of type 'Int!' for fragment 'N': pass it with @arguments(count: …)")
        let variable = error("query Q($c: String) { character(id: 1) { ...N @arguments(count: $c) } }\n" + Self.notes, "cannot be passed")
        #expect(variable == "1:65: Variable '$c' of type 'String' cannot be passed as argument 'count' of fragment 'N', of type 'Int!'")
    }

    @Test func aFragmentsOtherVariablesAreTheOperations() {
        let document = """
            query Q { character(id: 1) { ...F } }
            fragment F on Character @argumentDefinitions(n: {type: "Int", defaultValue: 1}) {
              notes(first: $n, after: $after) { totalCount }
            }
            """
        #expect(
            error(document, "not defined by operation")
                == "3:27: Variable '$after' is used by fragment 'F' but not defined by operation 'Q'; define it there, or define it in the fragment's @argumentDefinitions"
        )
        let typed = error(document.replacingOccurrences(of: "query Q {", with: "query Q($after: Int) {"), "is used by fragment")
        #expect(typed == "3:27: Variable '$after' of type 'Int' is used by fragment 'F' in a position expecting type 'String'")
    }

    @Test func argumentDefinitionsMustBeWellFormed() {
        #expect(
            error("fragment F on Character @argumentDefinitions(n: {type: \"Nope\"}) { name }", "Unknown type")
                == "1:56: Unknown type 'Nope' for argument 'n'")
        #expect(
            error("fragment F on Character @argumentDefinitions(n: 3) { name }", "Expected the definition")?.hasPrefix("1:49: ") == true)
    }

    // MARK: @required

    @Test func requiredRules() {
        // On a non-null field, a warning (Relay's hint) only where errors are handled: elsewhere
        // an error can still null it (`onError: NULL`).
        let handled = compiler.compile("query Q @throwOnFieldError { character(id: 1) { episode @required(action: LOG) { id } } }")
        #expect(
            handled.diagnostics.filter { $0.code == .requiredOnNonNull }.map { TestCompiler.Output.describe($0) } == [
                "1:57: `@required` on non-null field 'episode' has no effect: errors are handled here (`@throwOnFieldError` or `@catch`), so the schema already guarantees a value; remove it"
            ])
        #expect(handled.errors.isEmpty)
        #expect(error("query Q { character(id: 1) { episode @required(action: LOG) { id } } }", "non-null") == nil)
        // Relay's own example: inline fragments selecting one field with and without @required.
        #expect(
            error(
                """
                query Q { node(id: 1) { ... on Character { origin { name } } ... on Character { origin @required(action: LOG) { name } } } }
                """, "matching") == "1:88: All references to a field must have matching @required declarations.")
        #expect(
            error("query Q { character(id: 1) @required(action: THROW) { name @required(action: LOG) } }", "less severe")
                == "1:28: A @required field may not have an `action` less severe than that of its @required parent. This @required directive should probably have `action: LOG` so that it can match its parent"
        )
        // Relay's caveat: the connection's added `node` carries no @required.
        #expect(
            error(
                """
                query Q { character(id: 1) { notes(first: 1) @connection(key: "Q_notes") { edges { node @required(action: LOG) { id } } } } }
                """, "matching") != nil)
        // Inside the nodes it is read as on any link: the added `node { __typename }` is not a
        // selection of the document that would lack the @required child.
        #expect(
            compiler.compile(
                """
                query Q { character(id: 1) { notes(first: 1) @connection(key: "Q_notes") { edges { node { id text @required(action: LOG) } } } } }
                """
            ).errors.isEmpty)
        // A linked field written twice: a @required child in one must be in the other.
        #expect(
            error("query Q { character(id: 1) { origin { name @required(action: LOG) } origin { id } } }", "all instances")
                == "1:39: @required fields must be included in all instances of their parent: 'name' is @required here but missing from another selection of its parent"
        )
        #expect(
            error("fragment V on Character @inline { name @required(action: NONE) }", "@inline")
                == "1:40: `@required` is not supported inside the @inline fragment 'V': a value has no lens to bubble a null to")
    }

    // MARK: @alias and @catch

    @Test func aliasRules() {
        #expect(
            error("query Q { node(id: 1) { ...C } } fragment C on Character { name }", "unaliased")
                == "1:25: Unexpected unaliased spread of fragment 'C' on type 'Character', which is not guaranteed to match its parent type 'Node'; add `@alias` so its accessor can be nil when it does not match"
        )
        #expect(
            error("query Q($c: Boolean!) { character(id: 1) { ...F @skip(if: $c) } } fragment F on Character { name }", "under `@skip`")?
                .hasPrefix("1:44: Unexpected unaliased spread of fragment 'F' under `@skip`") == true)
        #expect(
            error("query Q($c: Boolean!) { character(id: 1) { ...F @skip(if: $c) @alias } } fragment F on Character { name }", "under")
                == nil)
        #expect(
            error("query Q { character(id: 1) { ... @catch { name } } }", "@catch")
                == "1:34: `@catch` on an inline fragment needs `@alias(as:)`: the caught result is read through the alias")
        #expect(error("query Q { character(id: 1) { ... @alias { name } } }", "without `as`")?.hasPrefix("1:34: ") == true)
        #expect(error("query Q { character(id: 1) { ... @alias(as: \"a b\") { name } } }", "does not name")?.hasPrefix("1:45: ") == true)
    }

    // MARK: Connections

    @Test func connectionRules() {
        #expect(
            error("query Q { character(id: 1) { notes @connection(key: \"Q_notes\") { edges { cursor } } } }", "'first' or 'last'")
                == "1:30: Expected field 'notes' to have a 'first' or 'last' argument, as @connection needs one to page")
        #expect(
            error("query Q { character(id: 1) { notes(first: 1) @connection(key: \"notes\") { edges { cursor } } } }", "key argument")
                == "1:63: Expected the key argument to @connection to be of form <SomeName>_notes, got 'notes'")
        #expect(
            error("query Q { character(id: 1) { notes(first: 1) @connection(key: \"Q_notes\") { totalCount } } }", "'edges' selection")?
                .hasPrefix("1:30: ") == true)
        #expect(error("query Q { character(id: 1) { origin @connection(key: \"Q_origin\") { name } } }", "'first' or 'last'") != nil)
    }

    // MARK: @refetchable

    @Test func refetchableRules() {
        #expect(
            error("fragment I on Info @refetchable(queryName: \"IRefetch\") { count }", "@refetchable is not supported")
                == "1:20: @refetchable is not supported on fragment 'I' of type 'Info': only fragments on Query, on Viewer, on Node, a type implementing Node or an interface whose types all implement Node (with Query.node(id:)), or on a @fetchable type (with Query.fetch__Info) can be refetched"
        )
        #expect(
            error("query Taken { tokenizer { id } } fragment C on Character @refetchable(queryName: \"Taken\") { name }", "must be unique")
                == "1:82: The queryName of @refetchable must be unique: a definition named 'Taken' already exists")
    }

    // MARK: @defer and @stream

    @Test func deferAndStreamRules() {
        #expect(
            error("query Q { character(id: 1) { name @stream(initialCount: 1) } }", "non-plural")
                == "1:35: Invalid use of @stream on non-plural field 'name': only list fields stream")
        #expect(
            error(
                """
                query Q { character(id: 1) { ...A @defer(label: "x") ...B @defer(label: "x") } }
                fragment A on Character { name } fragment B on Character { status }
                """, "not unique") == "1:73: Invalid use of @defer: the label 'x' is not unique in 'Q'; give each a unique 'label'")
    }

    // MARK: Edge directives

    @Test func edgeDirectiveRules() {
        #expect(
            error(
                "mutation M($c: [ID!]!) { addNote(characterId: 1, text: \"t\") { note @appendEdge(connections: $c) { id } } }", "edge field"
            )
                == "1:68: `@appendEdge` goes on an edge field (one with 'cursor' and 'node'); 'note' of type 'Note' is not one")
        #expect(
            error("mutation M { setLists { counts @deleteRecord } }", "Invalid use")
                == "1:32: Invalid use of `@deleteRecord` on field 'counts' of type '[Int]': expected a field of type 'ID' or '[ID]'"
        )
        // An id field only, as Relay asks: a String may hold anything.
        #expect(error("mutation M { setLists { ids @deleteRecord } }", "Invalid use") == nil)
        #expect(
            error("mutation M { setLists { strings @deleteRecord } }", "Invalid use")
                == "1:33: Invalid use of `@deleteRecord` on field 'strings' of type '[String]': expected a field of type 'ID' or '[ID]'"
        )
        #expect(error("query Q { character(id: 1) { id @deleteRecord } }", "cannot use it")?.hasPrefix("1:33: ") == true)
        #expect(
            error(
                "mutation M($c: [ID!]!) { addNote(characterId: 1, text: \"t\") { note @appendNode(connections: $c, edgeTypeName: \"Nope\") { id } } }",
                "edgeTypeName")
                == "1:111: Expected `edgeTypeName` of `@appendNode` to name an object type of the schema: Baton compiles the edge into the operation (Relay only passes the name on); 'Nope' is not one"
        )
    }

    // MARK: @inline values

    @Test func inlineRules() {
        let lensInValue = error("fragment V on Character @inline { ...L } fragment L on Character { name }", "may spread only")
        #expect(lensInValue == "1:35: The @inline fragment 'V' may spread only @inline fragments: 'L' is a lens, which a value cannot hold")
        #expect(
            error("fragment V on Character @inline @refetchable(queryName: \"VQ\") { id }", "both a value")
                == "1:33: Fragment 'V' cannot be both a value (`@inline`) and a lens (`@refetchable` refetches into a lens); remove one")
        #expect(
            error(
                "fragment V on Character @inline { ...W } fragment W on Character @inline @throwOnFieldError { name }",
                "put `@throwOnFieldError`")?
                .hasPrefix("1:35: ") == true)
        #expect(
            error("fragment V on Character @inline { notes(first: 1) @connection(key: \"V_notes\") { edges { cursor } } }", "paging") == nil
        )
        #expect(
            error(
                "fragment V on Character @inline { notes(first: 1) @connection(key: \"V_notes\") { edges { cursor } } }",
                "a connection pages")?
                .hasPrefix("1:51: ") == true)
    }

    // MARK: Baton's names and reach

    @Test func namesGeneratedCodeNeedsAreRefusedAtTheName() {
        #expect(
            error("query Q { character(id: 1) { anchor: name } }", "cannot name a field")
                == "1:30: 'anchor' cannot name a field here: the generated lens has a member of that name; alias the field")
        #expect(
            error(
                "mutation M($optimistic: ID!) { setFavorite(id: $optimistic, favorite: true) { character { id } } }",
                "cannot name a variable")
                == "1:12: '$optimistic' cannot name a variable: the mutation value has a member of that name; choose another name")
        #expect(
            error("fragment Types on Character { name } query Q { character(id: 1) { ...Types } }", "cannot name a fragment")
                == "1:10: 'Types' cannot name a fragment: generated code already names its own type so; choose another name")
        #expect(
            error("query Status { tokenizer { id } }", "cannot name an operation")
                == "1:7: 'Status' cannot name an operation: the schema's enum 'Status' is generated as a type of that name; choose another name"
        )
        #expect(
            error("query Q { node(id: 1) { ... on Character @alias(as: \"recordID\") { name } } }", "spread accessor")?.hasPrefix("1:53: ")
                == true)
        #expect(error("query Q { node(id: 1) { AbstractSlots: id } }", "cannot name a field")?.hasPrefix("1:25: ") == true)
        // Keyword-like names are escaped by the emitter, not refused.
        #expect(compiler.compile("query Q { character(id: 1) { self: name init: name Type: name } }").errors.isEmpty)
    }

    @Test func anOperationOfClientFieldsAloneIsRefusedAtItsName() {
        #expect(
            error("query OnlyDrafts { drafts { text } }", "only client fields")?
                .hasPrefix("1:7: Operation 'OnlyDrafts' selects only client fields") == true)
        #expect(compiler.compile("query Mixed { drafts { text } tokenizer { id } }").errors.isEmpty)
    }

    @Test func aFragmentNoOperationSpreadsIsAWarning() {
        let output = compiler.compile(
            "fragment Lonely on Character { name } fragment Paged on Character @refetchable(queryName: \"PagedQ\") { name }")
        let warnings = output.diagnostics.filter { $0.severity == .warning }.map(TestCompiler.Output.describe)
        #expect(warnings == ["1:10: Fragment 'Lonely' is not spread by any operation, so nothing could ever read it"])
        #expect(output.errors.isEmpty)
    }

    @Test func semanticNonNullLevelsMustExistAndBeNullable() {
        let schema = TestCompiler(
            schemaText: """
                type Query { a: [String] @semanticNonNull(levels: [0, 1]) b: String! @semanticNonNull c: [String] @semanticNonNull(levels: [2]) }
                """)
        let diagnostics = ValidateSemanticNonNull.validate(schema.schema).map(TestCompiler.Output.describe)
        #expect(
            diagnostics == [
                "1:70: `@semanticNonNull` level 0 on 'Query.b' marks a position the type 'String!' already makes non-null",
                "1:99: Invalid `@semanticNonNull` level 2 on 'Query.c': its type '[String]' has levels 0 to 1",
            ])
    }

    @Test func clientFieldsAreNullable() {
        let schema = TestCompiler(schemaText: "type Query { a: String }", extensions: "extend type Query {\n  b: String!\n  c: [Int!]\n}")
        let diagnostics = ValidateClientSchema.validate(schema.schema).map(TestCompiler.Output.describe)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.hasPrefix("2:3: Client field 'Query.b' cannot be non-null ('String!')") == true)
    }
}
