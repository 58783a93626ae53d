/// `@catch` on a linked or plural field: the failure holds the field's own error and every error
/// below it (what the nested lens's `errorScope` weighs, on each record reached); `to: NULL` reads
/// nil for either. The nested lens is a `Baton.ErrorScopedLens`.
@_spi(Generated) extension Anchor {
    /// A link (`requiring` the nested lens's `@required(action: NONE/LOG)` fields: nil without them,
    /// unless they are null with an error, which is caught).
    @MainActor public func caught<L: ErrorScopedLens, K: SlotName>(link key: K, requiring keys: [any SlotName] = [])
        -> Result<L?, FieldErrors>
    {
        if let error = record.readError(key.ref(in: self)) { return .failure(FieldErrors([error])) }
        // Errors first: a required field that is null with an error is caught, not bubbled.
        return caught(narrowed: read(link: key) as L?, requiring: keys)
    }

    /// A non-null link: the placeholder's lens without a live record, as `read(link:_:)`.
    @MainActor public func caught<L: ErrorScopedLens, K: SlotName>(link key: K, _ type: TypeID) -> Result<L, FieldErrors> {
        if let error = record.readError(key.ref(in: self)) { return .failure(FieldErrors([error])) }
        return caught(lens: read(link: key, type))
    }

    /// `@catch(to: NULL)` on a link: nil when it or anything below it has an error.
    @MainActor public func nullOnError<L: ErrorScopedLens, K: SlotName>(link key: K, requiring keys: [any SlotName] = []) -> L? {
        try? caught(link: key, requiring: keys).get()
    }

    /// A plural link or a list of lists of records, as `P` says (`List<L>?`, `List<L>`,
    /// `[List<L>?]?`): the field's error and every error below it (`scope`, the nested lens's
    /// `errorScope`, on each record, in order); without any, the lists as `read(plural:requiring:)`
    /// reads them.
    @MainActor public func caught<P: PluralValue, K: SlotName>(
        plural key: K, _ scope: ErrorScope,
        requiring keys: [any SlotName] = []
    ) -> Result<P, FieldErrors> {
        let errors = errors(in: ErrorScope([], links: [.init(key, scope)]))
        return errors.isEmpty ? .success(read(plural: key, requiring: keys)) : .failure(FieldErrors(errors))
    }

    /// `@catch(to: NULL)` on one: nil when it or a record below has an error (or it is null).
    @MainActor public func nullOnError<P: PluralValue, K: SlotName>(
        plural key: K, _ scope: ErrorScope,
        requiring keys: [any SlotName] = []
    ) -> P? {
        // Read as optional: a null is nil, as a caught null is, even where `P` reads it empty.
        try? (caught(plural: key, scope, requiring: keys) as Result<P?, FieldErrors>).get()
    }

    /// A `@connection` field under `@catch`: the connection lens (as `read(connection:_:)`), or the
    /// field's error and every error below it. The errors are weighed on the latest page (`page`,
    /// the parent's slot of the server's field, which carries the field's own error and the page's
    /// fields) and on the connection record (the edges every page merged), each error once.
    @MainActor public func caught<L: ErrorScopedLens, K: SlotName, P: SlotName>(connection key: K, page: P, _ type: TypeID)
        -> Result<L, FieldErrors>
    {
        let lens: L = read(connection: key, type)
        var errors = errors(in: ErrorScope([], links: [.init(page, L.errorScope)]))
        for error in lens.anchor.errors(in: L.errorScope) where !errors.contains(error) { errors.append(error) }
        return errors.isEmpty ? .success(lens) : .failure(FieldErrors(errors))
    }

    /// `@catch(to: NULL)` on a `@connection` field: nil when it or anything below it has an error.
    @MainActor public func nullOnError<L: ErrorScopedLens, K: SlotName, P: SlotName>(
        connection key: K, page: P,
        _ type: TypeID
    ) -> L? {
        try? caught(connection: key, page: page, type).get()
    }

    /// The same for a connection whose lens requires fields: after the errors, nil when the
    /// connection record lacks one of `keys` (as `read(connection:_:requiring:)`).
    @MainActor public func caught<L: ErrorScopedLens, K: SlotName, P: SlotName>(
        connection key: K, page: P, _ type: TypeID, requiring keys: [any SlotName]
    ) -> Result<L?, FieldErrors> {
        (caught(connection: key, page: page, type) as Result<L, FieldErrors>).map { _ in read(connection: key, type, requiring: keys) }
    }

    @MainActor public func nullOnError<L: ErrorScopedLens, K: SlotName, P: SlotName>(
        connection key: K, page: P, _ type: TypeID, requiring keys: [any SlotName]
    ) -> L? {
        (try? caught(connection: key, page: page, type, requiring: keys).get()) ?? nil
    }
}
