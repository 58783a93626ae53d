import Foundation
import Testing

/// Baton's parser, schema builder and validator against graphql-core 3.3.2, the reference
/// implementation, on every document of `spec/frontend/`.
@Suite("Differential: Baton against graphql-core")
struct DifferentialTests {
    @Test("the corpus exercises every graphql-core rule, syntax errors and valid documents")
    func corpusCoverage() async throws {
        let report = try await Oracle.load()
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
    func agreement() async throws {
        let report = try await Oracle.load()
        let schemas = try FrontEnd.schemas.get()
        let comparisons = report.documents.map { document in
            Comparison(document, schema: schemas[document.schema])
        }
        let disagreeing = comparisons.filter { !$0.agrees }
        let unusedExpected = comparisons.reduce(0) { $0 + $1.unusedFragmentsExpected }
        let unusedMatched = comparisons.reduce(0) { $0 + $1.unusedFragmentsMatched }
        let notes = comparisons.reduce(0) { $0 + $1.notes.count }
        print(
            """
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
        Issue.record(
            """
            Baton disagrees with graphql-core on \(disagreeing.count) of \(comparisons.count) documents \
            (spec/frontend/; graphql-core's side: .venv/bin/python Tests/oracle/validate.py spec/frontend):
            \(listing)
            """)
    }
}

/// The comparison itself must see a disagreement: one real corpus document, with graphql-core's
/// verdict altered in each way the agreement test checks.
@Suite("Differential: the comparison catches disagreements")
struct ComparisonTests {
    func corpusDocument(_ path: String) async throws -> (OracleDocument, FrontEnd.BuiltSchema?) {
        let report = try await Oracle.load()
        let document = try #require(report.documents.first { $0.path == path }, "\(path) is not in the corpus")
        return (document, try FrontEnd.schemas.get()[document.schema])
    }

    @Test("an altered message, position or verdict of a validation error is reported")
    func validationDisagreements() async throws {
        let (document, schema) = try await corpusDocument("rickandmorty/invalid-fields-on-correct-type-typo.graphql")
        try #require(document.verdict == .invalid && !document.errors.isEmpty)

        var message = document
        message.errors[0].message += " (altered)"
        #expect(!Comparison(message, schema: schema).agrees)

        var position = document
        position.errors[0].locations[0].column += 1
        #expect(!Comparison(position, schema: schema).agrees)

        var verdict = document
        verdict.verdict = .valid
        verdict.errors = []
        let comparison = Comparison(verdict, schema: schema)
        #expect(comparison.mismatches.contains { $0.hasPrefix("verdict:") })

        var missing = document
        missing.errors.append(document.errors[0])
        #expect(!Comparison(missing, schema: schema).agrees)
    }

    @Test("an altered syntax error, or a syntax error where there is none, is reported")
    func syntaxDisagreements() async throws {
        let (document, schema) = try await corpusDocument("rickandmorty/syntax-unterminated-string.graphql")
        try #require(document.verdict == .syntax && !document.errors.isEmpty)
        var position = document
        position.errors[0].locations[0].line += 1
        #expect(!Comparison(position, schema: schema).agrees)

        var message = document
        message.errors[0].message = "Syntax Error: Unexpected <EOF>."
        #expect(!Comparison(message, schema: schema).agrees)

        let (valid, validSchema) = try await corpusDocument("rickandmorty/valid-aliases.graphql")
        var claimed = valid
        claimed.verdict = .syntax
        claimed.errors = [
            OracleError(
                message: "Syntax Error: Unexpected '}'.",
                locations: [OraclePosition(file: valid.files[0], line: 1, column: 1)], rule: "Syntax")
        ]
        #expect(!Comparison(claimed, schema: validSchema).agrees)
    }

    @Test("quotes are normalised, nothing else")
    func normalisation() {
        #expect(Comparison.normalized("Unknown type \u{201C}Strin\u{201D}.") == Comparison.normalized("Unknown type 'Strin'."))
        #expect(Comparison.normalized("Syntax Error: Unexpected <EOF>.") == Comparison.normalized("Unexpected <EOF>."))
        #expect(Comparison.normalized("Unknown type 'Strin'.") != Comparison.normalized("Unknown type 'String'."))
    }
}
