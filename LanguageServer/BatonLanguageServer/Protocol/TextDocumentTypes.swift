import BatonDiagnostics
import BatonJSON

/// A zero-based line and character; `character` counts units of the negotiated encoding.
package struct Position: Hashable, Sendable, LSPDecodable {
    package var line: Int
    package var character: Int

    package init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    package init(json: JSONValue, path: String) throws(ResponseError) {
        let fields = try JSONFields(json, path: path)
        line = try fields.uinteger("line")
        character = try fields.uinteger("character")
    }

    package var json: JSONValue { ["line": .number(line), "character": .number(character)] }
}

package struct Range: Hashable, Sendable, LSPDecodable {
    package var start: Position
    package var end: Position

    package init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }

    package init(json: JSONValue, path: String) throws(ResponseError) {
        let fields = try JSONFields(json, path: path)
        start = try fields.decode("start")
        end = try fields.decode("end")
    }

    package var json: JSONValue { ["start": start.json, "end": end.json] }
}

package struct TextDocumentIdentifier: Hashable, Sendable, LSPDecodable {
    package var uri: String

    package init(uri: String) { self.uri = uri }

    package init(json: JSONValue, path: String) throws(ResponseError) {
        uri = try JSONFields(json, path: path).string("uri")
    }
}

package struct VersionedTextDocumentIdentifier: Hashable, Sendable, LSPDecodable {
    package var uri: String
    package var version: Int

    package init(json: JSONValue, path: String) throws(ResponseError) {
        let fields = try JSONFields(json, path: path)
        uri = try fields.string("uri")
        version = try fields.int("version")
    }
}

package struct TextDocumentItem: Sendable, LSPDecodable {
    package var uri: String
    package var languageId: String
    package var version: Int
    package var text: String

    package init(json: JSONValue, path: String) throws(ResponseError) {
        let fields = try JSONFields(json, path: path)
        uri = try fields.string("uri")
        languageId = try fields.string("languageId")
        version = try fields.int("version")
        text = try fields.string("text")
    }
}

/// One edit of `didChange`: a range and its replacement, or (without a range) the whole text.
package struct TextDocumentContentChangeEvent: Sendable, LSPDecodable {
    package var range: Range?
    package var text: String

    package init(range: Range?, text: String) {
        self.range = range
        self.text = text
    }

    package init(json: JSONValue, path: String) throws(ResponseError) {
        let fields = try JSONFields(json, path: path)
        range = try fields.optionalDecode("range")
        text = try fields.string("text")
    }
}

package struct DidOpenTextDocumentParams: Sendable, LSPDecodable {
    package var textDocument: TextDocumentItem

    package init(json: JSONValue, path: String) throws(ResponseError) {
        textDocument = try JSONFields(json, path: path).decode("textDocument")
    }
}

package struct DidChangeTextDocumentParams: Sendable, LSPDecodable {
    package var textDocument: VersionedTextDocumentIdentifier
    package var contentChanges: [TextDocumentContentChangeEvent]

    package init(json: JSONValue, path: String) throws(ResponseError) {
        let fields = try JSONFields(json, path: path)
        textDocument = try fields.decode("textDocument")
        contentChanges = try fields.decodeArray("contentChanges")
    }
}

package struct DidCloseTextDocumentParams: Sendable, LSPDecodable {
    package var textDocument: TextDocumentIdentifier

    package init(json: JSONValue, path: String) throws(ResponseError) {
        textDocument = try JSONFields(json, path: path).decode("textDocument")
    }
}

package struct DidSaveTextDocumentParams: Sendable, LSPDecodable {
    package var textDocument: TextDocumentIdentifier
    package var text: String?

    package init(json: JSONValue, path: String) throws(ResponseError) {
        let fields = try JSONFields(json, path: path)
        textDocument = try fields.decode("textDocument")
        text = try fields.optionalString("text")
    }
}

/// `textDocument/*` requests that point at a place: hover, definition, completion, references.
package struct TextDocumentPositionParams: Sendable, LSPDecodable {
    package var textDocument: TextDocumentIdentifier
    package var position: Position

    package init(json: JSONValue, path: String) throws(ResponseError) {
        let fields = try JSONFields(json, path: path)
        textDocument = try fields.decode("textDocument")
        position = try fields.decode("position")
    }
}

package struct CancelParams: Sendable, LSPDecodable {
    package var id: RequestID

    package init(json: JSONValue, path: String) throws(ResponseError) {
        let raw = try JSONFields(json, path: path).value("id")
        guard let id = RequestID(json: raw) else {
            throw .invalidParams("\(path).id: expected an integer or a string, found \(raw.kindDescription)")
        }
        self.id = id
    }
}
