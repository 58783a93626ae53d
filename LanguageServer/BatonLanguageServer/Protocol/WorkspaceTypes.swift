import BatonJSON

/// `FileChangeType` of a watched-file event.
public enum FileChangeType: Int, Sendable {
    case created = 1
    case changed = 2
    case deleted = 3
}

public struct FileEvent: Sendable, Hashable, LSPDecodable {
    public var uri: String
    public var type: FileChangeType

    public init(uri: String, type: FileChangeType) {
        self.uri = uri
        self.type = type
    }

    public init(json: JSONValue, path: String) throws(ResponseError) {
        let fields = try JSONFields(json, path: path)
        uri = try fields.string("uri")
        let raw = try fields.int("type")
        guard let type = FileChangeType(rawValue: raw) else {
            throw .invalidParams("\(path).type: expected 1, 2 or 3, found \(raw)")
        }
        self.type = type
    }
}

public struct DidChangeWatchedFilesParams: Sendable, LSPDecodable {
    public var changes: [FileEvent]

    public init(json: JSONValue, path: String) throws(ResponseError) {
        changes = try JSONFields(json, path: path).decodeArray("changes")
    }
}

public struct DidChangeWorkspaceFoldersParams: Sendable, LSPDecodable {
    public var added: [WorkspaceFolder]
    public var removed: [WorkspaceFolder]

    public init(json: JSONValue, path: String) throws(ResponseError) {
        let event = try JSONFields(try JSONFields(json, path: path).value("event"), path: "\(path).event")
        added = try event.decodeArray("added")
        removed = try event.decodeArray("removed")
    }
}
