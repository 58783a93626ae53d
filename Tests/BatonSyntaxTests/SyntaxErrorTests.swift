import BatonDiagnostics
import Foundation
import Testing

@testable import BatonSyntax

/// Every case of `spec/syntax/syntax-errors.json` (inputs run through graphql-core 3.3.2's
/// `parse`, which recorded its message and 1-based position, or that it parsed).
@Suite struct SyntaxErrorTests {
    struct Case: Decodable, CustomTestStringConvertible {
        var source: String
        var ok: Bool?
        var message: String?
        var line: Int?
        var column: Int?
        var testDescription: String { source.debugDescription }
    }

    static let cases: [Case] = {
        guard let data = try? Data(contentsOf: Fixtures.url("syntax/syntax-errors.json")) else { return [] }
        return (try? JSONDecoder().decode([Case].self, from: data)) ?? []
    }()

    @Test func fixtureIsPresent() {
        #expect(Self.cases.count > 150)
    }

    @Test(arguments: cases)
    func matchesGraphQLCore(_ c: Case) throws {
        let result = Parser.parse(Source(name: "case.graphql", text: c.source))
        if c.ok == true {
            #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
            return
        }
        #expect(result.diagnostics.count == 1)
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.code == .syntax)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.message == c.message)
        let start = try #require(diagnostic.primaryLocation).start
        #expect(start.line + 1 == c.line)
        #expect(start.column + 1 == c.column)
    }
}

/// `spec/syntax/syntax-fuzz.json`: 3,000 random token soups and mutated definitions of every
/// kind, each run through graphql-core 3.3.2 (fixed seed), with its outcome. Every one must
/// give the same outcome, message and position here.
@Suite struct SyntaxFuzzTests {
    @Test func matchesGraphQLCoreOnEveryCase() throws {
        let data = try Data(contentsOf: Fixtures.url("syntax/syntax-fuzz.json"))
        let cases = try JSONDecoder().decode([SyntaxErrorTests.Case].self, from: data)
        #expect(cases.count == 3000)
        var mismatches: [String] = []
        for c in cases {
            let result = Parser.parse(Source(name: "fuzz", text: c.source))
            let expected = c.ok == true ? nil : "\(c.line!):\(c.column!) \(c.message!)"
            if result.firstError != expected || result.diagnostics.count > 1 {
                mismatches.append("\(c.source.debugDescription): \(result.firstError ?? "ok") != \(expected ?? "ok")")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, first: \(mismatches.prefix(10).joined(separator: "\n"))")
    }
}
