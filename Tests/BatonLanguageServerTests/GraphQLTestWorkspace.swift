import BatonJSON
import Foundation

@testable import BatonGraphQLFeatures
@testable import BatonLanguageServer

/// A project on disk in a fresh temporary directory: baton.json, a small schema and the
/// files a test writes.
final class TestProject {
    let root: String

    static let schema = #"""
        "Anything with an ID."
        interface Node { id: ID! }

        """A character of the show."""
        type Character implements Node {
          id: ID!
          "The character's full name."
          name: String
          status: Status
          origin: Location
          episodes(first: Int, order: Order = ASC): [Episode!]
          nickname: String @deprecated(reason: "Use name.")
        }

        type Location implements Node { id: ID! name: String }
        type Episode implements Node { id: ID! title: String }
        enum Status { ALIVE DEAD UNKNOWN }
        enum Order { ASC DESC }
        input CharacterFilter { name: String status: Status }

        type Query {
          character(id: ID!): Character
          characters(filter: CharacterFilter, page: Int): [Character]
          node(id: ID!): Node
        }

        "Marks a selection for tooling."
        directive @tag(name: String!) on FIELD | FRAGMENT_SPREAD
        """#

    init(files: [String: String] = [:]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("baton-lsp-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try write("baton.json", #"{"schema": "schema.graphql"}"#)
        try write("schema.graphql", Self.schema)
        for (name, text) in files { try write(name, text) }
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    func path(_ name: String) -> String { root + "/" + name }
    func uri(_ name: String) -> String { DocumentURI.fileURI(path: path(name)) }

    func write(_ name: String, _ text: String) throws {
        let full = path(name)
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: full, atomically: false, encoding: .utf8)
    }
}

/// A server with the GraphQL features over a manual host, initialized on a project.
final class GraphQLHarness {
    let h = Harness()
    let project: TestProject
    let workspace = GraphQLWorkspace(delay: 100)
    /// What the server answered `initialize` with (its capabilities).
    private(set) var initializeResult: JSONValue?
    private var nextID = 100

    init(_ project: TestProject, encodings: [String]? = nil, pull: Bool = false, folders: [String]? = nil) {
        self.project = project
        h.server.add(workspace)
        var capabilities: JSONObject = [:]
        if let encodings { capabilities["general"] = ["positionEncodings": .array(encodings.map { .string($0) })] }
        // Reads Markdown in completion documentation and hover, as most editors do.
        var textDocument: JSONObject = [
            "completion": ["completionItem": ["documentationFormat": ["markdown", "plaintext"]]],
            "hover": ["contentFormat": ["markdown", "plaintext"]],
        ]
        if pull { textDocument["diagnostic"] = ["dynamicRegistration": false] }
        capabilities["textDocument"] = .object(textDocument)
        let folderPaths = folders ?? [project.root]
        h.request(
            1, "initialize",
            [
                "processId": nil, "rootUri": nil, "capabilities": .object(capabilities),
                "workspaceFolders": .array(folderPaths.map { ["uri": .string(DocumentURI.fileURI(path: $0)), "name": "w"] }),
            ])
        initializeResult = try? h.answer(1)?.get()
        h.notify("initialized", [:])
        settle()
    }

    /// Runs timers and background work until nothing is left (scans, debounced checks).
    func settle() {
        for _ in 0..<20 {
            guard h.host.activeTimers > 0 || h.host.pendingBackgroundWork > 0 else { return }
            h.host.fireTimers()
            h.host.runBackgroundWork()
        }
    }

    func open(_ name: String, _ text: String, version: Int = 1) {
        h.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": .string(project.uri(name)), "languageId": name.hasSuffix(".swift") ? "swift" : "graphql",
                    "version": .number(version), "text": .string(text),
                ]
            ])
    }

    /// The last diagnostics published for a file since the last take, as (range, message).
    func published(_ name: String) -> [JSONValue]? {
        var last: [JSONValue]?
        for message in h.host.take() {
            if case .notification("textDocument/publishDiagnostics", let params?) = message, params["uri"]?.stringValue == project.uri(name)
            {
                last = params["diagnostics"]?.arrayValue
            }
        }
        return last
    }

    /// Sends a request and settles; its result.
    func request(_ method: String, _ params: JSONValue) -> JSONValue? {
        nextID += 1
        let id = nextID
        h.request(id, method, params)
        settle()
        return try? h.answer(id)?.get()
    }

    func at(_ method: String, _ name: String, line: Int, character: Int, extra: JSONObject = [:]) -> JSONValue? {
        var params: JSONObject = [
            "textDocument": ["uri": .string(project.uri(name))],
            "position": ["line": .number(line), "character": .number(character)],
        ]
        for member in extra.members { params[member.key] = member.value }
        return request(method, .object(params))
    }

    /// Completion labels at a position.
    func labels(_ name: String, line: Int, character: Int) -> [String] {
        (at("textDocument/completion", name, line: line, character: character)?.arrayValue ?? []).compactMap { $0["label"]?.stringValue }
    }
}

func range(_ l1: Int, _ c1: Int, _ l2: Int, _ c2: Int) -> JSONValue {
    ["start": ["line": .number(l1), "character": .number(c1)], "end": ["line": .number(l2), "character": .number(c2)]]
}
