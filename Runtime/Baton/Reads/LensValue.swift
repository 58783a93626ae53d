/// What a slot can be read as, level by level: a scalar (`LensScalar`), a mapped custom scalar
/// (`MappedScalar`), an optional of one (a null reads nil) or an array of them, to any depth. So the
/// accessor's declared type (`String?`, `[Int]`, `[[Decimal?]?]?`) carries the element and the shape,
/// and one generic read per rule serves them all. The store keeps the response's nesting
/// (`Value.list` in `Value.list`).
public protocol LensValue {
    /// `value` as this level, or nil when it cannot hold it (a null where the level is non-null, a
    /// value of another kind); `wrong` is set when something below could not be held.
    static func lensValue(_ value: Value, wrong: inout Bool) -> Self?

    /// The same under an error rule (`@required`, `@throwOnFieldError`, `@catch`): a mapped scalar has
    /// no zero, so its levels keep the schema's nullability and throw instead of dropping (a null at
    /// a non-null level a `RequiredFieldError`, a text that does not convert its conversion failure);
    /// a built-in scalar reads as `lensValue`.
    @MainActor static func checkedLensValue(_ value: Value, at ref: Int32, in anchor: Anchor, wrong: inout Bool) throws -> Self?

    /// Whether the leaf is a mapped scalar (a checked read then throws for a level it cannot hold).
    static var lensConverts: Bool { get }
}

/// A whole field's type in a plain read, which never throws: what a null or missing value reads as.
/// Every `LensValue` but a bare mapped scalar (which has no zero; it reads optional).
public protocol LensField: LensValue {
    /// A scalar's zero, an empty list, nil.
    static var lensEmpty: Self { get }
    /// Whether a null reads as unexpected (a non-null scalar's does; a non-null list reads empty).
    static var lensNullIsUnexpected: Bool { get }
}

extension Optional: LensValue, LensField where Wrapped: LensValue {
    /// A null is nil; a value the element cannot hold is nil and reported.
    @inlinable public static func lensValue(_ value: Value, wrong: inout Bool) -> Wrapped?? {
        if case .null = value { return .some(nil) }
        guard let read = Wrapped.lensValue(value, wrong: &wrong) else {
            wrong = true
            return .some(nil)
        }
        return .some(read)
    }

    @MainActor public static func checkedLensValue(
        _ value: Value, at ref: Int32, in anchor: Anchor,
        wrong: inout Bool
    ) throws -> Wrapped?? {
        if case .null = value { return .some(nil) }
        guard let read = try Wrapped.checkedLensValue(value, at: ref, in: anchor, wrong: &wrong) else {
            wrong = true
            return .some(nil)
        }
        return .some(read)
    }

    @inlinable public static var lensConverts: Bool { Wrapped.lensConverts }
    @inlinable public static var lensEmpty: Wrapped? { nil }
    @inlinable public static var lensNullIsUnexpected: Bool { false }
}

extension Array: LensValue, LensField where Element: LensValue {
    /// A list; elements it cannot hold (a null at a non-null level) are dropped and reported.
    @inlinable public static func lensValue(_ value: Value, wrong: inout Bool) -> [Element]? {
        guard case .list(let values) = value else { return nil }
        var out: [Element] = []
        out.reserveCapacity(values.count)
        for value in values {
            if let read = Element.lensValue(value, wrong: &wrong) { out.append(read) } else { wrong = true }
        }
        return out
    }

    /// A non-null list level: of a mapped scalar, a null throws and a value that is not a list is a
    /// conversion failure; of a built-in scalar, as `lensValue`.
    @MainActor public static func checkedLensValue(
        _ value: Value, at ref: Int32, in anchor: Anchor,
        wrong: inout Bool
    ) throws -> [Element]? {
        guard case .list(let values) = value else {
            guard lensConverts else { return nil }
            if case .null = value { throw anchor.requiredError(ref) }
            throw anchor.conversionFailure(Element.self, ref, text: String.lensValue(value) ?? "\(value)")
        }
        var out: [Element] = []
        out.reserveCapacity(values.count)
        for value in values {
            if let read = try Element.checkedLensValue(value, at: ref, in: anchor, wrong: &wrong) {
                out.append(read)
            } else {
                wrong = true
            }
        }
        return out
    }

    @inlinable public static var lensConverts: Bool { Element.lensConverts }
    @inlinable public static var lensEmpty: [Element] { [] }
    @inlinable public static var lensNullIsUnexpected: Bool { false }
}
