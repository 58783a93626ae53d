import BatonDiagnostics
import BatonSyntax

/// The four attributes that carry GraphQL in Swift: `@Query`, `@Fragment`, `@Mutation`,
/// `@Subscription` (also written `@Baton.Query`, ...).
public enum MarkerKind: String, Sendable, Hashable, CaseIterable {
    case query = "Query"
    case fragment = "Fragment"
    case mutation = "Mutation"
    case subscription = "Subscription"

    /// The attribute name as written: `Query`, `Fragment`, ...
    public var attributeName: String { rawValue }

    /// `@Query`, as messages spell it.
    public var spelling: String { "@" + rawValue }

    /// The operation a query, mutation or subscription marker holds; nil for a fragment.
    public var operationType: OperationType? {
        switch self {
        case .query: .query
        case .mutation: .mutation
        case .subscription: .subscription
        case .fragment: nil
        }
    }

    /// The definition kind in words, for messages: "query", "fragment", ...
    public var definitionNoun: String { rawValue.lowercased() }

    public init?(attributeName: some StringProtocol) {
        self.init(rawValue: String(attributeName))
    }
}

/// A marker attribute found in a host file.
public struct Marker: Sendable, Hashable {
    public var kind: MarkerKind
    /// The attribute's name with its `@`: `@Query` or `@Baton.Query`.
    public var range: SourceRange
    /// The string literal holding the GraphQL, delimiters included.
    public var literalRange: SourceRange
    /// From `@` to the attribute's closing parenthesis (to the end of the literal when the
    /// argument list is not closed).
    public var attributeRange: SourceRange
    /// The property the marker is attached to, when a `var`/`let` follows (past other
    /// attributes and modifiers).
    public var property: MarkedProperty?

    public init(kind: MarkerKind, range: SourceRange, literalRange: SourceRange, attributeRange: SourceRange,
                property: MarkedProperty? = nil) {
        self.kind = kind
        self.range = range
        self.literalRange = literalRange
        self.attributeRange = attributeRange
        self.property = property
    }
}

/// The declaration under a marker: `var character: CharacterHeader_character`. The compiler
/// expects it typed as the generated type (the fragment's lens, the operation value, or
/// `X.Action` for a mutation).
public struct MarkedProperty: Sendable, Hashable {
    public var name: String
    public var nameRange: SourceRange
    /// The declared type as written, without blanks around it; nil when there is none.
    public var type: String?
    public var typeRange: SourceRange?

    public init(name: String, nameRange: SourceRange, type: String?, typeRange: SourceRange?) {
        self.name = name
        self.nameRange = nameRange
        self.type = type
        self.typeRange = typeRange
    }
}

/// One GraphQL document source found in a host: the text of a marker literal in a Swift file,
/// or a whole `.graphql`/`.gql` file.
public struct HostDocument: Sendable {
    /// The GraphQL text. For a marker, its `origin` ties it to the host so every location in
    /// it maps to the exact Swift character (`Location.hostLocation`).
    public var source: Source
    /// The file the text was found in (the same object as `source` for a `.graphql` file).
    public var host: Source
    /// The marker holding the text; nil for a `.graphql`/`.gql` file.
    public var marker: Marker?

    public init(source: Source, host: Source, marker: Marker?) {
        self.source = source
        self.host = host
        self.marker = marker
    }

    public var kind: MarkerKind? { marker?.kind }
    public var markerRange: SourceRange? { marker?.range }
    public var literalRange: SourceRange? { marker?.literalRange }

    /// Where diagnostics about the document as a whole go: the marker's name in the host, or
    /// the start of a `.graphql` file.
    public var markerLocation: Location {
        if let marker { return Location(source: host, range: marker.range) }
        return Location(source: host, range: SourceRange(0, 0))
    }
}

extension HostDocument {
    /// The GraphQL offset spelled at a host offset (what an editor's cursor points at), or
    /// nil when the host offset is outside this document's text.
    public func graphQLOffset(forHostOffset hostOffset: Int) -> Int? {
        guard let origin = source.origin else {
            return hostOffset >= 0 && hostOffset <= source.utf8.count ? hostOffset : nil
        }
        return origin.map.graphQLOffset(for: hostOffset)
    }

    /// The host offset where a GraphQL offset is spelled.
    public func hostOffset(forGraphQLOffset offset: Int) -> Int {
        source.origin?.map.hostOffset(for: offset) ?? offset
    }
}

extension Array where Element == HostDocument {
    /// The document whose text holds a host offset, and the GraphQL offset there.
    public func document(atHostOffset hostOffset: Int) -> (document: HostDocument, graphQLOffset: Int)? {
        for document in self {
            if let offset = document.graphQLOffset(forHostOffset: hostOffset) { return (document, offset) }
        }
        return nil
    }
}
