import BatonDiagnostics
import BatonHosts
import Foundation
import Testing

/// The VS Code extension in `editors/vscode/`: its manifest starts the server for the right
/// files, and its injection grammar finds exactly the marker literals the host scanner finds.
/// The grammar's rules are run here the way a TextMate engine runs them (earliest match wins, the
/// first rule on a tie, a `begin`/`end` rule's inner patterns competing with its end), with
/// `NSRegularExpression` in place of Oniguruma: the regexes keep to the syntax both read.
@Suite struct EditorConfigurationTests {
    static let vscode = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("editors/vscode")

    static func json(_ path: String) throws -> [String: Any] {
        let data = try Data(contentsOf: vscode.appendingPathComponent(path))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "\(path) is not an object")
    }

    @Test func manifestStartsTheServerForSwiftAndGraphQL() throws {
        let manifest = try Self.json("package.json")
        let events = try #require(manifest["activationEvents"] as? [String])
        #expect(events.contains("onLanguage:swift"))
        #expect(events.contains("onLanguage:graphql"))
        let main = try #require(manifest["main"] as? String)
        let script = try String(contentsOf: Self.vscode.appendingPathComponent(main), encoding: .utf8)
        #expect(script.contains("require('vscode-languageclient/node')"))
        #expect(script.contains("language: 'swift'") && script.contains("language: 'graphql'"))
        #expect(script.contains("'--stdio'"))
        let dependencies = try #require(manifest["dependencies"] as? [String: String])
        #expect(dependencies["vscode-languageclient"] != nil)

        let contributes = try #require(manifest["contributes"] as? [String: Any])
        let languages = try #require(contributes["languages"] as? [[String: Any]])
        let graphql = try #require(languages.first { $0["id"] as? String == "graphql" })
        #expect(Set(graphql["extensions"] as? [String] ?? []) == [".graphql", ".graphqls", ".gql"])

        let grammars = try #require(contributes["grammars"] as? [[String: Any]])
        let injection = try #require(grammars.first { ($0["injectTo"] as? [String]) != nil })
        #expect(injection["injectTo"] as? [String] == ["source.swift"])
        let embedded = try #require(injection["embeddedLanguages"] as? [String: String])
        #expect(embedded["meta.embedded.block.graphql"] == "graphql" && embedded["meta.embedded.line.graphql"] == "graphql")
        // Every grammar the manifest names exists, is JSON and has the scope it is listed under.
        for entry in grammars {
            let path = try #require(entry["path"] as? String)
            let grammar = try Self.json(path)
            #expect(grammar["scopeName"] as? String == entry["scopeName"] as? String, "\(path)")
        }
        let injected = try Self.json(try #require(injection["path"] as? String))
        #expect(injected["injectionSelector"] as? String == "L:source.swift -comment -string")
        // The injection embeds the GraphQL grammar the manifest contributes.
        let embeddedScope = try #require(grammars.first { $0["injectTo"] == nil }?["scopeName"] as? String)
        let text = String(decoding: try JSONSerialization.data(withJSONObject: injected), as: UTF8.self)
        #expect(text.contains(#""include":"\#(embeddedScope)""#))
    }

    /// One rule of the injection grammar, its regexes compiled.
    struct Rule {
        var name: String
        var match: NSRegularExpression?
        var begin: NSRegularExpression?
        var end: String?
        var inner: [NSRegularExpression]
    }

    static func rules() throws -> [Rule] {
        let grammar = try json("syntaxes/graphql-in-swift.tmLanguage.json")
        let graphql = try json("syntaxes/graphql.tmLanguage.json")
        let repository = try #require(grammar["repository"] as? [String: [String: Any]])
        let order = try #require(grammar["patterns"] as? [[String: String]]).compactMap { $0["include"] }
        #expect(order.count == 4)
        func regexes(_ patterns: [[String: Any]]) throws -> [NSRegularExpression] {
            try patterns.flatMap { pattern -> [NSRegularExpression] in
                if let include = pattern["include"] as? String {
                    #expect(include == graphql["scopeName"] as? String)
                    return try regexes(graphql["patterns"] as? [[String: Any]] ?? [])
                }
                return try [NSRegularExpression(pattern: try #require(pattern["match"] as? String), options: .anchorsMatchLines)]
            }
        }
        return try order.map { include in
            let rule = try #require(repository[String(include.dropFirst())], "\(include)")
            return Rule(
                name: include,
                match: try (rule["match"] as? String).map { try NSRegularExpression(pattern: $0) },
                begin: try (rule["begin"] as? String).map { try NSRegularExpression(pattern: $0) },
                end: rule["end"] as? String,
                inner: try regexes(rule["patterns"] as? [[String: Any]] ?? []))
        }
    }

    /// The marker literals the grammar colours in `text`, as UTF-16 ranges from the opening
    /// delimiter through the closing one. `attributes` are the UTF-16 offsets of `@` outside
    /// comments and strings (where the injection selector lets the grammar in).
    static func literals(in text: String, rules: [Rule], attributes: Set<Int>) throws -> [NSRange] {
        let length = (text as NSString).length
        func first(_ regex: NSRegularExpression, from start: Int) -> NSTextCheckingResult? {
            regex.firstMatch(in: text, options: [], range: NSRange(location: start, length: length - start))
        }
        var found: [NSRange] = []
        var position = 0
        while position < length {
            var best: (rule: Rule, match: NSTextCheckingResult)?
            for rule in rules {
                guard let regex = rule.match ?? rule.begin, let match = first(regex, from: position) else { continue }
                if best == nil || match.range.location < best!.match.range.location { best = (rule, match) }
            }
            guard let (rule, match) = best else { break }
            guard attributes.contains(match.range.location) else {
                position = match.range.location + 1
                continue
            }
            let open = match.range(at: 3).location
            if rule.match != nil {
                found.append(NSRange(location: open, length: match.range.upperBound - open))
                position = match.range.upperBound
                continue
            }
            // A begin/end rule: `\3` in the end is the begin's third group, escaped.
            let pounds = NSRegularExpression.escapedPattern(for: (text as NSString).substring(with: match.range(at: 3)))
            let end = try NSRegularExpression(
                pattern: try #require(rule.end).replacingOccurrences(of: "\\3", with: pounds),
                options: .anchorsMatchLines)
            var cursor = match.range.upperBound
            var closing: NSTextCheckingResult?
            while closing == nil, cursor <= length {
                guard let candidate = first(end, from: cursor) else { break }
                let inner = rule.inner.compactMap { first($0, from: cursor) }
                    .filter { $0.range.length > 0 }
                    .min { $0.range.location < $1.range.location }
                if let inner, inner.range.location < candidate.range.location {
                    cursor = inner.range.upperBound
                } else {
                    closing = candidate
                }
            }
            let close = try #require(closing, "unclosed \(rule.name) at \(open)")
            found.append(NSRange(location: open, length: close.range.upperBound - open))
            position = close.range.upperBound
        }
        return found
    }

    static func utf16Offset(_ utf8Offset: Int, in source: Source) -> Int {
        String(decoding: source.utf8[0..<utf8Offset], as: UTF8.self).utf16.count
    }

    /// What the injection selector leaves to the grammar: attributes, not `@` in comments or strings.
    static func attributeOffsets(_ source: Source) -> Set<Int> {
        Set(SwiftLexer.tokenize(source).tokens.filter { $0.kind == .atSign }.map { utf16Offset($0.range.start, in: source) })
    }

    @Test(arguments: ["Markers.swift", "LiteralForms.swift", "LiteralForms.crlf.swift", "Escapes.swift"])
    func grammarColoursExactlyTheLiteralsTheScannerReads(_ name: String) throws {
        let source = try fixture(name)
        let text = String(decoding: source.utf8, as: UTF8.self)
        let scanned = SwiftHostScanner.scan(source).documents.compactMap(\.literalRange).map { range in
            NSRange(
                location: Self.utf16Offset(range.start, in: source),
                length: Self.utf16Offset(range.end, in: source) - Self.utf16Offset(range.start, in: source))
        }
        #expect(!scanned.isEmpty)
        let coloured = try Self.literals(in: text, rules: try Self.rules(), attributes: Self.attributeOffsets(source))
        #expect(coloured == scanned, "\(coloured.map { (text as NSString).substring(with: $0) })")
    }

    @Test func lookAlikesAreLeftToSwift() throws {
        let rules = try Self.rules()
        func coloured(_ text: String) throws -> [String] {
            let source = Source(name: "LookAlike.swift", text: text)
            return try Self.literals(in: text, rules: rules, attributes: Self.attributeOffsets(source))
                .map { (text as NSString).substring(with: $0) }
        }
        #expect(try coloured(#"let plain = "fragment F on T { a }""#).isEmpty)
        #expect(try coloured(#"@Fragmentary("fragment F on T { a }") var f: Int"#).isEmpty)
        #expect(try coloured(##"@Queryable(#"query Q { a }"#) var q: Int"##).isEmpty)
        #expect(try coloured(#"@Query(sort: \.name) var items: [Item]"#).isEmpty)
        #expect(try coloured(#"@MyModule.Query("query Q { a }") var q: Int"#).isEmpty)
        #expect(try coloured(#"@Batonic.Fragment("fragment F on T { a }") var f: Int"#).isEmpty)
        #expect(try coloured(#"let s = "@Query(\"query Q { a }\")""#).isEmpty)
        #expect(try coloured(#"// @Query("query Q { a }")"#).isEmpty)
        // The forms a marker takes.
        #expect(
            try coloured(##"@Baton.Fragment(#"fragment F on T { a(s: "x") }"#) var f: F"##)
                == [##"#"fragment F on T { a(s: "x") }"#"##])
        #expect(
            try coloured(#"@Query( "query Q { a(s: \"x\") }" , fetchPolicy: .network) var q: Q"#)
                == [#""query Q { a(s: \"x\") }""#])
        #expect(try coloured("@Mutation(##\"mutation M { m(s: \"#\") }\"##) var m: M") == ["##\"mutation M { m(s: \"#\") }\"##"])
        #expect(
            try coloured("@Subscription(\"\"\"\n  subscription S { s } # \"\"\n  \"\"\") var s: S")
                == ["\"\"\"\n  subscription S { s } # \"\"\n  \"\"\""])
    }
}
