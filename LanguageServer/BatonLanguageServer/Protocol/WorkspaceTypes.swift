import BatonJSON

/// `FileChangeType` of a watched-file event.
package enum FileChangeType: Int, Sendable {
    case created = 1
    case changed = 2
    case deleted = 3
}

package struct FileEvent: Sendable, Hashable, LSPDecodable {
    package var uri: String
    package var type: FileChangeType

    package init(uri: String, type: FileChangeType) {
        self.uri = uri
        self.type = type
    }

    package init(json: JSONValue, path: String) throws(ResponseError) {
        let fields = try JSONFields(json, path: path)
        uri = try fields.string("uri")
        let raw = try fields.int("type")
        guard let type = FileChangeType(rawValue: raw) else {
            throw .invalidParams("\(path).type: expected 1, 2 or 3, found \(raw)")
        }
        self.type = type
    }
}

package struct DidChangeWatchedFilesParams: Sendable, LSPDecodable {
    package var changes: [FileEvent]

    package init(json: JSONValue, path: String) throws(ResponseError) {
        changes = try JSONFields(json, path: path).decodeArray("changes")
    }
}

package struct DidChangeWorkspaceFoldersParams: Sendable, LSPDecodable {
    package var added: [WorkspaceFolder]
    package var removed: [WorkspaceFolder]

    package init(json: JSONValue, path: String) throws(ResponseError) {
        let event = try JSONFields(try JSONFields(json, path: path).value("event"), path: "\(path).event")
        added = try event.decodeArray("added")
        removed = try event.decodeArray("removed")
    }
}
