@_spi(Generated) extension Anchor {
    /// Whether every one of `keys` has been answered (a null included): a deferred spread reads
    /// absent until the part carrying its fields has arrived.
    @MainActor public func arrived(_ keys: [any SlotName]) -> Bool {
        keys.allSatisfy { record.read($0.ref(in: self)) != nil }
    }
}
