import BatonJSON
import Testing

@testable import BatonGraphQLFeatures
@testable import BatonLanguageServer

/// A huge or pathological document never holds up requests elsewhere: its check runs on the
/// scan lane, and completion in another file is answered on the request lane before that
/// check has even started. (How fast is `baton-bench lsp`'s to say, not a timed test's.)
@Suite struct ResponsivenessTests {
    static let row = """
        struct Row {
            @Fragment(\"\"\"
            fragment Row_character on Character {
              name
            }
            \"\"\") var character: Row_character
        }

        """

    /// 5,000 fragments, then selections nested past the parser's limit.
    static var huge: String {
        var text = ""
        for index in 0..<5_000 { text += "fragment Huge\(index) on Character { id name status }\n" }
        text += "query Deep { " + String(repeating: "character(id: 1) { ", count: 300) + String(repeating: "}", count: 301) + "\n"
        return text
    }

    @Test func completionElsewhereIsAnsweredWhileAHugeFilesCheckWaits() throws {
        let g = GraphQLHarness(try TestProject(files: ["Row.swift": Self.row]))
        g.open("Row.swift", Self.row)
        g.settle()
        _ = g.published("Row.swift")
        g.open("Huge.graphql", Self.huge)
        // The huge file's check is queued on the scan lane, not run.
        #expect(g.h.host.pendingBackgroundWork > 0)
        g.h.request(
            4242, "textDocument/completion",
            [
                "textDocument": ["uri": .string(g.project.uri("Row.swift"))],
                "position": ["line": 3, "character": 6],
            ])
        g.h.host.runBackgroundWork(in: .request)
        let labels = (try g.h.answer(4242)?.get().arrayValue ?? []).compactMap { $0["label"]?.stringValue }
        #expect(labels.contains("name") && labels.contains("status"))
        #expect(g.published("Huge.graphql") == nil, "the huge file's check ran before the completion was answered")
        // Then the check runs and reports the nesting at its limit, at its position.
        g.settle()
        let published = try #require(g.published("Huge.graphql"))
        let messages = published.compactMap { $0["message"]?.stringValue }
        #expect(messages.contains { $0.contains("nest") || $0.contains("depth") })
    }
}
