/// What never reaches the on-disk image (`baton.json`'s `transient`): records of the named types
/// (an interface stands for its implementers, already expanded by the compiler), and the named
/// root fields (`"Query.secrets"`), which leave no cell, storage key or fetch stamp on disk. The
/// shared file declares it once (`static let transient = Baton.Transient(types: [Types.Secret],
/// fields: ["Query.secrets"])`) and every plan carries it; the lists also join the schema digest.
public struct Transient: Sendable, Equatable {
    public let types: [TypeID]
    public let fields: [String]

    public init(types: [TypeID] = [], fields: [String] = []) {
        self.types = types
        self.fields = fields
    }

    public static let none = Transient()

    /// Whether records of `type` stay out of the image.
    public func contains(_ type: TypeID) -> Bool { types.contains(type) }

    /// Whether the root field `field` of `type` stays out of the image.
    public func contains(field: String, on type: TypeID) -> Bool { fields.contains(type.name + "." + field) }
}
