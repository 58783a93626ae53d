import BatonCompiler
import Foundation

/// A target written to a fresh temporary directory: a schema, a `baton.json` and sources.
struct TemporaryTarget {
    let directory: String

    static let schema = """
        type Query { character(id: ID!): Character search(name: String): [SearchResult] characters(filter: Filter): [Character!]! }
        type Mutation { rename(id: ID!, name: String!): Character }
        interface Node { id: ID! }
        type Character implements Node {
          id: ID! name: String species: String! tags: [String] codes: [String!]! status: Status
          price: Decimal prices: [Decimal!] origin: Location friends: [Character!]
        }
        type Location implements Node { id: ID! name: String }
        union SearchResult = Character | Location
        enum Status { ALIVE DEAD unknown }
        input Filter { name: String status: Status }
        scalar Decimal
        """

    init(
        config: String = #"{"schema": "schema.graphql", "customScalarTypes": {"Decimal": {"swift": "Foundation.Decimal"}}}"#,
        files: [String: String]
    ) throws {
        directory = NSTemporaryDirectory() + "baton-emit-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory + "/Sources/App", withIntermediateDirectories: true)
        try Self.schema.write(toFile: directory + "/schema.graphql", atomically: true, encoding: .utf8)
        try config.write(toFile: directory + "/baton.json", atomically: true, encoding: .utf8)
        for (path, text) in files {
            try text.write(toFile: directory + "/" + path, atomically: true, encoding: .utf8)
        }
    }

    func request(_ files: [String]) -> CompilationSetup.Request {
        CompilationSetup.Request(
            configPath: directory + "/baton.json", schemaPath: nil,
            paths: files.map { directory + "/" + $0 })
    }

    func options(
        _ files: [String], out: String? = "Generated", emits: [(String, String)] = [], report: String? = nil,
        check: Bool = false
    ) -> GenerateCommand.Options {
        GenerateCommand.Options(
            request: request(files), out: out.map { directory + "/" + $0 },
            emits: emits.map { (directory + "/" + $0.0, directory + "/" + $0.1) },
            report: report.map { directory + "/" + $0 }, check: check, workingDirectory: directory)
    }

    func read(_ path: String) -> String? { try? String(contentsOfFile: directory + "/" + path, encoding: .utf8) }

    func remove() { try? FileManager.default.removeItem(atPath: directory) }
}
