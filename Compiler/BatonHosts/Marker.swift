import BatonDiagnostics
import BatonSyntax

/// The four attributes that carry GraphQL in Swift: `@Query`, `@Fragment`, `@Mutation`,
/// `@Subscription` (also written `@Baton.Query`, ...).
package enum MarkerKind: String, Sendable, Hashable, CaseIterable {
    case query = "Query"
    case fragment = "Fragment"
    case mutation = "Mutation"
    case subscription = "Subscription"

    /// The attribute name as written: `Query`, `Fragment`, ...
    package var attributeName: String { rawValue }

    /// `@Query`, as messages spell it.
    package var spelling: String { "@" + rawValue }

    /// The operation a query, mutation or subscription marker holds; nil for a fragment.
    package var operationType: OperationType? {
        switch self {
        case .query: .query
        case .mutation: .mutation
        case .subscription: .subscription
        case .fragment: nil
        }
    }

    /// The definition kind in words, for messages: "query", "fragment", ...
    package var definitionNoun: String { rawValue.lowercased() }

    package init?(attributeName: some StringProtocol) {
        self.init(rawValue: String(attributeName))
    }
}

/// A marker attribute found in a host file.
package struct Marker: Sendable, Hashable {
    package var kind: MarkerKind
    /// The attribute's name with its `@`: `@Query` or `@Baton.Query`.
    package var range: SourceRange
    /// The string literal holding the GraphQL, delimiters included.
    package var literalRange: SourceRange
    /// From `@` to the attribute's closing parenthesis (to the end of the literal when the
    /// argument list is not closed).
    package var attributeRange: SourceRange
    /// The property the marker is attached to, when a `var`/`let` follows (past other
    /// attributes and modifiers).
    package var property: MarkedProperty?

    package init(
        kind: MarkerKind, range: SourceRange, literalRange: SourceRange, attributeRange: SourceRange,
        property: MarkedProperty? = nil
    ) {
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
package struct MarkedProperty: Sendable, Hashable {
    package var name: String
    package var nameRange: SourceRange
    /// The declared type as written, without blanks around it; nil when there is none.
    package var type: String?
    package var typeRange: SourceRange?

    package init(name: String, nameRange: SourceRange, type: String?, typeRange: SourceRange?) {
        self.name = name
        self.nameRange = nameRange
        self.type = type
        self.typeRange = typeRange
    }
}
