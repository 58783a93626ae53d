import Foundation

/// Which root an operation's response is committed under.
public enum OperationKind: Sendable {
    case query, mutation, subscription

    /// The root record's key.
    public var rootKey: String {
        switch self {
        case .query: RecordKey.queryRoot
        case .mutation: RecordKey.mutationRoot
        case .subscription: RecordKey.subscriptionRoot
        }
    }

    public var rootType: TypeID {
        switch self {
        case .query: .query
        case .mutation: .mutation
        case .subscription: .subscription
        }
    }
}

/// An operation's normalization plan: data tables the runtime interprets. Resolved once per set of
/// variables (guards settled, keys with variables rendered) and the resolution kept.
public final class Plan: @unchecked Sendable {
    public let root: Selection
    public let kind: OperationKind
    /// What of this plan's records and root fields never reaches the image.
    public let transient: Transient

    private let lock = NSLock()
    private var resolutions: [Variables: ResolvedSelection] = [:]
    private var deferred: Bool?

    public init(root: Selection, kind: OperationKind = .query, transient: Transient = .none) {
        self.root = root
        self.kind = kind
        self.transient = transient
    }

    /// Whether the plan has deferred parts (known once it has been resolved).
    var hasDeferredParts: Bool {
        lock.lock()
        defer { lock.unlock() }
        return deferred ?? false
    }

    /// The plan bound to `variables`.
    func resolved(_ variables: Variables) -> ResolvedSelection {
        lock.lock()
        if let found = resolutions[variables] {
            lock.unlock()
            return found
        }
        lock.unlock()
        var resolver = Resolver(variables: variables)
        let resolved = resolver.resolve(root)
        lock.lock()
        if resolver.sawDeferred { deferred = true } else if deferred == nil { deferred = false }
        // A small bound: a screen's variables change rarely, and a new set just resolves again.
        if resolutions.count >= 32 { resolutions.removeAll() }
        resolutions[variables] = resolved
        lock.unlock()
        return resolved
    }
}
