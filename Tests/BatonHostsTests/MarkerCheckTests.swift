import BatonDiagnostics
import BatonHosts
import BatonSyntax
import Testing

@Suite("Marker check: one definition of the marker's kind")
struct MarkerCheckTests {
    func check(_ host: String, name: String = "Host.swift") -> [Diagnostic] {
        let (documents, scanDiagnostics) = HostFile.documents(for: Source(name: name, text: host))
        #expect(scanDiagnostics.isEmpty)
        return documents.flatMap { MarkerCheck.parse($0).diagnostics }
    }

    @Test(arguments: [
        "@Query(\"query Q { a }\") var q: Q",
        "@Query(\"{ a }\") var q: Q",
        "@Baton.Mutation(\"mutation M { a }\") var m: M.Action",
        "@Subscription(\"subscription S { a }\") var s: S",
        "@Fragment(\"\"\"\n    fragment F on T { a }\n    \"\"\") var f: F",
    ])
    func oneDefinitionOfItsKindPasses(host: String) {
        #expect(check(host).isEmpty)
    }

    @Test func countsDefinitionsAndThoseOfItsKind() throws {
        let diagnostics = check("@Query(\"query A { a } query B { b } fragment F on T { x }\") var q: Q")
        #expect(diagnostics.map(\.message) == ["`@Query` holds 3 definitions, 2 of them a query: it takes exactly one query"])
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostic.code == .marker)
        // At the marker, then at each definition beyond the first query, in the Swift file.
        #expect(diagnostic.locations.map { "\($0.hostLocation.start)" } == ["1:1", "1:23", "1:37"])
        #expect(diagnostic.locations.dropFirst().map { $0.source.slice($0.range) } == ["query B", "fragment F"])
    }

    @Test(arguments: [
        ("@Query(\"fragment F on T { a }\") var q: Q", "`@Query` holds a fragment: it takes exactly one query"),
        ("@Subscription(\"query Q { a }\") var s: S", "`@Subscription` holds a query: it takes exactly one subscription"),
        ("@Fragment(\"type T { a: Int }\") var f: F", "`@Fragment` holds a type definition: it takes exactly one fragment"),
        ("@Fragment(\"\") var f: F", "`@Fragment` holds no definition: it takes exactly one fragment"),
        ("@Query(\"\"\"\n    # only a comment\n    \"\"\") var q: Q", "`@Query` holds no definition: it takes exactly one query"),
        (
            "@Mutation(\"mutation A { a } mutation B { b }\") var m: M",
            "`@Mutation` holds 2 definitions, 2 of them a mutation: it takes exactly one mutation"
        ),
        (
            "@Query(\"fragment F on T { a } fragment G on T { a }\") var q: Q",
            "`@Query` holds 2 definitions, 0 of them a query: it takes exactly one query"
        ),
    ])
    func wrongContentIsAnErrorAtTheMarker(host: String, message: String) {
        let diagnostics = check(host)
        #expect(diagnostics.map(\.message) == [message])
        #expect(diagnostics.first?.primaryLocation.map { $0.source.slice($0.range).hasPrefix("@") } == true)
    }

    @Test func aSyntaxErrorIsReportedAloneInTheSwiftFile() {
        let diagnostics = check("struct V {\n  @Query(\"\"\"\n      query Q { a(: 1) }\n      \"\"\") var q: Q\n}")
        #expect(diagnostics.map(\.code) == [.syntax])
        #expect(diagnostics.first.map(where_) == "3:19")
    }

    /// A definition cut short by the end of the literal also fails at the end of the text; it is a
    /// syntax error there, not an empty marker.
    @Test func aDefinitionCutShortIsASyntaxErrorNotAnEmptyMarker() {
        let diagnostics = check(
            "struct V {\n  @Fragment(\"\"\"\n      fragment V_c on C {\n        origin { name\n      \"\"\") var c: V_c\n}")
        #expect(diagnostics.map(\.code) == [.syntax])
        #expect(diagnostics.map(\.message) == ["Syntax Error: Expected Name, found <EOF>."])
    }

    @Test func graphQLFilesHoldAnyNumberOfDefinitions() throws {
        let file = "query A { a }\nfragment F on T { b }\nmutation M { c }\n"
        #expect(check(file, name: "Operations.graphql").isEmpty)
        let (documents, _) = HostFile.documents(for: Source(name: "x/Ops.gql", text: file))
        #expect(documents.count == 1 && documents[0].marker == nil && documents[0].source.text == file)
        #expect(HostFile.documents(for: Source(name: "README.md", text: "@Query(\"query Q { a }\")")).documents.isEmpty)
        #expect(HostFile.language(ofPath: "a.b/c") == nil)
        #expect(HostFile.language(ofPath: "Sources/App/View.swift") == .swift)
    }
}
