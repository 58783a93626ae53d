/// An element of a list of lists as a lens reads it: a scalar (`LensScalar`, `MappedScalar`), an
/// optional one (a null reads nil) or a list of them, so `[[Int?]]?` reads level by level with the
/// schema's nullability at each. The store keeps the response's nesting (`Value.list` in
/// `Value.list`).
public protocol NestedListElement {
    /// `value` as this element, or nil when it cannot hold it (a null where the level is non-null,
    /// a value of another kind); `wrong` is set when a value of another kind was met below.
    static func nestedListElement(_ value: Value, wrong: inout Bool) -> Self?
}

extension LensScalar {
    @inlinable public static func nestedListElement(_ value: Value, wrong: inout Bool) -> Self? {
        lensValue(value)
    }
}

extension MappedScalar {
    /// Converted at the read; a text that does not convert is one it cannot hold.
    @inlinable public static func nestedListElement(_ value: Value, wrong: inout Bool) -> Self? {
        if case .string(let text) = value { return Self(scalarText: text) }
        return nil
    }
}

extension Optional: NestedListElement where Wrapped: NestedListElement {
    /// A null is nil; a value the element cannot hold is nil and reported.
    @inlinable public static func nestedListElement(_ value: Value, wrong: inout Bool) -> Wrapped?? {
        if case .null = value { return .some(nil) }
        guard let read = Wrapped.nestedListElement(value, wrong: &wrong) else {
            wrong = true
            return .some(nil)
        }
        return .some(read)
    }
}

extension Array: NestedListElement where Element: NestedListElement {
    /// A list; elements it cannot hold (a null at a non-null level) are dropped and reported.
    @inlinable public static func nestedListElement(_ value: Value, wrong: inout Bool) -> [Element]? {
        guard case .list(let values) = value else { return nil }
        var out: [Element] = []
        out.reserveCapacity(values.count)
        for value in values {
            if let read = Element.nestedListElement(value, wrong: &wrong) { out.append(read) } else { wrong = true }
        }
        return out
    }
}

/// The reads of a list of lists, `[E]` where `E` is itself a list (`[[Int?]]`): as `list` and its
/// siblings are for one level, and under the error directives as they are.
@_spi(Generated) extension Anchor {
    /// A nullable list of lists: nil for null or missing; what a level cannot hold is dropped (or
    /// nil where the level is nullable) and reported once.
    @inlinable @MainActor public func nullableNestedList<E: NestedListElement, K: SlotName>(_ key: K) -> [E]? {
        let ref = key.ref(in: self)
        guard let value = load(ref) else { return nil }
        if case .null = value { return nil }
        var wrong = false
        let read = [E].nestedListElement(value, wrong: &wrong)
        if wrong || read == nil { unexpected(ref) }
        return read
    }

    /// A non-null list of lists: empty without a value.
    @inlinable @MainActor public func nestedList<E: NestedListElement, K: SlotName>(_ key: K) -> [E] {
        nullableNestedList(key) ?? []
    }

    /// `@required(action: THROW)`: the field's error, or a required-field error when it is null or
    /// missing, else the list.
    @MainActor public func requiredNestedList<E: NestedListElement, K: SlotName>(_ key: K) throws -> [E] {
        let ref = key.ref(in: self)
        if let error = record.readError(ref) { throw FieldErrors([error]) }
        guard let list: [E] = nullableNestedList(key) else { throw requiredError(ref) }
        return list
    }

    /// `@catch(to: RESULT)`: the failure holds the field's error; otherwise the list (nil for null).
    @MainActor public func caughtNestedList<E: NestedListElement, K: SlotName>(_ key: K) -> Result<[E]?, FieldErrors> {
        if let error = record.readError(key.ref(in: self)) { return .failure(FieldErrors([error])) }
        return .success(nullableNestedList(key))
    }

    /// `@catch(to: NULL)`: nil when the field has an error.
    @MainActor public func nestedListNullOnError<E: NestedListElement, K: SlotName>(_ key: K) -> [E]? {
        record.readError(key.ref(in: self)) == nil ? nullableNestedList(key) : nil
    }
}
