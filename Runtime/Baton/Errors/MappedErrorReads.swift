/// Reads of a mapped custom scalar under an error rule: `@required`, `@throwOnFieldError`, `@catch`.
/// A mapped scalar has no zero value, so where the schema or the rule makes it non-null the read
/// throws instead of inventing one: the field's error (`FieldErrors`), a `RequiredFieldError` for a
/// null or missing value, and `FieldErrors` holding a `conversionFailure` for a text that does not
/// convert (also reported as unexpected, as the plain read does). Lists follow the schema per level.
extension FieldError {
    /// The field error a mapped scalar's text that does not convert reads as: no server reported it,
    /// so it has no path; the message names the field (type and storage key), the text and the type.
    public static func conversionFailure(type: String, field: String, text: String, scalar: Any.Type) -> FieldError {
        FieldError(message: "\(type).\(field): \"\(text)\" does not convert to \(scalar)", path: "")
    }
}

@_spi(Generated) extension Anchor {
    /// A non-null mapped scalar (`@required`, or non-null under `@throwOnFieldError`).
    @MainActor public func requiredMapped<T: MappedScalar, K: SlotName>(_ key: K) throws -> T {
        let ref = key.ref(in: self)
        guard let value = try checkedMapped(T.self, ref) else { throw requiredError(ref) }
        return value
    }

    /// A nullable mapped scalar under `@throwOnFieldError`: nil for null or missing.
    @MainActor public func throwingMapped<T: MappedScalar, K: SlotName>(_ key: K) throws -> T? {
        try checkedMapped(T.self, key.ref(in: self))
    }

    /// `@catch(to: RESULT)` on a mapped scalar: the failure holds the field's error or the
    /// conversion failure; otherwise the value (nil for null).
    @MainActor public func caughtMapped<T: MappedScalar, K: SlotName>(_ key: K) -> Result<T?, FieldErrors> {
        let ref = key.ref(in: self)
        do { return .success(try checkedMapped(T.self, ref)) } catch { return .failure(error) }
    }

    /// `@catch(to: NULL)` on a mapped scalar: nil when the field has an error, else the plain read.
    @MainActor public func mappedNullOnError<T: MappedScalar, K: SlotName>(_ key: K) -> T? {
        record.readError(key.ref(in: self)) == nil ? mapped(key) : nil
    }

    /// `[T!]!` of a mapped scalar under a rule: a null element throws like a null field.
    @MainActor public func requiredMappedList<T: MappedScalar, K: SlotName>(_ key: K) throws -> [T] {
        let ref = key.ref(in: self)
        guard let list = try checkedMappedList(T.self, ref) else { throw requiredError(ref) }
        return try requiredElements(list, ref)
    }

    /// `[T!]` of a mapped scalar under `@throwOnFieldError`: nil for null.
    @MainActor public func throwingMappedList<T: MappedScalar, K: SlotName>(_ key: K) throws -> [T]? {
        let ref = key.ref(in: self)
        return try checkedMappedList(T.self, ref).map { try requiredElements($0, ref) }
    }

    /// `[T]!` of a mapped scalar under a rule: null elements are nil.
    @MainActor public func requiredMappedListOfNullable<T: MappedScalar, K: SlotName>(_ key: K) throws -> [T?] {
        let ref = key.ref(in: self)
        guard let list = try checkedMappedList(T.self, ref) else { throw requiredError(ref) }
        return list
    }

    /// `[T]` of a mapped scalar under `@throwOnFieldError`: nil for null, null elements nil.
    @MainActor public func throwingMappedListOfNullable<T: MappedScalar, K: SlotName>(_ key: K) throws -> [T?]? {
        try checkedMappedList(T.self, key.ref(in: self))
    }

    /// `@catch(to: RESULT)` on a list of a mapped scalar: the failure holds the field's error or the
    /// first element that does not convert; otherwise the list (nil for null, null elements nil).
    @MainActor public func caughtMappedList<T: MappedScalar, K: SlotName>(_ key: K) -> Result<[T?]?, FieldErrors> {
        let ref = key.ref(in: self)
        do { return .success(try checkedMappedList(T.self, ref)) } catch { return .failure(error) }
    }

    /// `@catch(to: NULL)` on a list of a mapped scalar: nil when the field has an error, else the
    /// plain read.
    @MainActor public func mappedListNullOnError<T: MappedScalar, K: SlotName>(_ key: K) -> [T?]? {
        record.readError(key.ref(in: self)) == nil ? mappedList(key) : nil
    }

    // MARK: - The checked reads the shapes share

    /// The slot's value converted, nil for null or missing; throws the field's error, or the
    /// conversion failure (reported as unexpected) for a value that does not convert.
    @MainActor func checkedMapped<T: MappedScalar>(_ type: T.Type, _ ref: Int32) throws(FieldErrors) -> T? {
        if let error = record.readError(ref) { throw FieldErrors([error]) }
        guard let value = load(ref) else { return nil }
        return try convertMapped(T.self, value, ref)
    }

    /// The slot's list, each element converted (null elements nil), nil for null or missing; throws
    /// as `checkedMapped`.
    @MainActor func checkedMappedList<T: MappedScalar>(_ type: T.Type, _ ref: Int32) throws(FieldErrors) -> [T?]? {
        if let error = record.readError(ref) { throw FieldErrors([error]) }
        guard let value = load(ref) else { return nil }
        if case .null = value { return nil }
        guard case .list(let values) = value else {
            throw conversionFailure(T.self, ref, text: String.lensValue(value) ?? "\(value)")
        }
        var out: [T?] = []
        out.reserveCapacity(values.count)
        for element in values { out.append(try convertMapped(T.self, element, ref)) }
        return out
    }

    @MainActor func convertMapped<T: MappedScalar>(_ type: T.Type, _ value: Value, _ ref: Int32) throws(FieldErrors) -> T? {
        if case .null = value { return nil }
        if case .string(let text) = value {
            if let read = T(scalarText: text) { return read }
            throw conversionFailure(T.self, ref, text: text)
        }
        throw conversionFailure(T.self, ref, text: String.lensValue(value) ?? "\(value)")
    }

    @MainActor func conversionFailure<T>(_ type: T.Type, _ ref: Int32, text: String) -> FieldErrors {
        unexpected(ref)
        let field = owner.store.storageKey(ref, on: record.type)
        return FieldErrors([FieldError.conversionFailure(type: record.type.name, field: field, text: text, scalar: T.self)])
    }

    /// A list whose elements are non-null: a null element throws as a null field does.
    @MainActor func requiredElements<T>(_ list: [T?], _ ref: Int32) throws -> [T] {
        var out: [T] = []
        out.reserveCapacity(list.count)
        for element in list {
            guard let element else { throw requiredError(ref) }
            out.append(element)
        }
        return out
    }
}
