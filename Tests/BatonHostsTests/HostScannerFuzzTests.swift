import BatonDiagnostics
import BatonHosts
import Foundation
import Testing

/// Texts built at random from the pieces Swift's lexical rules turn on: whatever they spell,
/// the scanner ends, reports ranges inside the text, and maps every document it returns
/// consistently both ways.
@Suite("Swift host scanner: random texts")
struct HostScannerFuzzTests {
    static let pieces = [
        "\"", "\"\"\"", "#", "##", "\\", "\\(", "(", ")", "/", "/*", "*/", "//", "@", "@Query(", "@Baton.Fragment(",
        "Query", ".", ",", "\n", "\r\n", "\r", " ", "    ", "\t", "u{", "1F600", "}", "{", "a", "é", "🎉", "$0",
        "`", "n", "#\"", "\"#", "#/", "/#", ")", "query Q { a }",
    ]

    static let contentPieces = [
        "query", " ", "{", "}", "a", "\\n", "\\t", "\\\"", "\\\\", "\\u{E9}", "\\u{1F600}", "é", "🎉", "\"", "#",
        "\\#n", "\\##t", "\t",
    ]

    /// A marker with a literal of a random form (which may or may not be well formed).
    static func marker(_ generator: inout Generator) -> String {
        let pounds = String(repeating: "#", count: generator.next(3))
        let multiline = generator.next(2) == 0
        var content = ""
        if multiline {
            for _ in 0..<generator.next(4) {
                content += "\n" + String(repeating: " ", count: 4 + generator.next(3) - 1)
                for _ in 0..<generator.next(6) { content += contentPieces[generator.next(contentPieces.count)] }
                if generator.next(6) == 0 { content += "\\" }
            }
            let newline = generator.next(4) == 0 ? "\r\n" : "\n"
            content = content.replacingOccurrences(of: "\n", with: newline) + newline + "    "
        } else {
            for _ in 0..<generator.next(8) { content += contentPieces[generator.next(contentPieces.count)] }
        }
        let quote = multiline ? "\"\"\"" : "\""
        return "@Query(\(pounds)\(quote)\(content)\(quote)\(pounds)) var q: Q"
    }

    /// A small deterministic generator (64-bit LCG), so a failure reproduces.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    @Test(arguments: [1, 2, 3, 4])
    func randomTextsScanCleanly(seed: UInt64) {
        var generator = Generator(state: seed)
        var produced = 0
        var reported = 0
        for _ in 0..<1500 {
            var text = ""
            for _ in 0..<generator.next(20) { text += Self.pieces[generator.next(Self.pieces.count)] }
            if generator.next(2) == 0 { text += "\n" + Self.marker(&generator) + "\n" }
            for _ in 0..<generator.next(20) { text += Self.pieces[generator.next(Self.pieces.count)] }
            let source = Source(name: "Fuzz.swift", text: text)
            let (documents, diagnostics) = SwiftHostScanner.scan(source)
            produced += documents.count
            reported += diagnostics.count
            for diagnostic in diagnostics {
                let range = diagnostic.primaryLocation!.range
                #expect(range.start >= 0 && range.start <= range.end && range.end <= source.utf8.count, "\(text.debugDescription)")
            }
            for document in documents {
                let map = document.source.origin!.map
                let graphQL = document.source.utf8
                var previous = -1
                for g in 0...graphQL.count where g == graphQL.count || (graphQL[g] & 0xC0) != 0x80 {
                    let h = map.hostOffset(for: g)
                    #expect(h >= previous && h <= source.utf8.count, "\(text.debugDescription)")
                    #expect(map.graphQLOffset(for: h) == g, "\(text.debugDescription) at \(g)")
                    previous = h
                }
            }
        }
        // The pieces are chosen so that both outcomes occur often.
        #expect(produced > 50 && reported > 50, "documents \(produced), diagnostics \(reported)")
    }
}
