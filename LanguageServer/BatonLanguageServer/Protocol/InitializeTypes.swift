import BatonJSON

/// The parts of `initialize`'s params the server reads; the full client capabilities stay
/// available as JSON for features that look up their own client support.
package struct InitializeParams: Sendable, LSPDecodable {
    package var processId: Int?
    package var rootURI: String?
    package var workspaceFolders: [WorkspaceFolder]
    package var capabilities: JSONValue
    package var initializationOptions: JSONValue?
    package var clientName: String?
    /// `capabilities.general.positionEncodings`, most preferred first.
    package var positionEncodings: [String]

    /// The folders to work in: `workspaceFolders`, else the deprecated `rootUri` as one folder.
    package var initialFolders: [WorkspaceFolder] {
        if !workspaceFolders.isEmpty { return workspaceFolders }
        guard let rootURI else { return [] }
        let name = DocumentURI.displayName(of: rootURI).split(separator: "/").last.map(String.init) ?? rootURI
        return [WorkspaceFolder(uri: rootURI, name: name)]
    }

    /// A client capability by its dotted path (`"textDocument.completion.completionItem.snippetSupport"`),
    /// nil when the client did not say.
    package func clientCapability(_ path: String) -> JSONValue? {
        var value: JSONValue? = capabilities
        for key in path.split(separator: ".") { value = value?[String(key)] }
        return value
    }

    /// Whether the client lets the server register file watchers (`client/registerCapability`).
    package var supportsWatchedFilesRegistration: Bool {
        clientCapability("workspace.didChangeWatchedFiles.dynamicRegistration")?.boolValue == true
    }

    package init(json: JSONValue, path: String) throws(ResponseError) {
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
                throw .invalidParams(
                    "\(path).capabilities.general.positionEncodings: expected an array, found \(encodings.kindDescription)")
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

package struct WorkspaceFolder: Sendable, Hashable, LSPDecodable {
    package var uri: String
    package var name: String

    package init(uri: String, name: String) {
        self.uri = uri
        self.name = name
    }

    package init(json: JSONValue, path: String) throws(ResponseError) {
        let fields = try JSONFields(json, path: path)
        uri = try fields.string("uri")
        name = try fields.string("name")
    }
}

/// `TextDocumentSyncKind`.
package enum TextDocumentSyncKind: Int, Sendable {
    case none = 0
    case full = 1
    case incremental = 2
}
