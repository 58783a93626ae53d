import BatonDiagnostics
import BatonSchema
import BatonSyntax
import BatonValidation
import Foundation

/// Baton's front end over the corpus: each schema built once, each document parsed and
/// validated as the oracle did (a group's files together).
enum FrontEnd {
    struct BuiltSchema: Sendable {
        var schema: Schema?
        var diagnostics: [Diagnostic]
    }

    /// Corpus folder → the schema Baton builds from the file `schemas.json` names. The schema
    /// files are read as published (GitHub's has two duplicated fields that graphql-core refuses;
    /// Baton may report them, but must still build a usable schema).
    static let schemas: Result<[String: BuiltSchema], OracleFailure> = {
        let mapURL = Repository.corpus.appendingPathComponent("schemas.json")
        let map: [String: String]
        do {
            map = try JSONDecoder().decode([String: String].self, from: Data(contentsOf: mapURL))
        } catch {
            return .failure(OracleFailure(description: "cannot read \(mapURL.path): \(error)"))
        }
        var built: [String: BuiltSchema] = [:]
        for (folder, relativePath) in map {
            let url = Repository.corpus.appendingPathComponent(relativePath).standardizedFileURL
            guard let bytes = try? Data(contentsOf: url) else {
                return .failure(OracleFailure(description: "cannot read the schema \(url.path)"))
            }
            let parsed = Parser.parse(Source(name: url.lastPathComponent, bytes: [UInt8](bytes)))
            if !parsed.diagnostics.isEmpty {
                built[folder] = BuiltSchema(schema: nil, diagnostics: parsed.diagnostics)
                continue
            }
            let result = SchemaBuilder.build([parsed.document])
            built[folder] = BuiltSchema(schema: result.schema, diagnostics: result.diagnostics)
        }
        return .success(built)
    }()

    /// The corpus files of one oracle entry, named by their corpus-relative path so that
    /// positions compare with the oracle's.
    static func sources(of document: OracleDocument) throws -> [Source] {
        try document.files.map { file in
            let url = Repository.corpus.appendingPathComponent(file)
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw OracleFailure(description: "cannot read \(url.path)")
            }
            return Source(name: file, bytes: [UInt8](data))
        }
    }
}

/// A Baton diagnostic's position in the oracle's terms: corpus-relative file, 1-based line and
/// column in Unicode scalars.
extension Location {
    var oraclePosition: OraclePosition {
        let position = start
        return OraclePosition(file: source.name, line: position.line + 1, column: position.column + 1)
    }
}
