import BatonDiagnostics
import BatonSyntax
import Foundation
import Testing

@testable import BatonSchema

// Helpers shared by the schema tests: building from SDL text and describing diagnostics as
// `message @ line:column, …` with graphql-core's 1-based positions.

let specDirectory: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)  // Tests/BatonSchemaTests/Support.swift
    return parts.joined(separator: "/") + "/spec"
}()

func parse(_ text: String, name: String = "schema.graphql") -> Document {
    let result = Parser.parse(Source(name: name, text: text))
    #expect(result.diagnostics.isEmpty, "syntax: \(result.diagnostics.map(\.message))")
    return result.document
}

func build(_ sdl: String, client: String? = nil) -> SchemaBuildResult {
    SchemaBuilder.build([parse(sdl)], clientExtensions: client.map { [parse($0, name: "client.graphql")] } ?? [])
}

/// `message @ 1:2, 3:4` for each diagnostic, positions 1-based as graphql-core prints them.
func described(_ diagnostics: [Diagnostic]) -> [String] {
    diagnostics.map { d in
        let positions = d.locations.map { "\($0.start.line + 1):\($0.start.column + 1)" }.joined(separator: ", ")
        return (d.severity == .warning ? "warning: " : "") + d.message + " @ " + positions
    }
}

func diagnostics(_ sdl: String, client: String? = nil) -> [String] {
    described(build(sdl, client: client).diagnostics)
}

func readSpec(_ relative: String) throws -> String {
    try String(contentsOfFile: specDirectory + "/" + relative, encoding: .utf8)
}
