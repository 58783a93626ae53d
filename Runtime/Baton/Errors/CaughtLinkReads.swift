/// `@catch` on a linked or plural field: the failure holds the field's own error and every error
/// below it (what the nested lens's `errorScope` weighs, on each record reached); `to: NULL` reads
/// nil for either. The nested lens is a `Baton.ErrorScopedLens`.
@_spi(Generated) extension Anchor {
    /// A link (`requiring` the nested lens's `@required(action: NONE/LOG)` fields: nil without them,
    /// unless they are null with an error, which is caught).
    @MainActor public func caughtLink<L: ErrorScopedLens, K: SlotName>(_ key: K, requiring keys: [any SlotName] = [])
        -> Result<L?, FieldErrors> {
        if let error = record.readError(key.ref(in: self)) { return .failure(FieldErrors([error])) }
        // Errors first: a required field that is null with an error is caught, not bubbled.
        return caught(narrowed: link(key) as L?).map { lens in
            guard let lens, keys.isEmpty || lens.anchor.holds(keys) else { return nil }
            return lens
        }
    }

    /// A non-null link: the placeholder's lens without a live record, as `requiredLink`.
    @MainActor public func caughtRequiredLink<L: ErrorScopedLens, K: SlotName>(_ key: K, _ type: TypeID) -> Result<L, FieldErrors> {
        if let error = record.readError(key.ref(in: self)) { return .failure(FieldErrors([error])) }
        return caught(lens: requiredLink(key, type))
    }

    /// A plural link: every element's errors, in order; without any, the elements holding the
    /// nested lens's `@required(action: NONE/LOG)` fields (`requiring`; one lacking them is dropped).
    @MainActor public func caughtPlural<L: ErrorScopedLens, K: SlotName>(_ key: K, requiring keys: [any SlotName] = [])
        -> Result<List<L>?, FieldErrors> {
        if let error = record.readError(key.ref(in: self)) { return .failure(FieldErrors([error])) }
        guard let list: List<L> = plural(key) else { return .success(nil) }
        let errors = list.flatMap { $0.anchor.errors(in: L.errorScope) }
        guard errors.isEmpty else { return .failure(FieldErrors(errors)) }
        return .success(keys.isEmpty ? list : List(records: list.records.filter { child($0).holds(keys) }, anchor: self))
    }

    /// A non-null plural link: empty without a value, as `requiredPlural`.
    @MainActor public func caughtRequiredPlural<L: ErrorScopedLens, K: SlotName>(_ key: K, requiring keys: [any SlotName] = [])
        -> Result<List<L>, FieldErrors> {
        caughtPlural(key, requiring: keys).map { $0 ?? List(records: [], anchor: self) }
    }

    /// `@catch(to: NULL)` on a link: nil when it or anything below it has an error.
    @MainActor public func nullOnError<L: ErrorScopedLens, K: SlotName>(link key: K, requiring keys: [any SlotName] = []) -> L? {
        try? caughtLink(key, requiring: keys).get()
    }

    /// `@catch(to: NULL)` on a plural link: nil when it or an element has an error.
    @MainActor public func nullOnError<L: ErrorScopedLens, K: SlotName>(plural key: K, requiring keys: [any SlotName] = []) -> List<L>? {
        try? caughtPlural(key, requiring: keys).get()
    }

    /// A `@connection` field under `@catch`: the connection lens (as `connection(_:_:)`), or the
    /// field's error and every error below it. The errors are weighed on the latest page (`page`,
    /// the parent's slot of the server's field, which carries the field's own error and the page's
    /// fields) and on the connection record (the edges every page merged), each error once.
    @MainActor public func caught<L: ErrorScopedLens, K: SlotName, P: SlotName>(connection key: K, page: P, _ type: TypeID)
        -> Result<L, FieldErrors> {
        let lens: L = connection(key, type)
        var errors = errors(in: ErrorScope([], links: [.init(page, L.errorScope)]))
        for error in lens.anchor.errors(in: L.errorScope) where !errors.contains(error) { errors.append(error) }
        return errors.isEmpty ? .success(lens) : .failure(FieldErrors(errors))
    }

    /// `@catch(to: NULL)` on a `@connection` field: nil when it or anything below it has an error.
    @MainActor public func nullOnError<L: ErrorScopedLens, K: SlotName, P: SlotName>(connection key: K, page: P,
                                                                                   _ type: TypeID) -> L? {
        try? caught(connection: key, page: page, type).get()
    }

    /// The same for a connection whose lens requires fields: after the errors, nil when the
    /// connection record lacks one of `keys` (as `connection(_:_:requiring:)`).
    @MainActor public func caught<L: ErrorScopedLens, K: SlotName, P: SlotName>(
        connection key: K, page: P, _ type: TypeID, requiring keys: [any SlotName]) -> Result<L?, FieldErrors> {
        (caught(connection: key, page: page, type) as Result<L, FieldErrors>).map { _ in connection(key, type, requiring: keys) }
    }

    @MainActor public func nullOnError<L: ErrorScopedLens, K: SlotName, P: SlotName>(
        connection key: K, page: P, _ type: TypeID, requiring keys: [any SlotName]) -> L? {
        (try? caught(connection: key, page: page, type, requiring: keys).get()) ?? nil
    }
}
