import BatonDiagnostics
import BatonHosts
import Testing

@Suite("Swift host scanner: markers and literal forms")
struct SwiftHostScannerTests {
    @Test func findsEveryMarkerOfTheFixtureAndNothingElse() throws {
        let (documents, diagnostics) = SwiftHostScanner.scan(try fixture("Markers.swift"))
        #expect(diagnostics.isEmpty, "\(diagnostics.map { $0.rendered() })")
        #expect(documents.map(\.kind) == [.fragment, .query, .mutation, .subscription])
        #expect(documents.map { $0.markerLocation.start.description } == ["9:5", "20:5", "22:5", "24:5"])
        #expect(
            documents.map { $0.markerLocation.source.slice($0.markerRange!) }
                == ["@Fragment", "@Query", "@Baton.Mutation", "@Subscription"])
        for document in documents {
            let text = document.source.text
            for ignored in ["InLineComment", "InBlockComment", "Nested", "StillComment", "InString", "LookAlike"] {
                #expect(!text.contains(ignored))
            }
        }
    }

    @Test func readsThePropertyUnderEachMarker() throws {
        let documents = SwiftHostScanner.scan(try fixture("Markers.swift")).documents
        #expect(documents.map { $0.marker?.property?.name } == ["character", "q", "rename", "watch"])
        #expect(
            documents.map { $0.marker?.property?.type } == [
                "CharacterHeader_character", "OneLineRawQuery", "RenameMutation.Action", "WatchSubscription",
            ])
        let host = """
            @Query("query A { a }") @MainActor private(set) var `a`: [String: A<B>]? = nil
            @Query("query B { b }")
            public static let b: (Int) -> Void, c = 1
            @Query("query C { c }") func notAProperty() {}
            @Query("query D { d }") var d = D()
            """
        #expect(scan(host).documents.map { $0.marker?.property?.name } == ["a", "b", nil, "d"])
        #expect(scan(host).documents.map { $0.marker?.property?.type } == ["[String: A<B>]?", "(Int) -> Void", nil, nil])
    }

    @Test func multiLineLiteralShedsTheClosingDelimitersIndentation() throws {
        let documents = SwiftHostScanner.scan(try fixture("Markers.swift")).documents
        let fragment = documents[0]
        #expect(fragment.source.text == "fragment CharacterHeader_character on Character {\n  name\n  status\n}")
        #expect(hostPoint(fragment, of: "fragment") == HostPoint(line: 10, column: 9, utf16Column: 9))
        #expect(hostPoint(fragment, of: "name") == HostPoint(line: 11, column: 11, utf16Column: 11))
        #expect(hostPoint(fragment, of: "status") == HostPoint(line: 12, column: 11, utf16Column: 11))
        #expect(hostPoint(fragment, graphQLOffset: fragment.source.utf8.count - 1) == HostPoint(line: 13, column: 9, utf16Column: 9))
        // The end of the text is just past its last character, not on the closing line.
        #expect(hostPoint(fragment, graphQLOffset: fragment.source.utf8.count) == HostPoint(line: 13, column: 10, utf16Column: 10))
    }

    @Test func oneLineRawLiteralWithFurtherArguments() throws {
        let query = SwiftHostScanner.scan(try fixture("Markers.swift")).documents[1]
        #expect(query.source.text == #"query OneLineRaw { character(id: "1") { name } }"#)
        #expect(hostPoint(query, graphQLOffset: 0) == HostPoint(line: 20, column: 14, utf16Column: 14))
        #expect(hostPoint(query, of: "character") == HostPoint(line: 20, column: 33, utf16Column: 33))
        let attribute = query.host.slice(query.marker!.attributeRange)
        #expect(attribute.hasPrefix("@Query(#\"query") && attribute.hasSuffix(".storeAndNetwork)"))
        #expect(query.host.slice(query.literalRange!) == ##"#"query OneLineRaw { character(id: "1") { name } }"#"##)
    }

    @Test func qualifiedMarker() throws {
        let mutation = SwiftHostScanner.scan(try fixture("Markers.swift")).documents[2]
        #expect(mutation.source.text.hasPrefix("mutation Rename($id: ID!"))
        #expect(hostPoint(mutation, graphQLOffset: 0) == HostPoint(line: 22, column: 22, utf16Column: 22))
    }

    @Test func multiLineRawLiteralKeepsBackslashesAndQuotes() throws {
        let subscription = SwiftHostScanner.scan(try fixture("Markers.swift")).documents[3]
        #expect(
            subscription.source.text == """
                \"\"\"
                A "block string" description with \\n kept raw and a "# inside: "#.
                \"\"\"
                subscription Watch { watch(filter: "x\\ty") }
                """)
        #expect(hostPoint(subscription, of: "subscription") == HostPoint(line: 28, column: 9, utf16Column: 9))
        #expect(hostPoint(subscription, of: "x\\ty") == HostPoint(line: 28, column: 45, utf16Column: 45))
        #expect(hostPoint(subscription, of: "A \"block") == HostPoint(line: 26, column: 9, utf16Column: 9))
    }

    @Test func unicodeBeforeTheMarkerCountsAsCharactersAndUTF16Units() throws {
        let same = SwiftHostScanner.scan(try fixture("Escapes.swift")).documents[0]
        #expect(same.source.text == "query Same { a }")
        #expect(hostPoint(same, graphQLOffset: 0) == HostPoint(line: 1, column: 23, utf16Column: 24))
        #expect(hostPoint(same, of: "a }") == HostPoint(line: 1, column: 36, utf16Column: 37))
    }

    @Test func escapesResolveAndMapToTheirBackslash() throws {
        let esc = SwiftHostScanner.scan(try fixture("Escapes.swift")).documents[1]
        #expect(esc.source.text == "query Esc { a(s: \"é😀\\n\")\n  b }")
        #expect(hostPoint(esc, of: "\"é") == HostPoint(line: 2, column: 26, utf16Column: 26))
        #expect(hostPoint(esc, of: "é") == HostPoint(line: 2, column: 28, utf16Column: 28))
        #expect(hostPoint(esc, of: "😀") == HostPoint(line: 2, column: 29, utf16Column: 29))
        #expect(hostPoint(esc, of: "\\n") == HostPoint(line: 2, column: 38, utf16Column: 38))
        #expect(hostPoint(esc, of: "n\"") == HostPoint(line: 2, column: 40, utf16Column: 40))
        #expect(hostPoint(esc, of: "\n") == HostPoint(line: 2, column: 44, utf16Column: 44))
        #expect(hostPoint(esc, of: "b }") == HostPoint(line: 2, column: 48, utf16Column: 48))
        // A range ending with an escaped character ends after the escape's whole spelling.
        let emoji = offset(of: "😀", in: esc)!
        let range = Location(source: esc.source, range: SourceRange(emoji, emoji + 4)).hostLocation.range
        #expect(esc.host.slice(range) == "\\u{1F600}")
        let quote = offset(of: "\"é", in: esc)!
        let both = Location(source: esc.source, range: SourceRange(quote, quote + 3)).hostLocation.range
        #expect(esc.host.slice(both) == "\\\"é")
    }

    @Test func rawEscapesNeedTheirPounds() throws {
        let raw = SwiftHostScanner.scan(try fixture("Escapes.swift")).documents[2]
        #expect(raw.source.text == "fragment Raw on T { a(s: \"\t\\n🎉\") b }")
        #expect(hostPoint(raw, of: "\t") == HostPoint(line: 3, column: 39, utf16Column: 39))
        #expect(hostPoint(raw, of: "\\n") == HostPoint(line: 3, column: 42, utf16Column: 42))
        #expect(hostPoint(raw, of: "🎉") == HostPoint(line: 3, column: 44, utf16Column: 44))
        #expect(hostPoint(raw, of: "\") b") == HostPoint(line: 3, column: 45, utf16Column: 46))
        #expect(hostPoint(raw, of: "b }") == HostPoint(line: 3, column: 48, utf16Column: 49))
    }

    @Test func lineContinuationJoinsLines() throws {
        let joined = SwiftHostScanner.scan(try fixture("Escapes.swift")).documents[3]
        #expect(joined.source.text == "fragment Joined on T { a b }")
        #expect(hostPoint(joined, of: "a b") == HostPoint(line: 5, column: 28, utf16Column: 28))
        #expect(hostPoint(joined, of: "b }") == HostPoint(line: 6, column: 5, utf16Column: 5))
    }

    @Test(arguments: [1, 2, 3])
    func rawLiteralWithAnyNumberOfPounds(pounds: Int) {
        let p = String(repeating: "#", count: pounds)
        // A quote followed by fewer pounds than the delimiter is content.
        let inner = pounds > 1 ? "\"\(String(repeating: "#", count: pounds - 1)) " : ""
        let host = "@Query(\(p)\"query P { a(s: \"\\n\(inner)\") }\"\(p)) var p: P"
        let (documents, diagnostics) = scan(host)
        #expect(diagnostics.isEmpty)
        #expect(documents.first?.source.text == "query P { a(s: \"\\n\(inner)\") }")
        #expect(documents.first.map { hostPoint($0, graphQLOffset: 0) } == HostPoint(line: 1, column: 9 + pounds, utf16Column: 9 + pounds))
    }

    @Test func crlfFileReadsLineBreaksAsNewlines() {
        let host = "struct S {\r\n    @Query(\"\"\"\r\n        query Q {\r\n          a\r\n        }\r\n        \"\"\") var q: Q\r\n}\r\n"
        let (documents, diagnostics) = scan(host)
        #expect(diagnostics.isEmpty)
        let query = documents[0]
        #expect(query.source.text == "query Q {\n  a\n}")
        #expect(hostPoint(query, of: "a") == HostPoint(line: 4, column: 11, utf16Column: 11))
        #expect(hostPoint(query, of: "}") == HostPoint(line: 5, column: 9, utf16Column: 9))
        // The `\n` after `{` is the host's `\r\n`: it maps to the `\r` and its range covers both bytes.
        let brace = offset(of: "{", in: query)!
        let lineBreak = Location(source: query.source, range: SourceRange(brace + 1, brace + 2)).hostLocation
        #expect(query.host.slice(lineBreak.range) == "\r\n")
    }

    @Test func blankLinesInsideAMultiLineLiteralNeedNoIndentation() {
        let host = "@Query(\"\"\"\n    query Q {\n\n      a\n    }\n    \"\"\") var q: Q"
        let (documents, diagnostics) = scan(host)
        #expect(diagnostics.isEmpty)
        #expect(documents.first?.source.text == "query Q {\n\n  a\n}")
        #expect(documents.first.flatMap { hostPoint($0, of: "a") } == HostPoint(line: 4, column: 7, utf16Column: 7))
    }

    @Test func emptyLiteralsGiveEmptyDocuments() {
        let (documents, diagnostics) = scan("@Query(\"\") var a: A\n@Query(\"\"\"\n  \"\"\") var b: B")
        #expect(diagnostics.isEmpty)
        #expect(documents.map(\.source.text) == ["", ""])
        #expect(
            documents.map { hostPoint($0, graphQLOffset: 0) } == [
                HostPoint(line: 1, column: 9, utf16Column: 9), HostPoint(line: 3, column: 1, utf16Column: 1),
            ])
    }
}
