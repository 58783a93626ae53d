/// What a plural link's slot can be read as: a `List` of lenses (null entries and deleted records
/// dropped), an optional one (a null reads nil), or an array of them for a list of lists of records,
/// each level optional where the schema's is nullable (`[[Character]]` reads `[Baton.List<L>?]?`).
/// So the declared type carries the shape, and `read(plural:)` serves a plural link and a list of
/// lists alike. The store keeps the response's nesting (`Value.list` of `Value.links`).
public protocol PluralValue {
    /// `value` (not null) as this level, or nil when it cannot hold it (a null where the level is
    /// non-null). A record lacking one of `keys` (the fields its lens requires) is dropped.
    @MainActor static func pluralValue(_ value: Value, anchor: Anchor, requiring keys: [any SlotName]) -> Self?
    /// What a null or missing value reads as: an empty list, nil.
    @MainActor static func pluralEmpty(_ anchor: Anchor) -> Self
}

extension List: PluralValue {
    @MainActor public static func pluralValue(_ value: Value, anchor: Anchor, requiring keys: [any SlotName]) -> List? {
        guard case .links(let targets) = value else { return nil }
        // One pass into one array sized at once: a page's body reads a list per row, and the
        // chained `compactMap` and `filter` made two arrays and a closure call per element.
        var records: [Record] = []
        records.reserveCapacity(targets.count)
        if keys.isEmpty {
            for case let target? in targets where !target.isDeleted { records.append(target) }
        } else {
            for case let target? in targets where !target.isDeleted && anchor.child(target).holds(keys) { records.append(target) }
        }
        return List(records: records, anchor: anchor)
    }

    @inlinable @MainActor public static func pluralEmpty(_ anchor: Anchor) -> List { List(records: [], anchor: anchor) }
}

extension Optional: PluralValue where Wrapped: PluralValue {
    @inlinable @MainActor public static func pluralValue(_ value: Value, anchor: Anchor, requiring keys: [any SlotName]) -> Wrapped?? {
        if case .null = value { return .some(nil) }
        return .some(Wrapped.pluralValue(value, anchor: anchor, requiring: keys))
    }

    @inlinable @MainActor public static func pluralEmpty(_ anchor: Anchor) -> Wrapped? { nil }
}

extension Array: PluralValue where Element: PluralValue {
    /// A list of lists; a level it cannot hold (a null where the schema says non-null) is dropped.
    @MainActor public static func pluralValue(_ value: Value, anchor: Anchor, requiring keys: [any SlotName]) -> [Element]? {
        switch value {
        case .list(let values):
            return values.compactMap { Element.pluralValue($0, anchor: anchor, requiring: keys) }
        case .links(let targets) where !targets.contains(where: { $0 != nil }):
            // A list of nulls only (or empty) is stored as a plural link's value.
            return targets.compactMap { _ in Element.pluralValue(.null, anchor: anchor, requiring: keys) }
        default:
            return nil
        }
    }

    @MainActor public static func pluralEmpty(_ anchor: Anchor) -> [Element] { [] }
}

@_spi(Generated) extension Anchor {
    /// A plural link or a list of lists of records, as `P` says (`List<L>?`, `List<L>`,
    /// `[List<L>?]?`…): the live records in order; a null or missing value reads `P.pluralEmpty`
    /// (nil, or empty where non-null). A record lacking one of `keys` (its lens's
    /// `@required(action: NONE/LOG)` fields) is dropped from its list, logged under LOG.
    @inlinable @MainActor public func read<P: PluralValue, K: SlotName>(plural key: K, requiring keys: [any SlotName] = []) -> P {
        let ref = key.ref(in: self)
        guard let value = load(ref) else { return P.pluralEmpty(self) }
        if case .null = value { return P.pluralEmpty(self) }
        // A value of another kind than a list is unexpected at any shape (an optional level would
        // otherwise read it as nil quietly).
        switch value {
        case .links, .list:
            if let read = P.pluralValue(value, anchor: self, requiring: keys) { return read }
        default:
            break
        }
        unexpected(ref)
        return P.pluralEmpty(self)
    }
}
