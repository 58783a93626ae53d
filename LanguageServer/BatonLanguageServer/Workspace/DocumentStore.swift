/// The documents the client has open, by URI. Lives on the server's loop thread; features
/// take `TextDocument` snapshots (values) to their worker threads.
package struct DocumentStore: Sendable {
    private var documents: [String: TextDocument] = [:]

    package init() {}

    package subscript(uri: String) -> TextDocument? {
        documents[uri]
    }

    package var count: Int { documents.count }
    package var uris: [String] { documents.keys.sorted() }
    package var all: [TextDocument] { uris.compactMap { documents[$0] } }

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
