import BatonDiagnostics

/// One GraphQL document source found in a host: the text of a marker literal in a Swift file,
/// or a whole `.graphql`/`.gql` file.
package struct HostDocument: Sendable {
    /// The GraphQL text. For a marker, its `origin` ties it to the host so every location in
    /// it maps to the exact Swift character (`Location.hostLocation`).
    package var source: Source
    /// The file the text was found in (the same object as `source` for a `.graphql` file).
    package var host: Source
    /// The marker holding the text; nil for a `.graphql`/`.gql` file.
    package var marker: Marker?

    package init(source: Source, host: Source, marker: Marker?) {
        self.source = source
        self.host = host
        self.marker = marker
    }

    package var kind: MarkerKind? { marker?.kind }
    package var markerRange: SourceRange? { marker?.range }
    package var literalRange: SourceRange? { marker?.literalRange }

    /// Where diagnostics about the document as a whole go: the marker's name in the host, or
    /// the start of a `.graphql` file.
    package var markerLocation: Location {
        if let marker { return Location(source: host, range: marker.range) }
        return Location(source: host, range: SourceRange(0, 0))
    }
}

extension HostDocument {
    /// The GraphQL offset spelled at a host offset (what an editor's cursor points at), or
    /// nil when the host offset is outside this document's text.
    package func graphQLOffset(forHostOffset hostOffset: Int) -> Int? {
        guard let origin = source.origin else {
            return hostOffset >= 0 && hostOffset <= source.utf8.count ? hostOffset : nil
        }
        return origin.map.graphQLOffset(for: hostOffset)
    }

    /// The host offset where a GraphQL offset is spelled.
    package func hostOffset(forGraphQLOffset offset: Int) -> Int {
        source.origin?.map.hostOffset(for: offset) ?? offset
    }
}

extension Array where Element == HostDocument {
    /// The document whose text holds a host offset, and the GraphQL offset there.
    package func document(atHostOffset hostOffset: Int) -> (document: HostDocument, graphQLOffset: Int)? {
        for document in self {
            if let offset = document.graphQLOffset(forHostOffset: hostOffset) { return (document, offset) }
        }
        return nil
    }
}
