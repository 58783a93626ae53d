import Foundation
import Testing
import BatonDiagnostics
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
        #expect(diagnostic.code == "Syntax")
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.message == c.message)
        let start = try #require(diagnostic.primaryLocation).start
        #expect(start.line + 1 == c.line)
        #expect(start.column + 1 == c.column)
    }
}
