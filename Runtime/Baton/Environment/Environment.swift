/// The session: a store and the doors into it. Every write enters through `commit…`, which ingests
/// the bytes off the main actor and commits the change set on it as one batch.
@MainActor public final class Environment {
    public let store: Store
    /// What sends requests; nil leaves the environment to payloads committed by hand, and a fetch or
    /// a mutation fails with `EnvironmentError.noTransport`.
    public let transport: (any Transport)?
    /// What opens subscriptions, when not `transport` (a socket beside an HTTP transport); nil
    /// leaves them to `transport`, which may stream them (graphql-sse).
    public let subscriptions: (any Transport)?
    /// True once `end()` ran: every later call fails with `EnvironmentError.gone`.
    public private(set) var hasEnded = false

    /// Where log events go; nil silences the log.
    public var log: ((LogEvent) -> Void)? {
        get { store.log }
        set { store.log = newValue }
    }

    /// Set by the app: while false every retained subscription's stream is parked (`idle`); set
    /// true again, each resumes and counts a resumption. Pair it with `revalidate()` on the app's
    /// return to the foreground.
    public var isActive = true {
        didSet { if isActive != oldValue, !hasEnded { activityChanged() } }
    }

    /// The wait before a failed subscription reopens (`Backoff.standard`: 1 s doubling to 30 s,
    /// jittered); a handle takes it when made.
    public var subscriptionBackoff = Backoff.standard

    /// The handles, the release buffer and the completed mutations' roots.
    let roots = Roots()

    public init(store: Store = Store(), transport: (any Transport)? = nil, subscriptions: (any Transport)? = nil) {
        self.store = store
        self.transport = transport
        self.subscriptions = subscriptions
        store.environment = self
        store.clock.onAdvance = { [weak self] in self?.clockAdvanced() }
    }

    /// The last responses committed and their change sets, to know an identical refetch without
    /// reading it.
    private var lastResponses = CommittedResponses()

    /// Commits a payload by the operation's plan, as a fetch's response is committed. A payload may
    /// be partial: what it leaves out reads as missing.
    @discardableResult
    public func commitPayload<O: Operation>(_ operation: O, _ payload: Payload) async throws -> CommitResult {
        try await commit(operation, payload, complete: false, kind: .server)
    }

    /// Ends the session: every record is cleared (its readers told) and dropped, and every later
    /// call fails with `EnvironmentError.gone`. A response that lands after this commits nothing.
    public func end() {
        guard !hasEnded else { return }
        hasEnded = true
        lastResponses.removeAll()
        // Every fetch is cancelled and every handle reads `gone`, before the records are cleared.
        let holders = Array(roots.handles.values)
        roots.removeAll()
        for holder in holders { holder.endSession() }
        store.ages = Ages()
        store.end()
        // The session is over: nothing after it reaches the log (a read of a cleared record included).
        store.log = nil
    }

    /// Commits a server's response to the operation: complete, so an omitted field is malformed.
    @discardableResult
    public func commitResponse<O: Operation>(_ operation: O, _ payload: Payload) async throws -> CommitResult {
        try await commit(operation, payload, complete: true, kind: .server)
    }

    /// Commits an incremental response (`@defer`): the first part, then each later part in order,
    /// each as its own batch, as they would arrive.
    @discardableResult
    public func commitResponse<O: Operation>(_ operation: O, parts: [Payload]) async throws -> [CommitResult] {
        guard !hasEnded else { throw EnvironmentError.gone }
        guard let firstPart = parts.first else { return [] }
        let plan = O.plan
        let variables = operation.variables
        let bytes = firstPart.bytes
        var (changes, state) = try await Task.detached {
            try Ingest.firstPart(bytes, plan: plan, variables: variables, complete: true)
        }.value
        guard !hasEnded else { throw EnvironmentError.gone }
        store.learnTransient(plan.transient)
        var results = [store.commit(changes, kind: .server)]
        didCommit(Root(key: RootKey(name: O.name, variables: variables), plan: plan), kind: .server)
        for part in parts.dropFirst() {
            let dropped = state.droppedParts.count
            let partBytes = part.bytes
            let captured = state
            (changes, state) = try await Task.detached {
                var next = captured
                let changes = try Ingest.laterPart(partBytes, state: &next)
                return (changes, next)
            }.value
            guard !hasEnded else { throw EnvironmentError.gone }
            for path in state.droppedParts.dropFirst(dropped) { log?(.partDropped(path: path)) }
            guard !changes.isEmpty else { continue }
            if let stale = store.staleStream(changes) {
                log?(.partDropped(path: stale))
                continue
            }
            results.append(store.commit(changes, kind: .server))
            settleHandles()
        }
        return results
    }

    private func commit<O: Operation>(
        _ operation: O, _ payload: Payload, complete: Bool,
        kind: BatchKind
    ) async throws -> CommitResult {
        try await commit(O.self, operation.variables, payload.bytes, complete: complete, kind: kind).result
    }

    /// The door every single response goes through: read off the main actor (or the kept change set
    /// of the same bytes), committed on it as one batch, then stamped and its root kept. `isCurrent`
    /// is asked right before the commit: a superseded fetch's response never lands.
    func commit<O: Operation>(
        _ type: O.Type, _ variables: Variables, _ bytes: [UInt8], complete: Bool,
        kind: BatchKind, isCurrent: () -> Bool = { true }, wantsErrors: Bool = false
    )
        async throws -> (result: CommitResult, unplaced: [ResponseError])
    {
        guard !hasEnded else { throw EnvironmentError.gone }
        let plan = O.plan
        let root = Root(key: RootKey(name: O.name, variables: variables), plan: plan)
        if isCurrent(), let unchanged = lastResponses.recommit(plan, variables, bytes, complete: complete, in: store) {
            let unplaced = wantsErrors ? lastResponses.keptChanges(plan, variables, bytes, complete: complete)?.unplacedErrors : nil
            didCommit(root, kind: kind)
            return (unchanged, unplaced ?? [])
        }
        let changes: ChangeSet
        if let kept = lastResponses.keptChanges(plan, variables, bytes, complete: complete) {
            changes = kept
        } else {
            changes = try await Task.detached {
                try Ingest.changeSet(bytes, plan: plan, variables: variables, complete: complete)
            }.value
        }
        // The single door: a response that lands after the end reaches nothing.
        guard !hasEnded else { throw EnvironmentError.gone }
        guard isCurrent() else { throw CancellationError() }
        let result = commit(root, changes, kind: kind, keeping: (bytes, complete))
        return (result, changes.unplacedErrors)
    }

    /// The same door for a complete response its caller already read off the main actor (a
    /// subscription's events, read as they arrive). Not kept in `lastResponses`: no request asks
    /// for a stream's events again, so the shortcut for the same bytes would serve none of them, and
    /// keeping each would push out the responses it serves.
    func commit<O: Operation>(_ type: O.Type, _ variables: Variables, ingested changes: ChangeSet, kind: BatchKind) throws -> CommitResult {
        guard !hasEnded else { throw EnvironmentError.gone }
        return commit(Root(key: RootKey(name: O.name, variables: variables), plan: O.plan), changes, kind: kind, keeping: nil)
    }

    private func commit(
        _ root: Root, _ changes: ChangeSet, kind: BatchKind, keeping response: (bytes: [UInt8], complete: Bool)?
    ) -> CommitResult {
        store.learnTransient(root.plan.transient)
        let result = store.commit(changes, kind: kind)
        if let response {
            lastResponses.remember(root.plan, root.key.variables, response.bytes, complete: response.complete, changes: changes, in: store)
        }
        didCommit(root, kind: kind)
        return result
    }

    /// After a server commit: the root is stamped and kept, and the handles it changed settle.
    func didCommit(_ root: Root, kind: BatchKind) {
        if kind == .server {
            stamp(root.key, plan: root.plan)
            if !roots.handles.isEmpty { roots.handles[root.key]?.agesMoved() }
        }
        rootCommitted(root)
        settleHandles()
    }

    /// Settles the handles whose reads the last batch changed, at the end of the commit that changed
    /// them (a verdict is settled after each commit that changed what it read).
    func settleHandles() {
        guard !roots.unsettled.isEmpty else { return }
        let pending = roots.unsettled
        roots.unsettled.removeAll()
        for holder in pending.values { holder.settle() }
    }

    /// Applies an optimistic response as a layer, normalized on the main actor by the mutation's plan
    /// so it shows in the turn of the call. A payload, so it may carry part of the selection.
    @discardableResult
    public func applyOptimistic<O: Operation>(_ operation: O, _ payload: Payload) throws -> OptimisticLayer {
        guard !hasEnded else { throw EnvironmentError.gone }
        let changes = try Ingest.changeSet(
            payload.bytes, plan: O.plan, variables: operation.variables,
            complete: false)
        let layer = store.applyOptimistic(changes).0
        settleHandles()
        return layer
    }

    /// The server's answer to a layer's mutation: replaces the layer in one batch. After `end()` it
    /// is a late response: it reaches nothing and nothing is thrown (the `end` script, step 5), since
    /// it answers a call made before the end rather than being a call after it.
    @discardableResult
    public func resolve<O: Operation>(_ layer: OptimisticLayer, _ operation: O, _ payload: Payload) async throws -> CommitResult {
        let plan = O.plan
        let variables = operation.variables
        let bytes = payload.bytes
        let changes = try await Task.detached {
            try Ingest.changeSet(bytes, plan: plan, variables: variables, complete: true)
        }.value
        guard !hasEnded else { return CommitResult(kind: .server, notified: []) }
        store.learnTransient(plan.transient)
        let result = store.resolve(layer, with: changes)
        didCommit(Root(key: RootKey(name: O.name, variables: variables), plan: plan), kind: .server)
        return result
    }

    /// Reverts a layer, as a failed mutation does.
    @discardableResult
    public func revert(_ layer: OptimisticLayer) -> CommitResult {
        guard !hasEnded else { return CommitResult(kind: .optimistic, notified: []) }
        let result = store.revert(layer)
        settleHandles()
        scheduleCollection()
        return result
    }

    /// The operation's data: its root lens over the root record of its kind, with its variables as
    /// the owner's scope. An operation whose root requires fields (`RequiringRoot`) reads through
    /// the throwing `data(for:)` instead, which checks them.
    public func data<O: Operation>(for operation: O) -> O.Data {
        rootLens(for: operation)
    }

    func rootLens<O: Operation>(for operation: O) -> O.Data {
        let record = store.root(of: O.plan.kind)
        return O.Data(
            anchor: Anchor(
                record: record, owner: Owner(store: store, variables: operation.variables),
                origin: record))
    }

    /// A lens made by hand over a record (tests, previews): it reads what the store holds there.
    public func lens<L: Lens>(_ type: L.Type, at key: String, variables: Variables = [:]) -> L? {
        guard let record = store.record(forKey: key) else { return nil }
        return L(anchor: Anchor(record: record, owner: Owner(store: store, variables: variables), origin: record))
    }
}

/// Why the environment refused a call.
public enum EnvironmentError: Error, Sendable, Equatable {
    /// The environment has ended.
    case gone
    /// A request was to be sent, and the environment has no transport.
    case noTransport
    /// A subscription was to open, and the environment has neither a subscription transport nor a
    /// transport.
    case noSubscriptionTransport
    /// A request was to be sent for an operation that has no document (not a `RequestableOperation`).
    case notRequestable
}
