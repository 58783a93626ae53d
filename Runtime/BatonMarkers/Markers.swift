// The markers a view writes its GraphQL in: `@Fragment("""…""") var character: CharacterRow_character`,
// `@Query`, `@Mutation`, `@Subscription`. batonc reads the literal from the source; at run time a
// marker only holds the property's value.
//
// The design calls for attached macros that expand to nothing; macros need swift-syntax, an
// external package, so these are property wrappers instead. They live in their own module because
// `Baton.Query`, `Baton.Mutation` and `Baton.Subscription` already name the operation protocols:
// this module re-exports Baton, and a declaration of an importing module shadows the imported
// one, so a file that imports BatonMarkers (and not Baton as well) reads `@Query` as the marker
// and still names the protocols as `Baton.Query`.
@_exported import Baton

/// What a marker holds: the property's value, set by the type's initializer. An attribute's
/// arguments initialize the wrapper itself, so the value cannot come with them; reading the
/// property before it is set is a programming error, like an unset implicitly unwrapped optional.
@propertyWrapper public struct Marked<Kind: MarkerKind, Value> {
    private var value: Value?

    /// `@Fragment("""…""") var character: CharacterRow_character`: set in the initializer.
    public init(_ document: StaticString) {}

    /// `@Fragment("""…""") var character = lens`.
    public init(wrappedValue: Value, _ document: StaticString) {
        value = wrappedValue
    }

    public var wrappedValue: Value {
        get {
            guard let value else { fatalError("\(Kind.spelling) property read before the initializer set it") }
            return value
        }
        set { value = newValue }
    }
}

extension Marked: Sendable where Value: Sendable {}

/// One marker kind; its spelling names it in messages.
public protocol MarkerKind {
    static var spelling: String { get }
}

public enum FragmentMarker: MarkerKind { public static let spelling = "@Fragment" }
public enum QueryMarker: MarkerKind { public static let spelling = "@Query" }
public enum MutationMarker: MarkerKind { public static let spelling = "@Mutation" }
public enum SubscriptionMarker: MarkerKind { public static let spelling = "@Subscription" }

/// A fragment the view reads; the property is typed as the fragment's lens.
public typealias Fragment<Value> = Marked<FragmentMarker, Value>
/// An operation the view sends; the property is typed as the operation value.
public typealias Query<Value> = Marked<QueryMarker, Value>
public typealias Mutation<Value> = Marked<MutationMarker, Value>
public typealias Subscription<Value> = Marked<SubscriptionMarker, Value>
