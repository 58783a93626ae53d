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

    public init(kind: MarkerKind, range: SourceRange, literalRange: SourceRange, attributeRange: SourceRange) {
        self.kind = kind
        self.range = range
        self.literalRange = literalRange
        self.attributeRange = attributeRange
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
