import BatonDiagnostics
import BatonSchema
import BatonSyntax
import Foundation
import Testing

@testable import BatonValidation

// Helpers shared by the validation tests: the fixture schemas, parsing documents, and
// describing findings as `message @ line:column, …` with graphql-core's 1-based positions.

let specDirectory: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)  // Tests/BatonValidationTests/Support.swift
    return parts.joined(separator: "/") + "/spec"
}()

func readSpec(_ relative: String) -> String {
    (try? String(contentsOfFile: specDirectory + "/" + relative, encoding: .utf8)) ?? ""
}

func parseDocument(_ text: String, name: String = "document.graphql") -> Document {
    let result = Parser.parse(Source(name: name, text: text))
    #expect(result.diagnostics.isEmpty, "syntax: \(result.diagnostics.map(\.message))")
    return result.document
}

func buildSchema(_ sdl: String) -> Schema {
    let result = SchemaBuilder.build([parseDocument(sdl, name: "schema.graphql")])
    #expect(!result.diagnostics.hasErrors, "schema: \(result.diagnostics.map(\.message))")
    return result.schema!
}

enum Schemas {
    static let zoo = buildSchema(readSpec("validation/zoo.graphql"))
    static let rickAndMorty = buildSchema(readSpec("schemas/rick-and-morty.schema.graphql"))
    static let queryOnly = buildSchema(readSpec("validation/query-only.graphql"))

    static func named(_ name: String) -> Schema {
        switch name {
        case "zoo": zoo
        case "rickandmorty": rickAndMorty
        case "queryonly": queryOnly
        default: fatalError("unknown fixture schema \(name)")
        }
    }
}

/// `message @ 1:2, 3:4` for each finding; warnings are prefixed `warning: `.
func described(_ diagnostics: [Diagnostic], severities: Bool = true) -> [String] {
    diagnostics.map { d in
        let positions = d.locations.map { "\($0.start.line + 1):\($0.start.column + 1)" }.joined(separator: ", ")
        return (severities && d.severity == .warning ? "warning: " : "") + d.message + " @ " + positions
    }
}

func validate(
    _ text: String, schema: Schema = Schemas.zoo,
    options: ValidationOptions = ValidationOptions()
) -> [String] {
    described(Validator.validate([parseDocument(text)], schema: schema, options: options))
}

/// One recorded case of spec/validation/cases.json: a document and graphql-core's findings.
struct RecordedCase: Decodable, CustomTestStringConvertible, Sendable {
    struct Finding: Decodable, Sendable {
        let message: String
        let locations: [[Int]]
    }

    let rule: String
    let name: String
    let schema: String
    let document: String
    let errors: [Finding]

    var testDescription: String { name }

    var expected: [String] {
        errors.map { e in e.message + " @ " + e.locations.map { "\($0[0]):\($0[1])" }.joined(separator: ", ") }
    }

    static let all: [RecordedCase] = {
        let data = Data(readSpec("validation/cases.json").utf8)
        return (try? JSONDecoder().decode([RecordedCase].self, from: data)) ?? []
    }()

    static func cases(for rule: String) -> [RecordedCase] { all.filter { $0.rule == rule } }
}
