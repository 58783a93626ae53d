import Foundation

/// The last responses an environment committed (a server's, or a payload committed by hand), one
/// per plan and variables, with the change sets they were read into. The ingest is a function of the
/// bytes, the plan, the variables and completeness alone, so the same bytes for the same plan and
/// variables are not read again: their kept change set is committed, which compares every value
/// with the store and writes only what differs there (the store may have moved since). When
/// moreover the store still holds exactly what that commit left (its generation has not moved), they
/// commit as what they are: nothing, without a commit.
///
/// That second shortcut is taken only for a complete response whose change set has no edits
/// (connection merges, deletions, insertions), and none while optimistic layers are laid: those are
/// not idempotent by bytes alone.
@MainActor struct CommittedResponses {
    private struct Kept {
        let plan: Plan
        let variables: Variables
        let bytes: [UInt8]
        let complete: Bool
        let changes: ChangeSet
        /// The store's generation right after the commit, when the response is idempotent.
        let generation: Int?
    }

    /// Most recent first. A few screens' worth: each keeps its response's bytes and change set (about
    /// twice the bytes), so the older ones go past eight responses or 8 MB of bytes (the newest stays).
    private var kept: [Kept] = []
    static let limit = 8
    static let byteLimit = 8 << 20

    /// The result of committing `bytes` again when that is known to change nothing; nil otherwise.
    func recommit(_ plan: Plan, _ variables: Variables, _ bytes: [UInt8], complete: Bool, in store: Store) -> CommitResult? {
        guard complete, store.layers.isEmpty,
            let entry = match(plan, variables, bytes, complete: complete),
            let generation = entry.generation, generation == store.generation
        else { return nil }
        store.log?(.committed(kind: .server, changed: 0))
        return CommitResult(kind: .server, notified: [])
    }

    /// The change set of `bytes` when they are the kept response's for the same plan and variables.
    func keptChanges(_ plan: Plan, _ variables: Variables, _ bytes: [UInt8], complete: Bool) -> ChangeSet? {
        match(plan, variables, bytes, complete: complete)?.changes
    }

    /// The response kept for the plan and variables, when it is these very bytes.
    private func match(_ plan: Plan, _ variables: Variables, _ bytes: [UInt8], complete: Bool) -> Kept? {
        guard let entry = kept.first(where: { $0.plan === plan && $0.variables == variables }),
            entry.complete == complete, Self.same(entry.bytes, bytes)
        else { return nil }
        return entry
    }

    /// Byte equality at memory speed (`==` on arrays compares element by element).
    nonisolated static func same(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        if a.isEmpty { return true }
        return a.withUnsafeBytes { a in b.withUnsafeBytes { b in memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 } }
    }

    /// Keeps a response just committed and its change set, in place of the one kept for its plan
    /// and variables.
    mutating func remember(
        _ plan: Plan, _ variables: Variables, _ bytes: [UInt8], complete: Bool,
        changes: ChangeSet, in store: Store
    ) {
        kept.removeAll { $0.plan === plan && $0.variables == variables }
        let idempotent = complete && changes.edits.isEmpty && store.layers.isEmpty
        kept.insert(
            Kept(
                plan: plan, variables: variables, bytes: bytes, complete: complete, changes: changes,
                generation: idempotent ? store.generation : nil), at: 0)
        var total = kept.reduce(0) { $0 + $1.bytes.count }
        while kept.count > 1, kept.count > Self.limit || total > Self.byteLimit {
            total -= kept.removeLast().bytes.count
        }
    }

    /// Forgets every kept response (the session ended).
    mutating func removeAll() { kept.removeAll() }
}
