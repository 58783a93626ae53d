/// A level of a list of lists of records as a lens reads it: the innermost lists are `List`s of
/// lenses (null entries and deleted records dropped, as a plural link's), each level above an
/// array, optional where the schema's level is nullable: `[[Character]]` reads
/// `[Baton.List<L>?]?`. The store keeps the response's nesting (`Value.list` of `Value.links`).
public protocol NestedPlural {
    /// `value` as this level, or nil when it cannot hold it (a null where the level is non-null).
    /// A record lacking one of `keys` (the fields its lens requires) is dropped, as from a plural link.
    @MainActor static func nestedPlural(_ value: Value, anchor: Anchor, requiring keys: [any SlotName]) -> Self?
}

extension List: NestedPlural {
    @MainActor public static func nestedPlural(_ value: Value, anchor: Anchor, requiring keys: [any SlotName]) -> List? {
        guard case .links(let targets) = value else { return nil }
        return List(records: targets.compactMap { $0 }.filter { !$0.isDeleted && (keys.isEmpty || anchor.child($0).holds(keys)) },
                    anchor: anchor)
    }
}

extension Optional: NestedPlural where Wrapped: NestedPlural {
    @MainActor public static func nestedPlural(_ value: Value, anchor: Anchor, requiring keys: [any SlotName]) -> Wrapped?? {
        if case .null = value { return .some(nil) }
        return .some(Wrapped.nestedPlural(value, anchor: anchor, requiring: keys))
    }
}

extension Array: NestedPlural where Element: NestedPlural {
    /// A list of lists; a level it cannot hold (a null where the schema says non-null) is dropped.
    @MainActor public static func nestedPlural(_ value: Value, anchor: Anchor, requiring keys: [any SlotName]) -> [Element]? {
        switch value {
        case .list(let values):
            return values.compactMap { Element.nestedPlural($0, anchor: anchor, requiring: keys) }
        case .links(let targets) where !targets.contains(where: { $0 != nil }):
            // A list of nulls only (or empty) is stored as a plural link's value.
            return targets.compactMap { _ in Element.nestedPlural(.null, anchor: anchor, requiring: keys) }
        default:
            return nil
        }
    }
}

@_spi(Generated) extension Anchor {
    /// A nullable list of lists of records: nil for null or missing. A record lacking one of `keys`
    /// (its lens's `@required(action: NONE/LOG)` fields) is dropped from its list, logged under LOG.
    @MainActor public func nestedPlural<E: NestedPlural, K: SlotName>(_ key: K, requiring keys: [any SlotName] = []) -> [E]? {
        let ref = key.ref(in: self)
        guard let value = load(ref) else { return nil }
        if case .null = value { return nil }
        guard let read = [E].nestedPlural(value, anchor: self, requiring: keys) else {
            unexpected(ref)
            return nil
        }
        return read
    }

    /// A non-null list of lists of records: empty without a value.
    @MainActor public func requiredNestedPlural<E: NestedPlural, K: SlotName>(_ key: K, requiring keys: [any SlotName] = []) -> [E] {
        nestedPlural(key, requiring: keys) ?? []
    }

    /// `@required(action: THROW)`: the field's error, or a required-field error when it is null or
    /// missing, else the lists.
    @MainActor public func required<E: NestedPlural, K: SlotName>(nestedPlural key: K, requiring keys: [any SlotName] = [])
        throws -> [E] {
        let ref = key.ref(in: self)
        if let error = record.readError(ref) { throw FieldErrors([error]) }
        guard let lists: [E] = nestedPlural(key, requiring: keys) else { throw requiredError(ref) }
        return lists
    }
}

/// `@catch` on a list of lists of records: the failure holds the field's error and every error
/// below it on each record (`scope`, the nested lens's `errorScope`); `to: NULL` reads nil for either.
@_spi(Generated) extension Anchor {
    @MainActor public func caught<E: NestedPlural, K: SlotName>(nestedPlural key: K, _ scope: ErrorScope,
                                                                requiring keys: [any SlotName] = []) -> Result<[E]?, FieldErrors> {
        let errors = errors(in: ErrorScope([], links: [.init(key, scope)]))
        return errors.isEmpty ? .success(nestedPlural(key, requiring: keys)) : .failure(FieldErrors(errors))
    }

    @MainActor public func nullOnError<E: NestedPlural, K: SlotName>(nestedPlural key: K, _ scope: ErrorScope,
                                                                     requiring keys: [any SlotName] = []) -> [E]? {
        (try? caught(nestedPlural: key, scope, requiring: keys).get()) ?? nil
    }
}
