import BatonDiagnostics
import BatonHosts
import BatonJSON
import BatonLanguageServer
import BatonLanguageService
import BatonSchema

/// `textDocument/references`: the spreads of a fragment, and every use of a schema element
/// (a field, type, argument, input field, enum value or directive) in every document of the
/// project, Swift markers and `.graphql` files, in host-file positions. The cursor may be on
/// a use in a document or on the element's definition in a schema file.
enum SchemaNavigation {
    static let capabilities: JSONObject = ["referencesProvider": true]

    static func attach(to server: LanguageServer, state: WorkspaceState) {
        server.onRequest("textDocument/references") { context in
            guard let params = context.decodeParams(TextDocumentPositionParams.self) else { return }
            let includeDeclaration = context.params?["context"]?["includeDeclaration"]?.boolValue ?? true
            state.answer(context, server: server, uri: params.textDocument.uri) { source, encoding, _ in
                let offset = PositionConverter.offset(of: params.position, in: source, encoding: encoding)
                guard
                    let locations = references(
                        at: offset, in: source, workspace: state.snapshot(), includeDeclaration: includeDeclaration)
                else { return .success(.null) }
                return .success(.array(locations.map { json($0, encoding) }))
            }
        }
    }

    /// The references of what is at `offset` of the host file `source`, or nil when nothing
    /// with references is there.
    static func references(at offset: Int, in source: Source, workspace: WorkspaceSnapshot, includeDeclaration: Bool) -> [Location]? {
        // A schema file: the element defined or named there, used in its project's documents.
        if let project = workspace.projects.first(where: { $0.schemaFiles.contains(source.name) }) {
            guard let schema = project.schema, let (element, _) = SchemaElement.inSchemaFile(source, at: offset) else { return nil }
            let files = workspace.sources.sources(of: project, among: workspace.projects, open: workspace.open)
            let index = project.parsedFiles.snapshot(of: files).index
            return uses(of: element, schema: schema, index: index, includeDeclaration: includeDeclaration)
        }
        guard let (project, files) = workspace.files(for: source), let schema = project.schema,
            let (document, graphQLOffset) = HostCursor.locate(source, offset: offset)
        else { return nil }
        let index = project.parsedFiles.snapshot(of: files).index
        if let found = GraphQLSymbol.at(graphQLOffset, in: document.source, schema: schema, index: index),
            case .fragment(let name) = found.symbol
        {
            var locations = index.spreads(of: name)
            if includeDeclaration, let declaration = found.symbol.definition(schema: schema, index: index) {
                locations.insert(declaration, at: 0)
            }
            return locations
        }
        guard let (element, _) = SchemaElement.at(graphQLOffset, in: document.source, schema: schema, index: index) else { return nil }
        return uses(of: element, schema: schema, index: index, includeDeclaration: includeDeclaration)
    }

    static func uses(of element: SchemaElement, schema: Schema, index: ProjectIndex, includeDeclaration: Bool) -> [Location] {
        var locations = element.uses(in: index, schema: schema)
        if includeDeclaration, let declaration = element.symbol(in: schema)?.definition(schema: schema, index: index) {
            locations.insert(declaration, at: 0)
        }
        return locations
    }

    /// A location in a document as an LSP `Location` in its host file.
    static func json(_ location: Location, _ encoding: PositionEncoding) -> JSONValue {
        let host = location.hostLocation
        return [
            "uri": .string(LSPDiagnostic.uri(ofSourceNamed: host.source.name)),
            "range": PositionConverter.range(of: host.range, in: host.source, encoding: encoding).json,
        ]
    }
}
