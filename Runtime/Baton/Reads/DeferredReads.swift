@_spi(Generated) extension Anchor {
    /// Whether every one of `keys` has been answered (a null included): a deferred spread reads
    /// absent until the part carrying its fields has arrived.
    @MainActor public func arrived(_ keys: [any SlotName]) -> Bool {
        keys.allSatisfy { record.read($0.ref(in: self)) != nil }
    }
}

@_spi(Generated) extension Anchor {
    /// A `@required(action: THROW)` field that `@include`/`@skip` may leave out (`guards`) or that a
    /// deferred part carries (`arrived`: its slot): a field left out, or not answered yet, is absent,
    /// not null, so this is nil then; where it is there, `read` throws as it does anywhere.
    @MainActor public func selected<T>(
        _ guards: GuardSet = .always, arrived key: (any SlotName)? = nil,
        _ read: () throws -> T
    ) rethrows -> T? {
        guard guards.hold(owner.variables) else { return nil }
        if let key, record.read(key.ref(in: self)) == nil { return nil }
        return try read()
    }
}
