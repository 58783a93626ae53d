/// A root's key: the operation's name and its variables.
struct RootKey: Hashable, Sendable {
    let name: String
    let variables: Variables
}

/// A root as the lifetime sees it: the operation's plan and variables, from its kind's root record.
struct Root {
    let key: RootKey
    let plan: Plan
}

/// A handle seen without its operation's type: what the environment's lifetime, ages and end ask of
/// every handle.
@MainActor protocol RootHolder: AnyObject {
    var root: Root { get }
    /// Whether some retention holds it.
    var isRetained: Bool { get }
    /// Whether a holder's policy allows runtime-initiated fetches.
    var allowsNetwork: Bool { get }
    /// Whether `revalidate()` fetches it: stale, or its last fetch failed.
    var needsRevalidation: Bool { get }
    /// Settles the verdict and the phase again (a commit changed what it read).
    func settle()
    /// A batch changed these records in shape (`Reach`).
    func reshaped(_ changed: [ObjectIdentifier])
    /// Fetches for the runtime (invalidate, revalidate); the data stays meanwhile.
    func refresh()
    /// The root left the release buffer: its fetch is cancelled and it leaves the environment.
    func detach()
    /// The session ended.
    func endSession()
    /// Its staleness may have moved (the clock, an invalidation, a stamp).
    func agesMoved()
}

/// The environment's roots: one handle per operation value, the release buffer of released query
/// roots (and of roots committed or fetched with no holder), and the completed mutations' roots,
/// kept apart so mutations never push queries out.
@MainActor final class Roots {
    var handles: [RootKey: any RootHolder] = [:]
    /// Released query roots, oldest first; a root here has no retention.
    private(set) var buffer: [Root] = []
    /// Completed mutations' roots, one per operation value, oldest first.
    private(set) var mutations: [Root] = []
    /// Handles whose reads a commit changed, to settle at the end of the commit.
    var unsettled: [ObjectIdentifier: any RootHolder] = [:]
    var settleScheduled = false
    var collectionScheduled = false

    /// Every root a collection marks from: retained handles', the buffer's, the mutations'.
    var live: [Root] {
        var roots = buffer + mutations
        for holder in handles.values where holder.isRetained { roots.append(holder.root) }
        return roots
    }

    /// Parks a root with no retention as the newest in the buffer; returns the roots pushed out.
    func park(_ root: Root, size: Int) -> [Root] {
        buffer.removeAll { $0.key == root.key }
        buffer.append(root)
        var out: [Root] = []
        while buffer.count > size { out.append(buffer.removeFirst()) }
        return out
    }

    /// Takes a root out of the buffer (retained again).
    func unpark(_ key: RootKey) {
        buffer.removeAll { $0.key == key }
    }

    func isParked(_ key: RootKey) -> Bool { buffer.contains { $0.key == key } }

    /// Keeps a completed mutation's root as the newest; returns the ones pushed out.
    func keepMutation(_ root: Root, size: Int) -> [Root] {
        mutations.removeAll { $0.key == root.key }
        mutations.append(root)
        var out: [Root] = []
        while mutations.count > size { out.append(mutations.removeFirst()) }
        return out
    }

    func removeAll() {
        handles.removeAll()
        buffer.removeAll()
        mutations.removeAll()
        unsettled.removeAll()
    }
}
