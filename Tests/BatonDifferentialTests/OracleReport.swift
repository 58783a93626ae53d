import Foundation

/// graphql-core's verdicts on the corpus, as `Tests/oracle/validate.py` prints them.
struct OracleReport: Decodable, Sendable {
    var graphqlCore: String
    /// The names of graphql-core's specified_rules, in its order.
    var rules: [String]
    var documents: [OracleDocument]
}

/// One document (a file) or one group (a folder of files validated together).
struct OracleDocument: Decodable, Sendable {
    enum Verdict: String, Decodable, Sendable {
        case valid, syntax, invalid
    }

    /// Relative to the corpus: `rickandmorty/valid-aliases.graphql` or `github/group-issues-screen`.
    var path: String
    /// The corpus folder, which names the schema in `schemas.json`.
    var schema: String
    var files: [String]
    var verdict: Verdict
    var errors: [OracleError]
}

struct OracleError: Decodable, Sendable {
    var message: String
    var locations: [OraclePosition]
    /// The graphql-core rule that reported it (`FieldsOnCorrectTypeRule`), or `Syntax`.
    var rule: String
}

/// 1-based line and column (in Unicode code points), with the corpus-relative file.
struct OraclePosition: Decodable, Hashable, Sendable, CustomStringConvertible {
    var file: String
    var line: Int
    var column: Int

    var description: String { "\(file):\(line):\(column)" }
}
