import BatonDiagnostics
import BatonSchema
import BatonSyntax
import BatonValidation

/// How Baton's verdict on one corpus entry compares with graphql-core's.
struct Comparison: Sendable {
    var path: String
    /// Disagreements that fail the test, one readable line each.
    var mismatches: [String] = []
    /// Differences worth reading that the agreement does not cover (extra locations, rule
    /// names, Baton-only warnings).
    var notes: [String] = []
    /// graphql-core's NoUnusedFragments errors, which Baton reports as warnings by design.
    var unusedFragmentsExpected = 0
    var unusedFragmentsMatched = 0

    var agrees: Bool { mismatches.isEmpty }

    /// graphql-core writes quotes as '…' and, in printed values, "…"; Baton may use other quote
    /// characters. Messages compare with every quote character made one.
    static func normalized(_ message: String) -> String {
        var text = message
        if text.hasPrefix(syntaxPrefix) { text.removeFirst(syntaxPrefix.count) }
        return String(text.map { "\"'`‘’“”".contains($0) ? "'" : $0 })
    }

    static let syntaxPrefix = "Syntax Error: "
    static let unusedFragmentsRule = "NoUnusedFragmentsRule"

    init(_ document: OracleDocument, schema: FrontEnd.BuiltSchema?) {
        path = document.path
        let sources: [Source]
        do {
            sources = try FrontEnd.sources(of: document)
        } catch {
            mismatches.append("\(error)")
            return
        }
        let parsed = sources.map(Parser.parse)

        // Syntax: the oracle stops at the first file that fails to parse; so does this.
        let firstSyntaxError = parsed.lazy.compactMap { $0.diagnostics.first }.first
        if document.verdict == .syntax {
            compareSyntax(expected: document.errors.first, actual: firstSyntaxError)
            return
        }
        if let actual = firstSyntaxError {
            mismatches.append("graphql-core parses it, Baton reports a syntax error: \(Comparison.describe(actual))")
            return
        }

        guard let schema, let built = schema.schema else {
            let reasons = schema?.diagnostics.prefix(3).map { Comparison.describe($0) }.joined(separator: "; ") ?? ""
            mismatches.append("Baton could not build the schema '\(document.schema)': \(reasons)")
            return
        }
        let diagnostics = Validator.validate(parsed.map(\.document), schema: built)
        compareValidation(expected: document.errors, actual: diagnostics)
    }

    private mutating func compareSyntax(expected: OracleError?, actual: Diagnostic?) {
        guard let expected else {
            mismatches.append("the oracle reports a syntax error without a message")
            return
        }
        let wanted = "\(expected.locations.first.map(\.description) ?? "?"): \(expected.message)"
        guard let actual else {
            mismatches.append("graphql-core: \(wanted); Baton parses it without error")
            return
        }
        let position = actual.primaryLocation?.oraclePosition
        let samePosition = position != nil && position == expected.locations.first
        let sameMessage = Comparison.normalized(actual.message) == Comparison.normalized(expected.message)
        if !samePosition || !sameMessage {
            mismatches.append("syntax error differs: graphql-core \(wanted); Baton \(Comparison.describe(actual))")
        }
    }

    private mutating func compareValidation(expected: [OracleError], actual: [Diagnostic]) {
        let expectedErrors = expected.filter { $0.rule != Comparison.unusedFragmentsRule }
        let expectedUnused = expected.filter { $0.rule == Comparison.unusedFragmentsRule }
        let actualErrors = actual.filter { $0.severity == .error }
        let actualWarnings = actual.filter { $0.severity == .warning }

        let coreVerdict = expectedErrors.isEmpty ? "valid" : "invalid"
        let batonVerdict = actualErrors.isEmpty ? "valid" : "invalid"
        if coreVerdict != batonVerdict {
            mismatches.append(
                "verdict: graphql-core \(coreVerdict) (\(expectedErrors.count) errors), Baton \(batonVerdict) (\(actualErrors.count) errors)"
            )
        }

        let (missing, extra) = match(expectedErrors, actualErrors)
        for error in missing {
            mismatches.append("missing \(Comparison.describe(error))")
        }
        for diagnostic in extra {
            mismatches.append("extra   \(Comparison.describe(diagnostic))\(hint(for: diagnostic, among: expectedErrors))")
        }

        unusedFragmentsExpected = expectedUnused.count
        let (missingUnused, extraWarnings) = match(expectedUnused, actualWarnings)
        unusedFragmentsMatched = expectedUnused.count - missingUnused.count
        for error in missingUnused {
            mismatches.append("missing warning \(Comparison.describe(error))")
        }
        for diagnostic in extraWarnings {
            notes.append("Baton-only warning \(Comparison.describe(diagnostic))")
        }
    }

    /// Pairs each graphql-core error with a Baton diagnostic of the same message whose primary
    /// position is one of the error's positions; returns what stays unpaired on either side.
    private mutating func match(_ expected: [OracleError], _ actual: [Diagnostic]) -> ([OracleError], [Diagnostic]) {
        var remaining = actual
        var missing: [OracleError] = []
        for error in expected {
            let message = Comparison.normalized(error.message)
            // Prefer the exact primary position, then any of the error's positions.
            let exact = remaining.firstIndex {
                Comparison.normalized($0.message) == message && $0.primaryLocation?.oraclePosition == error.locations.first
            }
            // graphql-core sometimes reports an error on a node it made itself, with no
            // location (a list item coerced to a list); then any position of Baton's will do.
            let anywhere = remaining.firstIndex {
                guard Comparison.normalized($0.message) == message else { return false }
                guard let position = $0.primaryLocation?.oraclePosition else { return error.locations.isEmpty }
                return error.locations.isEmpty || error.locations.contains(position)
            }
            guard let index = exact ?? anywhere else {
                missing.append(error)
                continue
            }
            let diagnostic = remaining.remove(at: index)
            let positions = diagnostic.locations.map(\.oraclePosition)
            if positions != error.locations {
                notes.append(
                    "locations differ for '\(error.message)': graphql-core \(error.locations.map(\.description)), Baton \(positions.map(\.description))"
                )
            }
            let rule = error.rule.hasSuffix("Rule") ? String(error.rule.dropLast(4)) : error.rule
            // graphql-core names its rules; Baton's codes for them carry the same names.
            if diagnostic.code != DiagnosticCode(rawValue: rule) && diagnostic.code != DiagnosticCode(rawValue: error.rule) {
                notes.append("code '\(diagnostic.code)' where graphql-core's rule is \(error.rule)")
            }
        }
        return (missing, remaining)
    }

    /// A nearby graphql-core error, to make an extra diagnostic's line readable.
    private func hint(for diagnostic: Diagnostic, among expected: [OracleError]) -> String {
        let position = diagnostic.primaryLocation?.oraclePosition
        if let same = expected.first(where: { $0.locations.first == position }) {
            return "\n          graphql-core at that position: \(same.message)"
        }
        let message = Comparison.normalized(diagnostic.message)
        if let same = expected.first(where: { Comparison.normalized($0.message) == message }) {
            return "\n          graphql-core has it at \(same.locations.map(\.description).joined(separator: ", "))"
        }
        return ""
    }

    static func describe(_ error: OracleError) -> String {
        "\(error.rule) at \(error.locations.map(\.description).joined(separator: ", ")): \(error.message)"
    }

    static func describe(_ diagnostic: Diagnostic) -> String {
        let position = diagnostic.primaryLocation.map { $0.oraclePosition.description } ?? "?"
        return "\(diagnostic.code) at \(position): \(diagnostic.severity.rawValue): \(diagnostic.message)"
    }
}
