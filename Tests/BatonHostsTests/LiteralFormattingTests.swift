import BatonDiagnostics
import BatonHosts
import Foundation
import Testing

/// Formatting a Swift host's marker literals in place: delimiters and the closing
/// delimiter's indentation kept, text escaped for the literal it goes back into, the Swift
/// around it untouched.
@Suite struct LiteralFormattingTests {
    static func formatted(_ text: String) -> (text: String, edits: Int, errors: [Diagnostic]) {
        let host = Source(name: "Screen.swift", text: text)
        let found = LiteralFormatting.edits(in: host)
        return (LiteralFormatting.apply(found.edits, to: text), found.edits.count, found.errors)
    }

    @Test func multiLineLiteralsAreFormattedBetweenTheirDelimiters() {
        let text = ##"""
            struct Row {
                @Fragment("""
                fragment Row_character on Character { id name # shown
                  origin { name } }
                """) var character: Row_character
                @Query(#"""
                  query RowQuery($id: ID!) { character(id: $id) { ...Row_character } }
                  """#) var query: RowQuery
            }
            """##
        let result = Self.formatted(text)
        #expect(result.errors.isEmpty)
        #expect(result.edits == 2)
        #expect(
            result.text == ##"""
                struct Row {
                    @Fragment("""
                    fragment Row_character on Character {
                      id
                      name # shown
                      origin {
                        name
                      }
                    }
                    """) var character: Row_character
                    @Query(#"""
                      query RowQuery($id: ID!) {
                        character(id: $id) {
                          ...Row_character
                        }
                      }
                      """#) var query: RowQuery
                }
                """##)
        // Formatted text needs no more formatting, and the scanner reads the same GraphQL.
        #expect(Self.formatted(result.text).edits == 0)
        let before = HostFile.documents(for: Source(name: "Screen.swift", text: text)).documents.count
        #expect(HostFile.documents(for: Source(name: "Screen.swift", text: result.text)).documents.count == before)
    }

    @Test func backslashesAreEscapedAgainInAnEscapedLiteral() {
        // The Swift `\\n` is GraphQL's `\n` escape inside a GraphQL string.
        let text = #"""
            @Query("""
            query Q { search(text: "a\\nb") { id } }
            """) var query: Q
            """#
        let result = Self.formatted(text)
        #expect(result.errors.isEmpty)
        #expect(
            result.text == #"""
                @Query("""
                query Q {
                  search(text: "a\\nb") {
                    id
                  }
                }
                """) var query: Q
                """#)
    }

    @Test func singleLineLiteralsAndFormattedOnesAreLeftAlone() {
        let text = #"""
            @Fragment("fragment One on Character { id name }") var one: One
            @Fragment("""
            fragment Two on Character {
              id
            }
            """) var two: Two
            """#
        let result = Self.formatted(text)
        #expect(result.edits == 0)
        #expect(result.errors.isEmpty)
    }

    @Test func aLiteralThatDoesNotParseIsReportedAtItsSwiftPositionAndNotEdited() throws {
        let text = #"""
            @Fragment("""
            fragment Bad on Character { id(
            """) var bad: Bad
            @Fragment("""
            fragment Good on Character { id }
            """) var good: Good
            """#
        let host = Source(name: "Screen.swift", text: text)
        let found = LiteralFormatting.edits(in: host)
        #expect(found.edits.count == 1)
        let error = try #require(found.errors.first)
        let location = try #require(error.primaryLocation).hostLocation
        #expect(location.source.name == "Screen.swift")
        // `<EOF>` is where the literal's text ends.
        #expect("\(location.start)" == "2:32")
        // The good literal is formatted, the bad one kept byte for byte.
        let result = LiteralFormatting.apply(found.edits, to: text)
        #expect(result.hasPrefix("@Fragment(\"\"\"\nfragment Bad on Character { id(\n\"\"\")"))
        #expect(result.contains("fragment Good on Character {\n  id\n}\n"))
    }

    @Test func rangeFormattingTouchesOnlyTheLiteralsItMeets() throws {
        let text = #"""
            @Fragment("""
            fragment A on Character { id }
            """) var a: A
            @Fragment("""
            fragment B on Character { id }
            """) var b: B
            """#
        let host = Source(name: "Screen.swift", text: text)
        // In the second literal's text.
        let offset = try #require(text.range(of: "fragment B")).lowerBound.utf16Offset(in: text)
        let found = LiteralFormatting.edits(in: host, touching: SourceRange(offset, offset))
        #expect(found.edits.count == 1)
        #expect(LiteralFormatting.apply(found.edits, to: text).contains("fragment A on Character { id }"))
    }

    @Test func aGraphQLFileIsFormattedWhole() {
        let found = LiteralFormatting.edits(in: Source(name: "Queries.graphql", text: "query Q { a }"))
        #expect(found.edits == [HostEdit(range: SourceRange(0, 13), newText: "query Q {\n  a\n}\n")])
    }
}
