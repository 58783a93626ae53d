import Foundation

/// The last complete server response an environment committed, kept so that the same bytes for the
/// same plan and variables, arriving while the store still holds exactly what that commit left
/// (its generation has not moved), commit as what they are: nothing. The bytes are compared
/// before any value is read, so an unchanged refetch costs one comparison instead of an ingest.
///
/// Only responses whose change set has no edits (connection merges, deletions, insertions) are
/// kept, and none while optimistic layers are laid: those are not idempotent by bytes alone.
@MainActor struct CommittedResponse {
    private var plan: Plan?
    private var variables: Variables = [:]
    private var bytes: [UInt8] = []
    private var generation = 0

    /// The result of committing `bytes` again when that is known to change nothing; nil otherwise.
    func recommit(_ plan: Plan, _ variables: Variables, _ bytes: [UInt8], complete: Bool, in store: Store) -> CommitResult? {
        guard complete, self.plan === plan, generation == store.generation, store.layers.isEmpty,
              self.variables == variables, Self.same(self.bytes, bytes) else { return nil }
        store.log?(.committed(kind: .server, changed: 0))
        return CommitResult(kind: .server, notified: [])
    }

    /// Byte equality at memory speed (`==` on arrays compares element by element).
    private static func same(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        if a.isEmpty { return true }
        return a.withUnsafeBytes { a in b.withUnsafeBytes { b in memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 } }
    }

    /// Keeps a complete response just committed, or forgets the last one.
    mutating func remember(_ plan: Plan, _ variables: Variables, _ bytes: [UInt8], complete: Bool,
                           changes: ChangeSet, in store: Store) {
        guard complete, changes.edits.isEmpty, store.layers.isEmpty else {
            self = CommittedResponse()
            return
        }
        self.plan = plan
        self.variables = variables
        self.bytes = bytes
        self.generation = store.generation
    }
}
