/// The documents the client has open, by URI. Lives on the server's loop thread; features
/// take `TextDocument` snapshots (values) to their worker threads.
public struct DocumentStore: Sendable {
    private var documents: [String: TextDocument] = [:]

    public init() {}

    public subscript(uri: String) -> TextDocument? {
        documents[uri]
    }

    public var count: Int { documents.count }
    public var uris: [String] { documents.keys.sorted() }
    public var all: [TextDocument] { uris.compactMap { documents[$0] } }

    mutating func open(_ document: TextDocument) {
        documents[document.uri] = document
    }

    mutating func replace(_ document: TextDocument) {
        documents[document.uri] = document
    }

    @discardableResult
    mutating func close(_ uri: String) -> TextDocument? {
        documents.removeValue(forKey: uri)
    }
}
