/// One distinct selection set of a plan: its type, the response keys of the type's key fields
/// (empty when records of it are keyed by path), whether the type is abstract, its fields, and for an
/// abstract type the variants per group of concrete types. A class so that plans share selections.
public final class Selection: Sendable {
    public let type: TypeID
    public let key: [String]
    public let abstract: Bool
    /// The fields every type reads.
    public let fields: [Field]
    /// Fields added (and a key overridden) for groups of concrete types; a variant with no types
    /// serves every type no other variant lists.
    public let variants: [Variant]

    public init(
        type: TypeID, key: [String] = [], abstract: Bool = false, fields: [Field],
        variants: [Variant] = []
    ) {
        self.type = type
        self.key = key
        self.abstract = abstract
        self.fields = fields
        self.variants = variants
    }
}

/// The fields a group of concrete types reads under an abstract selection: listed types, or (with
/// `condition`) every type a response says satisfies a condition, by a `__isX: __typename` member.
public struct Variant: Sendable {
    public let types: [TypeID]
    /// The response key of the membership answer (`__isNode`) for types the plan did not list.
    public let condition: String?
    public let key: [String]?
    public let fields: [Field]

    public init(types: [TypeID] = [], condition: String? = nil, key: [String]? = nil, fields: [Field]) {
        self.types = types
        self.condition = condition
        self.key = key
        self.fields = fields
    }
}
