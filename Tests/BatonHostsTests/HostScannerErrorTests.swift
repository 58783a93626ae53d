import BatonDiagnostics
import BatonHosts
import Foundation
import Testing

@Suite("Swift host scanner: look-alikes and errors")
struct HostScannerErrorTests {
    @Test(arguments: [
        "// @Query(\"query Q { a }\") var q: Q",
        "/* /* @Query(\"query Q { a }\") */ @Query(\"query Q { a }\") */ var q: Q",
        "let s = \"@Query(\\\"query Q { a }\\\")\"",
        "let s = #\"@Query(\"query Q { a }\")\"#",
        "let s = \"\"\"\n  @Query(\"query Q { a }\")\n  \"\"\"",
        "let s = \"\\(f(\"@Query(\\\"x\\\")\"))\"",
        "let r = #/@Query\\(\"query Q { a }\"\\)/#",
        "@Query(sort: \\.name) var items: [Item]",
        "@Query var items: [Item]",
        "@Query() var items: [Item]",
        "@Queryable(\"query Q { a }\") var q: Q",
        "@QueryX(\"query Q { a }\") var q: Q",
        "@SwiftData.Query(\"query Q { a }\") var q: Q",
        "@Baton.Queryable(\"query Q { a }\") var q: Q",
        "@ Query(\"query Q { a }\") var q: Q",
        "@Query\n(\"query Q { a }\") var q: Q",
        "@Query(name: \"query Q { a }\") var q: Q",
    ])
    func ignoresLookAlikes(host: String) {
        let (documents, diagnostics) = scan(host)
        #expect(documents.isEmpty)
        #expect(diagnostics.isEmpty, "\(diagnostics.map { $0.rendered() })")
    }

    /// Swift 6 reads `/"/` as a regex literal, so its quote opens no string; division and
    /// operator references stay operators. (Checked against `swiftc -swift-version 6`.)
    @Test func bareRegexLiteralsAreNotStrings() {
        let host = """
            let r = /"/
            let c = a / b / 1
            let d = [1].map { $0 / 2 }
            func f() -> Regex<Substring> { return /a"b/ }
            let e = (a) / b, g = nums.reduce(1, /)
            let h = x.firstMatch(of: /\\/"/)
            @Query("query Q { a }") var q: Q
            """
        let (documents, diagnostics) = scan(host)
        #expect(diagnostics.isEmpty, "\(diagnostics.map { $0.rendered() })")
        #expect(documents.map(\.source.text) == ["query Q { a }"])
        let tokens = SwiftLexer.tokenize(Array(host.utf8)).tokens
        #expect(tokens.filter { $0.kind == .regexLiteral }.count == 3)
        #expect(tokens.filter { $0.kind == .stringLiteral }.count == 1)
    }

    @Test func acceptsBlanksBeforeTheArgumentList() {
        #expect(scan("@Query (\"query Q { a }\") var q: Q").documents.map(\.source.text) == ["query Q { a }"])
    }

    @Test func interpolationIsAnErrorAtTheInterpolation() throws {
        let (documents, diagnostics) = scan("struct V {\n  @Query(\"query Q { a(id: \\(id)) { b(s: \\(f(\"x)\"))) } }\") var q: Q\n}")
        #expect(documents.isEmpty)
        #expect(diagnostics.count == 2)
        #expect(diagnostics.map(where_) == ["2:27", "2:41"])
        #expect(diagnostics.allSatisfy { $0.code == .marker && $0.severity == .error })
        #expect(diagnostics.first?.message.contains("`@Query` cannot hold a string interpolation") == true)
        let first = try #require(diagnostics.first?.primaryLocation)
        #expect(first.source.slice(first.range) == "\\(id)")
        #expect(diagnostics.last.map { $0.primaryLocation!.source.slice($0.primaryLocation!.range) } == "\\(f(\"x)\"))")
    }

    @Test(arguments: [
        // (host, message start, position)
        ("let a = 1\n@Query(\"query Q { a }\nvar x = 1", "unterminated string literal", "2:8"),
        ("@Fragment(\"\"\"\n  fragment F on T { a }\n", "unterminated multi-line string literal", "1:11"),
        ("@Query(#\"query Q { a }\"\nlet b = 2", "unterminated string literal", "1:8"),
        ("/* /* */ @Query(\"query Q { a }\") var q: Q", "unterminated '/*' comment", "1:1"),
        ("@Query(\"\"\"\n    query Q {\n  a\n    }\n    \"\"\") var q: Q", "insufficient indentation of line", "3:3"),
        ("@Query(\"\"\"\n    query Q {\n\ta\n    }\n    \"\"\") var q: Q", "unexpected tab in indentation", "3:1"),
        ("@Query(\"\"\"query Q {\n    a }\n    \"\"\") var q: Q", "multi-line string literal content must begin on a new line", "1:11"),
        (
            "@Query(\"\"\"\n    query Q { a } \"\"\") var q: Q", "multi-line string literal closing delimiter must begin on a new line",
            "2:19"
        ),
        ("@Query(\"\"\"\n    query Q { a }\\\n    \"\"\") var q: Q", "escaped newline at the last line is not allowed", "2:18"),
        ("@Query(\"query Q { a(s: \\q) }\") var q: Q", "invalid escape sequence in literal", "1:24"),
        ("@Query(\"query Q { a(s: \\u{D800}) }\") var q: Q", "invalid unicode scalar", "1:24"),
        ("@Query(\"query Q { a(s: \\u{123456789}) }\") var q: Q", "\\u{...} escape sequence expects between 1 and 8 hex digits", "1:24"),
        ("@Query(\"query Q\" + rest) var q: Q", "`@Query` takes its GraphQL as one string literal", "1:8"),
    ])
    func errorsArePositioned(host: String, message: String, position: String) {
        let (documents, diagnostics) = scan(host)
        #expect(documents.isEmpty)
        #expect(diagnostics.count == 1, "\(diagnostics.map { $0.rendered() })")
        #expect(diagnostics.first?.message.hasPrefix(message) == true, "\(diagnostics.map(\.message))")
        #expect(diagnostics.first.map(where_) == position)
        #expect(diagnostics.first?.code == .marker)
    }

    @Test func anUnclosedInterpolationEndsWithItsLine() {
        let (documents, diagnostics) = scan("@Query(\"query Q { a(s: \\(x\") var q: Q\n@Fragment(\"fragment F on T { a }\") var f: F")
        #expect(documents.map(\.source.text) == ["fragment F on T { a }"])
        #expect(
            diagnostics.map(\.message) == ["cannot find ')' to match opening '(' in string interpolation", "unterminated string literal"])
        #expect(diagnostics.map(where_) == ["1:25", "1:8"])
    }

    @Test func anUnterminatedLiteralElsewhereDoesNotHideEarlierMarkers() {
        let (documents, diagnostics) = scan("@Query(\"query A { a }\") var a: A\nlet broken = \"oops\n@Query(\"query B { b }\") var b: B")
        // The broken literal stops at its line's end, so the marker after it is still found.
        #expect(documents.map(\.source.text) == ["query A { a }", "query B { b }"])
        #expect(diagnostics.map(where_) == ["2:14"])
    }

    /// Cutting a file anywhere (as an editor's buffer often is) never crashes or hangs the
    /// scanner, and what it reports stays inside the text.
    @Test(arguments: ["Markers.swift", "Escapes.swift"])
    func everyPrefixOfAFixtureScansCleanly(name: String) throws {
        let full = try fixture(name)
        let fullCount = SwiftHostScanner.scan(full).documents.count
        for end in 0...full.utf8.count {
            let source = Source(name: name, bytes: Array(full.utf8[0..<end]))
            let (documents, diagnostics) = SwiftHostScanner.scan(source)
            #expect(documents.count <= fullCount)
            for diagnostic in diagnostics {
                let range = diagnostic.primaryLocation!.range
                #expect(range.start >= 0 && range.start <= range.end && range.end <= source.utf8.count)
            }
            for document in documents {
                let hostRange = Location(source: document.source, range: SourceRange(0, document.source.utf8.count)).hostLocation.range
                #expect(hostRange.end <= source.utf8.count)
            }
        }
    }

    @Test func deeplyNestedInterpolationsAreRefusedWithoutExhaustingTheStack() {
        let depth = 20_000
        let host = "@Query(\"" + String(repeating: "\\(\"", count: depth) + String(repeating: "\")", count: depth) + "\") var q: Q"
        let (documents, diagnostics) = scan(host)
        #expect(documents.isEmpty)
        #expect(diagnostics.contains { $0.message.contains("nested too deeply") })
    }

    @Test func manyUnclosedAttributesStayCheap() {
        let host = String(repeating: "@Query(\"query Q { a }\" ", count: 5_000)
        let (documents, diagnostics) = scan(host)
        #expect(documents.isEmpty)
        #expect(diagnostics.count == 5_000)
    }
}

/// The lexer's work stays linear in the text where a one-line literal's interpolation fails at
/// its line's end with a token that would run on (a `"""` or a `/*`): it once lexed the rest of
/// the file for each such line (fuzz-hosts found a 9 KB file taking 1.1 s under ASan; 2 s in a
/// debug `batonc`).
@Suite("Swift host scanner: failing interpolations")
struct FailingInterpolationTests {
    @Test(arguments: [#"let a = "\(f("""#, #"let b = "x \(y /* open"#, #"let c = "\(g(#"""#])
    func aFailedInterpolationLexesNothingBeyondItsLine(_ line: String) {
        let lines = 400
        let text = Array(repeating: line, count: lines).joined(separator: "\n") + "\n"
        let output = SwiftLexer.tokenize(Array(text.utf8))
        // Each line fails once, at its own interpolation.
        #expect(output.problems.count >= lines)
        #expect(output.problems.count <= 3 * lines)
        // Each byte about twice (the interpolation's tokens, then its literal's), where the old
        // lexer went over the rest of the file again for each line.
        #expect(output.bytesLexed <= 4 * text.utf8.count, "\(output.bytesLexed) bytes lexed for \(text.utf8.count)")
    }

    /// The inputs fuzz-hosts found slow (spec/fuzz-regressions/hosts/): each lexed in a few passes.
    @Test func theFuzzersSlowInputsLexInAFewPasses() throws {
        let directory = hostFixtures.deletingLastPathComponent().appendingPathComponent("fuzz-regressions/hosts")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".swift") }
        #expect(!names.isEmpty)
        for name in names {
            let bytes = Array(try Data(contentsOf: directory.appendingPathComponent(name)))
            let output = SwiftLexer.tokenize(bytes)
            #expect(output.bytesLexed <= 8 * bytes.count, "\(name): \(output.bytesLexed) bytes lexed for \(bytes.count)")
        }
    }
}
