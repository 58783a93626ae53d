import BatonDiagnostics
import Foundation
import Testing

@testable import BatonSyntax

/// Token streams of `spec/syntax/lexer-tokens.json`, recorded from graphql-core 3.3.2's
/// lexer (kinds, UTF-8 ranges, values): punctuators, names, every number form, every
/// escape, surrogate pairs, block strings and their indentation rules, comments, BOM and
/// every line terminator.
@Suite struct LexerTests {
    struct Case: Decodable, CustomTestStringConvertible {
        struct Expected: Decodable {
            var kind: String
            var start: Int
            var end: Int
            var value: String?
        }
        var source: String
        var tokens: [Expected]
        var testDescription: String { source.debugDescription }
    }

    static let cases: [Case] = {
        guard let data = try? Data(contentsOf: Fixtures.url("syntax/lexer-tokens.json")) else { return [] }
        return (try? JSONDecoder().decode([Case].self, from: data)) ?? []
    }()

    @Test func fixtureIsPresent() {
        #expect(Self.cases.count >= 30)
    }

    @Test(arguments: cases)
    func matchesGraphQLCoreTokens(_ c: Case) {
        let source = Source(name: "t.graphql", text: c.source)
        let (tokens, error) = Lexer.tokenize(source, includeComments: true)
        #expect(error == nil)
        #expect(tokens.map { "\($0.kind)" } == c.tokens.map(\.kind))
        #expect(tokens.map(\.start) == c.tokens.map(\.start))
        #expect(tokens.map(\.end) == c.tokens.map(\.end))
        for (token, expected) in zip(tokens, c.tokens) where expected.value != nil {
            #expect(Lexer.value(of: token, in: source) == expected.value)
        }
    }

    @Test func skipsCommentsUnlessAsked() {
        let source = Source(name: "t", text: "# c\na # d\n")
        #expect(Lexer.tokenize(source).tokens.map(\.kind) == [.name, .endOfFile])
        #expect(Lexer.tokenize(source, includeComments: true).tokens.map(\.kind) == [.comment, .name, .comment, .endOfFile])
    }

    @Test func stopsAtTheFirstError() throws {
        let (tokens, error) = Lexer.tokenize(Source(name: "t", text: "a 0x1 b"))
        #expect(tokens.map(\.kind) == [.name])
        let e = try #require(error)
        #expect(e.message == "Syntax Error: Invalid number, expected digit but got: 'x'.")
        #expect(e.range.start == 3)
    }

    @Test(arguments: [
        ("1", TokenKind.int), ("-0", .int), ("0", .int), ("1.0", .float), ("1e1", .float), ("1E+1", .float),
        ("1e-1", .float), ("-1.5E-10", .float),
    ])
    func numberKinds(text: String, kind: TokenKind) {
        let tokens = Lexer.tokenize(Source(name: "t", text: text)).tokens
        #expect(tokens.first?.kind == kind)
        #expect(tokens.first?.end == text.utf8.count)
    }

    /// The spec's lookahead restrictions: no digit, `.` or NameStart right after a number.
    @Test(arguments: ["0x1", "1.", "1e", "00", "01", "1a", "1.5.", "1.5e", "1_", ".5", "1.e1", "-", "+1"])
    func malformedNumbersAreErrors(text: String) {
        #expect(Lexer.tokenize(Source(name: "t", text: text)).error != nil)
    }

    @Test func unicodeEscapesCombineSurrogatePairs() {
        let source = Source(name: "t", text: #""\uD83D\uDE00|\u{1F600}|\ud83d\ude00""#)
        let token = Lexer.tokenize(source).tokens[0]
        #expect(Lexer.value(of: token, in: source) == "😀|😀|😀")
    }

    @Test(arguments: [#""\uD83D""#, #""\uDE00""#, #""\uD83Dx""#, #""\u{D800}""#, #""\uD83D\u0041""#])
    func loneSurrogatesAreErrors(text: String) {
        let error = Lexer.tokenize(Source(name: "t", text: text)).error
        #expect(error?.message.hasPrefix("Syntax Error: Invalid Unicode escape sequence") == true)
    }
}
