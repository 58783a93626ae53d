import BatonDiagnostics
import BatonJSON

/// A zero-based line and character; `character` counts units of the negotiated encoding.
public struct Position: Hashable, Sendable, LSPDecodable {
    public var line: Int
    public var character: Int

    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    public init(json: JSONValue, path: String) throws(ResponseError) {
        let fields = try JSONFields(json, path: path)
        line = try fields.uinteger("line")
        character = try fields.uinteger("character")
    }

    public var json: JSONValue { ["line": .number(line), "character": .number(character)] }
}

public struct Range: Hashable, Sendable, LSPDecodable {
    public var start: Position
    public var end: Position

    public init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }

    public init(json: JSONValue, path: String) throws(ResponseError) {
        let fields = try JSONFields(json, path: path)
        start = try fields.decode("start")
        end = try fields.decode("end")
    }

    public var json: JSONValue { ["start": start.json, "end": end.json] }
}

public struct TextDocumentIdentifier: Hashable, Sendable, LSPDecodable {
    public var uri: String

    public init(uri: String) { self.uri = uri }

    public init(json: JSONValue, path: String) throws(ResponseError) {
        uri = try JSONFields(json, path: path).string("uri")
    }
}

public struct VersionedTextDocumentIdentifier: Hashable, Sendable, LSPDecodable {
    public var uri: String
    public var version: Int

    public init(json: JSONValue, path: String) throws(ResponseError) {
        let fields = try JSONFields(json, path: path)
        uri = try fields.string("uri")
        version = try fields.int("version")
    }
}

public struct TextDocumentItem: Sendable, LSPDecodable {
    public var uri: String
    public var languageId: String
    public var version: Int
    public var text: String

    public init(json: JSONValue, path: String) throws(ResponseError) {
        let fields = try JSONFields(json, path: path)
        uri = try fields.string("uri")
        languageId = try fields.string("languageId")
        version = try fields.int("version")
        text = try fields.string("text")
    }
}

/// One edit of `didChange`: a range and its replacement, or (without a range) the whole text.
public struct TextDocumentContentChangeEvent: Sendable, LSPDecodable {
    public var range: Range?
    public var text: String

    public init(range: Range?, text: String) {
        self.range = range
        self.text = text
    }

    public init(json: JSONValue, path: String) throws(ResponseError) {
        let fields = try JSONFields(json, path: path)
        range = try fields.optionalDecode("range")
        text = try fields.string("text")
    }
}

public struct DidOpenTextDocumentParams: Sendable, LSPDecodable {
    public var textDocument: TextDocumentItem

    public init(json: JSONValue, path: String) throws(ResponseError) {
        textDocument = try JSONFields(json, path: path).decode("textDocument")
    }
}

public struct DidChangeTextDocumentParams: Sendable, LSPDecodable {
    public var textDocument: VersionedTextDocumentIdentifier
    public var contentChanges: [TextDocumentContentChangeEvent]

    public init(json: JSONValue, path: String) throws(ResponseError) {
        let fields = try JSONFields(json, path: path)
        textDocument = try fields.decode("textDocument")
        contentChanges = try fields.decodeArray("contentChanges")
    }
}

public struct DidCloseTextDocumentParams: Sendable, LSPDecodable {
    public var textDocument: TextDocumentIdentifier

    public init(json: JSONValue, path: String) throws(ResponseError) {
        textDocument = try JSONFields(json, path: path).decode("textDocument")
    }
}

public struct DidSaveTextDocumentParams: Sendable, LSPDecodable {
    public var textDocument: TextDocumentIdentifier
    public var text: String?

    public init(json: JSONValue, path: String) throws(ResponseError) {
        let fields = try JSONFields(json, path: path)
        textDocument = try fields.decode("textDocument")
        text = try fields.optionalString("text")
    }
}

/// `textDocument/*` requests that point at a place: hover, definition, completion, references.
public struct TextDocumentPositionParams: Sendable, LSPDecodable {
    public var textDocument: TextDocumentIdentifier
    public var position: Position

    public init(json: JSONValue, path: String) throws(ResponseError) {
        let fields = try JSONFields(json, path: path)
        textDocument = try fields.decode("textDocument")
        position = try fields.decode("position")
    }
}

public struct CancelParams: Sendable, LSPDecodable {
    public var id: RequestID

    public init(json: JSONValue, path: String) throws(ResponseError) {
        let raw = try JSONFields(json, path: path).value("id")
        guard let id = RequestID(json: raw) else {
            throw .invalidParams("\(path).id: expected an integer or a string, found \(raw.kindDescription)")
        }
        self.id = id
    }
}
