import BatonJSON

/// The parts of `initialize`'s params the server reads; the full client capabilities stay
/// available as JSON for features that look up their own client support.
public struct InitializeParams: Sendable, LSPDecodable {
    public var processId: Int?
    public var rootURI: String?
    public var workspaceFolders: [WorkspaceFolder]
    public var capabilities: JSONValue
    public var initializationOptions: JSONValue?
    public var clientName: String?
    /// `capabilities.general.positionEncodings`, most preferred first.
    public var positionEncodings: [String]

    /// The folders to work in: `workspaceFolders`, else the deprecated `rootUri` as one folder.
    public var initialFolders: [WorkspaceFolder] {
        if !workspaceFolders.isEmpty { return workspaceFolders }
        guard let rootURI else { return [] }
        let name = DocumentURI.displayName(of: rootURI).split(separator: "/").last.map(String.init) ?? rootURI
        return [WorkspaceFolder(uri: rootURI, name: name)]
    }

    /// A client capability by its dotted path (`"textDocument.completion.completionItem.snippetSupport"`),
    /// nil when the client did not say.
    public func clientCapability(_ path: String) -> JSONValue? {
        var value: JSONValue? = capabilities
        for key in path.split(separator: ".") { value = value?[String(key)] }
        return value
    }

    /// Whether the client lets the server register file watchers (`client/registerCapability`).
    public var supportsWatchedFilesRegistration: Bool {
        clientCapability("workspace.didChangeWatchedFiles.dynamicRegistration")?.boolValue == true
    }

    public init(json: JSONValue, path: String) throws(ResponseError) {
        let fields = try JSONFields(json, path: path)
        processId = try fields.optionalInt("processId")
        rootURI = try fields.optionalString("rootUri")
        workspaceFolders = fields.optionalValue("workspaceFolders") == nil ? [] : try fields.decodeArray("workspaceFolders")
        capabilities = fields.optionalValue("capabilities") ?? [:]
        initializationOptions = fields.optionalValue("initializationOptions")
        clientName = try fields.optionalDecode("clientInfo", as: ClientInfo.self)?.name
        positionEncodings = []
        if let general = capabilities["general"], let encodings = general["positionEncodings"] {
            guard let list = encodings.arrayValue else {
                throw .invalidParams("\(path).capabilities.general.positionEncodings: expected an array, found \(encodings.kindDescription)")
            }
            positionEncodings = list.compactMap(\.stringValue)
        }
    }

    private struct ClientInfo: LSPDecodable {
        var name: String
        init(json: JSONValue, path: String) throws(ResponseError) {
            name = try JSONFields(json, path: path).string("name")
        }
    }
}

public struct WorkspaceFolder: Sendable, Hashable, LSPDecodable {
    public var uri: String
    public var name: String

    public init(uri: String, name: String) {
        self.uri = uri
        self.name = name
    }

    public init(json: JSONValue, path: String) throws(ResponseError) {
        let fields = try JSONFields(json, path: path)
        uri = try fields.string("uri")
        name = try fields.string("name")
    }
}

/// `TextDocumentSyncKind`.
public enum TextDocumentSyncKind: Int, Sendable {
    case none = 0
    case full = 1
    case incremental = 2
}
