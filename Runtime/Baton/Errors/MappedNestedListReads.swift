/// An element of a list of lists of a mapped custom scalar as a read under an error rule checks it
/// (`@required`, `@throwOnFieldError`, `@catch`): each level keeps the schema's nullability, and
/// what a level cannot hold throws instead of being dropped or read as nil, as a one-level mapped
/// list's read does: a null at a non-null level a `RequiredFieldError`, a text that does not
/// convert its conversion failure (`FieldErrors`, also reported as unexpected).
public protocol CheckedNestedListElement {
    @MainActor static func checkedNestedListElement(_ value: Value, at ref: Int32, in anchor: Anchor) throws -> Self
}

extension MappedScalar {
    /// A non-null element: converted, or thrown.
    @MainActor public static func checkedNestedListElement(_ value: Value, at ref: Int32, in anchor: Anchor) throws -> Self {
        guard let read = try anchor.convertMapped(Self.self, value, ref) else { throw anchor.requiredError(ref) }
        return read
    }
}

extension Optional: CheckedNestedListElement where Wrapped: CheckedNestedListElement {
    /// A nullable level: a null is nil.
    @MainActor public static func checkedNestedListElement(_ value: Value, at ref: Int32, in anchor: Anchor) throws -> Wrapped? {
        if case .null = value { return nil }
        return try Wrapped.checkedNestedListElement(value, at: ref, in: anchor)
    }
}

extension Array: CheckedNestedListElement where Element: CheckedNestedListElement {
    /// A non-null list level: a null throws; a value that is not a list is a conversion failure.
    @MainActor public static func checkedNestedListElement(_ value: Value, at ref: Int32, in anchor: Anchor) throws -> [Element] {
        switch value {
        case .null:
            throw anchor.requiredError(ref)
        case .list(let values):
            var out: [Element] = []
            out.reserveCapacity(values.count)
            for value in values { out.append(try Element.checkedNestedListElement(value, at: ref, in: anchor)) }
            return out
        default:
            throw anchor.conversionFailure(Element.self, ref, text: String.lensValue(value) ?? "\(value)")
        }
    }
}

@_spi(Generated) extension Anchor {
    /// A nullable list of lists of a mapped scalar under `@throwOnFieldError`: nil for null or
    /// missing; else the field's error, or what a level cannot hold, thrown.
    @MainActor public func throwingMappedNestedList<E: CheckedNestedListElement, K: SlotName>(_ key: K) throws -> [E]? {
        let ref = key.ref(in: self)
        if let error = record.readError(ref) { throw FieldErrors([error]) }
        guard let value = load(ref) else { return nil }
        if case .null = value { return nil }
        return try [E].checkedNestedListElement(value, at: ref, in: self)
    }

    /// A non-null one (`@required`, any action, or a non-null list under `@throwOnFieldError`): a
    /// null or missing value throws a required-field error too.
    @MainActor public func requiredMappedNestedList<E: CheckedNestedListElement, K: SlotName>(_ key: K) throws -> [E] {
        guard let list: [E] = try throwingMappedNestedList(key) else { throw requiredError(key.ref(in: self)) }
        return list
    }

    /// `@catch(to: RESULT)`: the failure holds the field's error or the first text that does not
    /// convert; otherwise the list (nil for null), every level optional.
    @MainActor public func caughtMappedNestedList<E: CheckedNestedListElement, K: SlotName>(_ key: K) -> Result<[E]?, FieldErrors> {
        do {
            return .success(try throwingMappedNestedList(key))
        } catch let errors as FieldErrors {
            return .failure(errors)
        } catch let required as RequiredFieldError {
            return .failure(FieldErrors([.requiredFieldMissing(required)]))
        } catch {
            return .failure(FieldErrors([FieldError(message: "\(error)", path: "")]))
        }
    }
}
