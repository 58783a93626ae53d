/// How record keys are composed: `Type:value` for an entity, values escaped and joined when a type is
/// keyed by several fields, and path ids for objects without a key.
public enum RecordKey {
    public static let queryRoot = "client:root"
    public static let mutationRoot = "client:root:mutation"
    public static let subscriptionRoot = "client:root:subscription"

    /// `Type:v` for one value; for several, each `\` and `:` in a value is prefixed by `\` and the
    /// values are joined by `:`, so no two lists of values meet.
    public static func entity(_ typeName: String, _ values: [String]) -> String {
        if values.count == 1 { return typeName + ":" + values[0] }
        var out = typeName
        for value in values {
            out.append(":")
            for character in value.unicodeScalars {
                if character == "\\" || character == ":" { out.append("\\") }
                out.unicodeScalars.append(character)
            }
        }
        return out
    }

    /// The path id of an object without its key: the parent's key, the field's storage key, the
    /// element's index in a plural link, and the concrete type under an interface or union.
    public static func path(
        parent: String, storageKey: String, index: Int? = nil,
        concreteType: String? = nil
    ) -> String {
        var out = parent + ":" + storageKey
        if let index { out += ":" + String(index) }
        if let concreteType { out += ":" + concreteType }
        return out
    }
}
