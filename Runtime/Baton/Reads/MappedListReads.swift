@_spi(Generated) extension Anchor {
    /// A list of a custom scalar mapped to a Swift type: nil for null or missing; each element
    /// converted at the read, nil for a null, and nil and reported once when its text does not
    /// convert (never a zero).
    @inlinable @MainActor public func mappedList<T: MappedScalar, K: SlotName>(_ key: K) -> [T?]? {
        let ref = key.ref(in: self)
        guard case .list(let values)? = load(ref) else { return nil }
        var wrong = false
        let out: [T?] = values.map { value in
            if case .null = value { return nil }
            if case .string(let text) = value, let read = T(scalarText: text) { return read }
            wrong = true
            return nil
        }
        if wrong { unexpected(ref) }
        return out
    }
}
