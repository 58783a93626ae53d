import BatonDiagnostics
import BatonSchema
import BatonSyntax
import Testing

/// graphql-core's `suggestion_list`, `did_you_mean`, `and_list`/`or_list` and value printing
/// (shared by schema building and document validation), checked on outputs of graphql-core 3.3.2.
@Suite struct SuggestionTests {
    @Test func suggestionList() {
        #expect(Suggestions.list("", options: ["a"]) == ["a"])
        #expect(Suggestions.list("green", options: ["greene"]) == ["greene"])
        #expect(Suggestions.list("green", options: ["green", "gren", "grin", "GREEN"]) == ["green", "GREEN", "gren", "grin"])
        #expect(Suggestions.list("abc", options: ["acb"]) == ["acb"])
        #expect(Suggestions.list("a", options: ["b", "a1", "a2", "a10", "A"]) == ["A", "a1", "a2", "b"])
        #expect(Suggestions.list("type10", options: ["type9", "type11", "type2", "Type10"]) == ["Type10", "type11", "type2", "type9"])
    }

    @Test func didYouMean() {
        #expect(Suggestions.didYouMean([]) == "")
        #expect(Suggestions.didYouMean(["a"]) == " Did you mean 'a'?")
        #expect(Suggestions.didYouMean(["a", "b"]) == " Did you mean 'a' or 'b'?")
        #expect(
            Suggestions.didYouMean(["a", "b", "c", "d", "e", "f"], "to use an inline fragment on")
                == " Did you mean to use an inline fragment on 'a', 'b', 'c', 'd', or 'e'?")
    }

    @Test func wordLists() {
        #expect(Suggestions.andList(["A"]) == "A")
        #expect(Suggestions.andList(["A", "B"]) == "A and B")
        #expect(Suggestions.andList(["A", "B", "C"]) == "A, B, and C")
        #expect(Suggestions.orList(["A", "B", "C"]) == "A, B, or C")
    }

    private func printed(_ text: String) -> String {
        guard case .success(let value) = Parser.parseValue(Source(name: "v", text: text)) else { return "<error>" }
        return ValuePrinter.print(value)
    }

    @Test func valuesPrintAsGraphQLCore() {
        #expect(printed("{}") == "{  }")
        #expect(printed("[]") == "[]")
        #expect(printed("[{a: 1}]") == "[{ a: 1 }]")
        #expect(printed("\"\"\"a\nb\"\"\"") == "\"\"\"\na\nb\n\"\"\"")
        #expect(printed("\"\\u0001é\\u0085\"") == "\"\\u0001é\\u0085\"")
        let list = "[" + Array(repeating: "\"abcdefghij\"", count: 8).joined(separator: ", ") + "]"
        #expect(printed(list) == "[\n" + Array(repeating: "  \"abcdefghij\"", count: 8).joined(separator: "\n") + "\n]")
        #expect(
            printed("{a: \(list), b: 1}") == "{\n  a: [\n" + Array(repeating: "    \"abcdefghij\"", count: 8).joined(separator: "\n")
                + "\n  ]\n  b: 1\n}")
    }
}
