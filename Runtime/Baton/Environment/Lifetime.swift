/// Lifetime: roots parked in the release buffer, completed mutations' roots kept
/// apart, and the collection of what no root reaches, once per main-actor turn after a root left.
extension Environment {
    /// A root's data was committed (a fetch, a payload, a response by hand): a query root nothing
    /// retains parks in the buffer; a mutation's root is kept apart, pushing out the oldest.
    func rootCommitted(_ root: Root) {
        switch root.plan.kind {
        case .query:
            if !roots.handles.isEmpty, let holder = roots.handles[root.key], holder.isRetained { return }
            leave(roots.park(root, size: store.releaseBufferSize))
        case .mutation:
            let out = roots.keepMutation(root, size: store.releaseBufferSize)
            if !out.isEmpty { scheduleCollection() }
        case .subscription:
            // A subscription's root leaves as soon as it is released: nothing parks it.
            break
        }
    }

    /// A handle lost its last retention: its root waits in the buffer.
    func released(_ holder: any RootHolder) {
        guard !hasEnded else { return }
        leave(roots.park(holder.root, size: store.releaseBufferSize))
    }

    /// A handle was retained again: its root leaves the buffer.
    func retained(_ holder: any RootHolder) {
        roots.unpark(holder.root.key)
    }

    /// Roots pushed out of the buffer leave with their handles and any fetch in flight.
    private func leave(_ out: [Root]) {
        guard !out.isEmpty else { return }
        for root in out {
            if let holder = roots.handles[root.key], !holder.isRetained {
                roots.handles[root.key] = nil
                holder.detach()
            }
        }
        scheduleCollection()
    }

    /// Runs the collection once, on a later turn of the main actor.
    func scheduleCollection() {
        guard !roots.collectionScheduled, !hasEnded else { return }
        roots.collectionScheduled = true
        Task { @MainActor [weak self] in self?.collect() }
    }

    /// Removes every record no root reaches: marks from the live roots through the
    /// links their plans follow, from the records optimistic layers wrote and from those whose rows
    /// wait in the image's write queue; each unmarked record's
    /// values are cleared (breaking cycles) and it leaves the store, and root links to it are dropped.
    /// Runs by itself after a root left; a test or a script may run it at once.
    public func collect() {
        roots.collectionScheduled = false
        guard !hasEnded else { return }
        var marking = Marking(store: store)
        for record in [store.root, store.mutationRoot, store.subscriptionRoot] { _ = marking.mark(record) }
        for root in roots.live { marking.mark(root) }
        // A record whose row waits in the image's write queue stays until the row is written.
        for (_, changes, keys) in store.imageState.pending {
            for key in (changes?.records.map(\.key) ?? []) + keys {
                if let record = store.records[key] { _ = marking.mark(record) }
            }
        }
        for layer in store.layers where layer.isLive {
            for change in layer.changes.records {
                if let record = store.records[change.key] { _ = marking.mark(record) }
            }
            for record in layer.effects.created { _ = marking.mark(record) }
        }
        var removed: [Record] = []
        for record in store.records.values where !marking.isMarked(record) { removed.append(record) }
        guard !removed.isEmpty else { return }
        var contents: [Record.Contents] = []
        contents.reserveCapacity(removed.count)
        for record in removed {
            contents.append(record.takeContents())
            store.records[record.key] = nil
            // Made again, the record has not read its row: a later batch merges into the row.
            store.imageState.replaced(record)
        }
        let gone = Set(removed.map(ObjectIdentifier.init))
        for rootRecord in [store.root, store.mutationRoot, store.subscriptionRoot] {
            for ref in rootRecord.occupiedSlots {
                guard let value = rootRecord.peek(ref) else { continue }
                if Availability.targets(value).contains(where: { gone.contains(ObjectIdentifier($0)) }) {
                    rootRecord.store(nil, at: ref)
                }
            }
        }
        store.generation &+= 1
        // The removed records and their values are freed off the main actor: freeing them is most
        // of a large collection's time, and nothing on it needs them (a lens held past the collection
        // keeps its record, emptied, alive on its own). Consumed, not copied: were the main actor to
        // keep a reference until after the task ended, the freeing would fall back on it.
        Task.detached(priority: .utility) { [removed = consume removed, contents = consume contents] in
            _ = (removed, contents)
        }
    }
}
