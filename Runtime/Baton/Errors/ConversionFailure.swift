/// A mapped custom scalar's text that does not convert. A mapped scalar has no zero value, so where
/// the schema or a rule (`@required`, `@throwOnFieldError`, `@catch`) makes a level non-null its read
/// throws instead of inventing one: this failure, as `FieldErrors` (also reported as unexpected, as
/// the plain read does), which is also a `@catch`'s failure.
extension FieldError {
    /// The field error a mapped scalar's text that does not convert reads as: no server reported it,
    /// so it has no path; the message names the field (type and storage key), the text and the type.
    public static func conversionFailure(type: String, field: String, text: String, scalar: Any.Type) -> FieldError {
        FieldError(message: "\(type).\(field): \"\(text)\" does not convert to \(scalar)", path: "")
    }
}

extension Anchor {
    /// A non-null level's value converted (nil for a null); the conversion failure thrown for a
    /// value that does not convert.
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
}
