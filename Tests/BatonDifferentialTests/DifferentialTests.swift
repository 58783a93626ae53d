import Foundation
import Testing

/// Baton's parser, schema builder and validator against graphql-core 3.3.2, the reference
/// implementation, on every document of `spec/frontend/`.
@Suite("Differential: Baton against graphql-core")
struct DifferentialTests {
    @Test("the corpus exercises every graphql-core rule, syntax errors and valid documents")
    func corpusCoverage() throws {
        let report = try Oracle.load()
        #expect(report.graphqlCore == "3.3.2")
        #expect(report.rules.count == 32)
        #expect(report.documents.count >= 250)
        var documentsPerRule: [String: Int] = [:]
        for document in report.documents {
            for rule in Set(document.errors.map(\.rule)) {
                documentsPerRule[rule, default: 0] += 1
            }
        }
        for rule in report.rules {
            #expect(documentsPerRule[rule, default: 0] >= 2, "\(rule) is exercised by fewer than two documents")
        }
        let verdicts = Dictionary(grouping: report.documents, by: \.verdict).mapValues(\.count)
        #expect(verdicts[.valid, default: 0] >= 50)
        #expect(verdicts[.syntax, default: 0] >= 50)
        #expect(report.documents.contains { $0.files.count > 1 }, "no multi-file group")
        #expect(report.documents.contains { $0.errors.count > 1 }, "no document with several errors")
    }

    @Test("Baton's verdict, positions and messages match graphql-core's on every document")
    func agreement() throws {
        let report = try Oracle.load()
        let schemas = try FrontEnd.schemas.get()
        let comparisons = report.documents.map { document in
            Comparison(document, schema: schemas[document.schema])
        }
        let disagreeing = comparisons.filter { !$0.agrees }
        let unusedExpected = comparisons.reduce(0) { $0 + $1.unusedFragmentsExpected }
        let unusedMatched = comparisons.reduce(0) { $0 + $1.unusedFragmentsMatched }
        let notes = comparisons.reduce(0) { $0 + $1.notes.count }
        print("""
            Differential (graphql-core \(report.graphqlCore)): \(comparisons.count) documents, \
            \(comparisons.count - disagreeing.count) agree, \(disagreeing.count) disagree; \
            NoUnusedFragments as Baton warnings: \(unusedMatched) of \(unusedExpected); \(notes) notes
            """)
        if ProcessInfo.processInfo.environment["BATON_DIFFERENTIAL_NOTES"] != nil {
            for comparison in comparisons where !comparison.notes.isEmpty {
                print("  \(comparison.path)\n" + comparison.notes.map { "    note: \($0)" }.joined(separator: "\n"))
            }
        }
        guard !disagreeing.isEmpty else { return }
        let listing = disagreeing.map { comparison in
            "  \(comparison.path)\n" + comparison.mismatches.map { "    \($0)" }.joined(separator: "\n")
        }.joined(separator: "\n")
        Issue.record("""
            Baton disagrees with graphql-core on \(disagreeing.count) of \(comparisons.count) documents \
            (spec/frontend/; graphql-core's side: .venv/bin/python Tests/oracle/validate.py spec/frontend):
            \(listing)
            """)
    }
}
