import Foundation

/// An operation that says how long its data stays fresh (`@cacheExpiration(seconds:)`), over the
/// store's default.
public protocol CacheExpiring: Operation {
    static var cacheExpiration: Duration { get }
}

/// Fetch stamps per root and the invalidation generation.
struct Ages {
    struct Stamp {
        var instant: ContinuousClock.Instant
        var date: Date
        /// The invalidation generation the data was fetched under (-1: invalidated by record or type).
        var generation: Int
        var fetches: Int
    }

    var generation = 0
    var stamps: [RootKey: Stamp] = [:]

    /// Whether data under `key` is stale: invalidated since its stamp, or older than `expiration`.
    /// Data without a stamp (written by another operation) is stale wherever an expiration applies,
    /// or once the store was invalidated.
    func isStale(_ key: RootKey, expiration: Duration?, now: ContinuousClock.Instant) -> Bool {
        guard let stamp = stamps[key] else { return expiration != nil || generation > 0 }
        if stamp.generation < generation { return true }
        if let expiration, stamp.instant.duration(to: now) > expiration { return true }
        return false
    }
}

extension Environment {
    /// Stamps a server commit of `root` with the store's time and invalidation generation; the image
    /// keeps the date, so the age survives a launch.
    func stamp(_ key: RootKey, plan: Plan) {
        let previous = store.ages.stamps[key]?.fetches ?? 0
        let date = store.clock.date
        store.ages.stamps[key] = Ages.Stamp(
            instant: store.clock.now, date: date,
            generation: store.ages.generation, fetches: previous + 1)
        store.writeFetchTime(key, plan: plan, date: date)
    }

    /// Marks everything stale, in memory and in the image (it forgets its fetch times), and refetches the retained roots a holder allows the
    /// network for. Their data stays visible meanwhile.
    public func invalidate() {
        guard !hasEnded else { return }
        store.ages.generation += 1
        store.image?.forgetFetchTimes()
        refreshAfterInvalidation { _ in true }
    }

    /// Marks stale the roots that reach any of `keys` (records), and refetches the retained ones.
    public func invalidate(records keys: [String]) {
        guard !hasEnded else { return }
        let targets = Set(keys.compactMap { store.records[$0] }.map(ObjectIdentifier.init))
        invalidateRoots { marking in targets.contains { marking.marked.contains($0) } }
    }

    /// Marks stale the roots that reach a record of any of `types`, and refetches the retained ones.
    public func invalidate(types names: [String]) {
        guard !hasEnded else { return }
        let wanted = Set(names)
        let targets = Set(store.records.values.filter { wanted.contains($0.type.name) }.map(ObjectIdentifier.init))
        invalidateRoots { marking in targets.contains { marking.marked.contains($0) } }
    }

    private func invalidateRoots(_ reaches: (Marking) -> Bool) {
        var hit: Set<RootKey> = []
        for root in roots.live {
            var marking = Marking(store: store)
            marking.mark(root)
            guard reaches(marking) else { continue }
            hit.insert(root.key)
            var stamp =
                store.ages.stamps[root.key]
                ?? Ages.Stamp(instant: store.clock.now, date: store.clock.date, generation: -1, fetches: 0)
            stamp.generation = -1
            store.ages.stamps[root.key] = stamp
        }
        refreshAfterInvalidation { hit.contains($0.root.key) }
    }

    private func refreshAfterInvalidation(_ which: (any RootHolder) -> Bool) {
        let holders = Array(roots.handles.values)
        for holder in holders { holder.agesMoved() }
        for holder in holders where holder.isRetained && holder.allowsNetwork && which(holder) {
            holder.refresh()
        }
    }

    /// Refetches the retained roots that are stale or whose last fetch failed, where a holder allows
    /// the network. Marks nothing; with nothing retained it does nothing. For a return to the
    /// foreground, or a connection that came back.
    public func revalidate() {
        guard !hasEnded else { return }
        for holder in Array(roots.handles.values)
        where holder.isRetained && holder.allowsNetwork && holder.needsRevalidation {
            holder.refresh()
        }
    }

    /// The clock moved: every handle's staleness may have.
    func clockAdvanced() {
        for holder in roots.handles.values { holder.agesMoved() }
    }
}
