import Observation

/// The one handle every holder of an equal operation value shares: its phase,
/// derived from the root's verdict, whether the store holds the data, and the fetch; the fetch as a
/// value; staleness and the fetch time. Observed: a body that read a member re-runs when it changes,
/// and only then (an equal verdict is not a change, so an unchanged refetch wakes no body).
@MainActor public final class OperationHandle<O: Operation>: Observable {
    public let operation: O
    let root: Root
    private weak var environment: Environment?
    private let request: Request?
    /// The root lens, made once: every ready phase carries the same lens.
    private let lens: O.Data
    private let registrar = ObservationRegistrar()

    // Observed state.
    private var shown: Phase<O.Data> = .loading
    private var shownKey = ShownKey.loading
    private var fetchState = Fetch.idle
    private var ages = AgeState(stale: false, time: nil)

    // Bookkeeping.
    private var holders: [Int: FetchPolicy] = [:]
    private var nextHolder = 0
    /// The policy of the last attach, taken by the next `retain()`.
    private var attachPolicy = FetchPolicy.storeOrNetwork
    private var holdsData = false
    /// The data was there once: a field missing later (a link retargeted to a record fetched with
    /// fewer fields) is healed by the read that finds it, and the phase stays ready.
    private var heldData = false
    private var healState = HealState.armed
    /// The fetch in flight is the heal's.
    private var fetchIsHeal = false
    private var deferredMissing = false
    /// A `networkOnly` attach over a handle nobody showed: loading until its own response.
    private var awaitingOwnResponse = false
    /// The last response's errors that reached no field.
    private var unplaced: [ResponseError] = []
    private var fetchTask: Task<FetchOutcome, Never>?
    private var fetchToken = 0
    private var isGone = false
    private var isDetached = false
    /// What the last settle read is watched and has not changed: an observation registered and not
    /// fired, or a reach no batch has reshaped.
    private var isTracking = false
    /// The records the last check entered, when the handle watches its check by reach (an operation
    /// without a verdict: nothing but the check's walk to watch).
    private var reach: Reach?
    /// The verdict reads the store (field errors, `@required` fields): its reads and the check's are
    /// observed together. Otherwise the check is watched by its reach.
    private static var hasVerdict: Bool { O.Data.self is any ThrowingRoot.Type || O.Data.self is any RequiringRoot.Type }
    /// The store's generation when the last settle ran (nil: none counts, as after a detach).
    private var settledGeneration: Int?

    private enum ShownKey: Equatable {
        case loading, ready
        case failed(PhaseKind, String)
    }

    private struct AgeState: Equatable {
        var stale: Bool
        var time: ContinuousClock.Instant?
    }

    init(_ operation: O, environment: Environment) {
        self.operation = operation
        self.environment = environment
        root = Root(key: RootKey(name: O.name, variables: operation.variables), plan: O.plan)
        request = (operation as? any RequestableOperation).map { Request($0) }
        lens = environment.rootLens(for: operation)
        lens.anchor.owner.healer = self
    }

    // MARK: What a body reads

    /// `.loading`, `.ready(data)` or `.failed(error)`; never awaited.
    public var phase: Phase<O.Data> {
        registrar.access(self, keyPath: \.shown)
        return shown
    }

    /// The last fetch: idle, in flight, or failed with its failure and when.
    public var fetch: Fetch {
        registrar.access(self, keyPath: \.fetchState)
        return fetchState
    }

    /// Data is shown and a fetch is in flight behind it.
    public var isRefreshing: Bool {
        registrar.access(self, keyPath: \.shown)
        registrar.access(self, keyPath: \.fetchState)
        return shownKey != .loading && holdsData && !awaitingOwnResponse && fetchState.isInFlight
    }

    /// The root lens, whatever the phase: it reads what the store holds (a ready phase carries the
    /// same lens). Its reads heal this root when they find a field missing.
    public var data: O.Data { lens }

    /// The data is older than its expiration, or was invalidated.
    public var isStale: Bool {
        registrar.access(self, keyPath: \.ages)
        return ages.stale
    }

    /// When the root's data was last committed by a server (a fetch, or a payload): nil before.
    public var fetchTime: ContinuousClock.Instant? {
        registrar.access(self, keyPath: \.ages)
        return ages.time
    }

    // MARK: Calls

    /// Sends again whatever the policy; the data stays meanwhile. On failure it throws the `Failure`
    /// and records it in `fetch`; a fetch superseded meanwhile throws `CancellationError`.
    public func refetch() async throws {
        guard !isGone, let task = start() else { throw EnvironmentError.gone }
        switch await task.value {
        case .completed: return
        case .failed(let failure): throw failure
        case .cancelled: throw CancellationError()
        }
    }

    /// After a failure with no data behind it, back to loading and a fetch; with data behind it, a
    /// refetch.
    public func retry() {
        guard !isGone else { return }
        start()
    }

    /// Holds the root for as long as the retention lives, with the policy of the last attach.
    public func retain() -> Retention {
        let policy = attachPolicy
        nextHolder += 1
        let id = nextHolder
        let retention = Retention(fetchPolicy: policy) { [self] in self.release(id) }
        guard let environment, !isGone else { return retention }
        holders[id] = policy
        if isDetached {
            isDetached = false
            environment.adopt(self)
        }
        if holders.count == 1 { environment.retained(self) }
        return retention
    }

    private func release(_ id: Int) {
        guard holders.removeValue(forKey: id) != nil, holders.isEmpty, !isGone, !isDetached else { return }
        environment?.released(self)
    }

    // MARK: Attach and fetch

    /// An attach with `policy`: settles, then fetches as the policy says.
    func attach(_ policy: FetchPolicy) {
        attachPolicy = policy
        guard !isGone else { return }
        settleForAttach()
        switch policy {
        case .storeOnly:
            return
        case .storeOrNetwork:
            guard !fetchState.isInFlight else { return }
            if !holdsData || deferredMissing || ages.stale || !unplaced.isEmpty { start() }
        case .storeAndNetwork:
            if !fetchState.isInFlight { start() }
        case .networkOnly:
            if shownKey == .loading || !holdsData { awaitingOwnResponse = true }
            if !fetchState.isInFlight { start() } else { settle() }
        }
    }

    /// Starts a fetch, superseding the one in flight (whose response then never commits).
    @discardableResult
    func start(heal: Bool = false) -> Task<FetchOutcome, Never>? {
        guard let environment, !isGone else { return nil }
        fetchIsHeal = heal
        fetchToken += 1
        let token = fetchToken
        fetchTask?.cancel()
        setFetch(.inFlight)
        derive()
        let operation = operation
        let request = request
        let task = Task { @MainActor [weak self] () -> FetchOutcome in
            let outcome = await environment.perform(operation, request) { [weak self] in
                !Task.isCancelled && self?.fetchToken == token
            }
            self?.finish(outcome, token: token)
            return outcome
        }
        fetchTask = task
        return task
    }

    private func finish(_ outcome: FetchOutcome, token: Int) {
        guard token == fetchToken, !isGone, let environment else { return }
        fetchTask = nil
        switch outcome {
        case .completed(let unplaced, let duration):
            self.unplaced = unplaced
            awaitingOwnResponse = false
            healState = fetchIsHeal ? .spent : .armed
            fetchIsHeal = false
            setFetch(.idle)
            settle()
            if case .failed(let errors as FieldErrors) = shown {
                for error in errors.errors { environment.log?(.fieldError(operation: O.name, path: error.path)) }
            }
            environment.log?(.fetchCompleted(operation: O.name, duration: duration))
        case .failed(let failure):
            awaitingOwnResponse = false
            if fetchIsHeal { healState = .armed }
            fetchIsHeal = false
            setFetch(.failed(failure, at: environment.store.clock.now))
            settle()
        case .cancelled:
            break
        }
    }

    // MARK: Verdict and phase

    /// Runs the availability check and the verdict, tracked, so a commit that changes what they read
    /// settles the handle again, then derives the phase.
    func settle() {
        guard let environment, !isGone else { return }
        let store = environment.store
        let plan = root.plan
        let variables = root.key.variables
        if store.image != nil, !imageRead {
            // The first check of a store with an image fills what memory lacks from it, untracked,
            // before the tracked check reads the result.
            imageRead = true
            _ = Hydration.run(plan, variables, root: root.key, in: store)
        }
        let evaluate = { () -> (Availability, (any Error)?) in
            let availability = Availability.check(plan, variables, in: store)
            // Links a lookup bound are written before the verdict reads through them.
            store.bind(availability)
            return (availability, availability.holds ? self.verdict(environment) : nil)
        }
        let availability: Availability
        let verdict: (any Error)?
        if !Self.hasVerdict {
            // Watched by reach: the batch that binds lookups below must not reshape the last reach.
            isTracking = false
            availability = Availability.check(plan, variables, in: store, reach: true)
            store.bind(availability)
            verdict = nil
            reach = availability.reach
            isTracking = true
        } else if isTracking {
            // Still observed since the last settle (nothing it read changed): one registration is
            // enough, so settling again (an unchanged refetch) adds none.
            (availability, verdict) = evaluate()
        } else {
            (availability, verdict) = withObservationTracking(
                evaluate,
                onChange: { [weak self] in
                    MainActor.assumeIsolated {
                        self?.isTracking = false
                        self?.readsChanged()
                    }
                })
            isTracking = true
        }
        heldData = heldData || availability.holds
        holdsData = availability.holds || heldData
        deferredMissing = availability.deferredMissing
        settledGeneration = store.generation
        derive(verdict)
        agesMoved()
    }

    /// An attach settles, unless nothing moved since the last settle: its observation has not fired
    /// and the store's generation (moved by every batch that wrote and every collection that removed
    /// a record, which tells no reader) is the one it saw. Then the check and the verdict would find
    /// what they found, so only the phase and the ages are derived again: an attach of a settled
    /// handle (a view's body resolving it again) costs no walk over its data, and puts none of the
    /// walk's reads in the caller's observation scope.
    private func settleForAttach() {
        guard isTracking, let generation = settledGeneration, generation == environment?.store.generation else {
            settle()
            return
        }
        derive()
        agesMoved()
    }

    private var lastVerdict: (any Error)?
    /// Whether this handle's check has read the image.
    private var imageRead = false

    /// The verdict's error while the data is there (`FieldErrors`, `RequiredFieldError`).
    var verdictError: (any Error)? { holdsData ? lastVerdict : nil }

    /// `@throwOnFieldError` weighs the operation's own selection and the unplaced errors; a
    /// `@required` null that reaches the root fails it too. Nil: ready.
    private func verdict(_ environment: Environment) -> (any Error)? {
        if let throwing = O.Data.self as? any ThrowingRoot.Type {
            var errors = lens.anchor.errors(in: throwing.errorScope)
            errors += unplaced.map { FieldError(message: $0.message, path: $0.dottedPath, extensions: $0.extensions) }
            if !errors.isEmpty { return FieldErrors(errors) }
        }
        return environment.requiredFailure(lens)
    }

    /// The phase from the verdict, the data and the fetch. With data shown, the verdict rules.
    private func derive(_ verdict: (any Error)?) {
        lastVerdict = verdict
        derive()
    }

    private func derive() {
        let next: Phase<O.Data>
        if isGone {
            next = .failed(EnvironmentError.gone)
        } else if holdsData && !awaitingOwnResponse {
            next = lastVerdict.map { .failed($0) } ?? .ready(lens)
        } else {
            switch fetchState {
            case .inFlight: next = .loading
            case .failed(let failure, _): next = .failed(failure)
            case .idle: next = holdsData ? .loading : .failed(MissingDataError(operation: O.name))
            }
        }
        let key: ShownKey
        switch next {
        case .loading: key = .loading
        case .ready: key = .ready
        case .failed(let error): key = .failed(next.kind, String(describing: error))
        }
        if key == shownKey {
            shown = next
        } else {
            registrar.withMutation(of: self, keyPath: \.shown) {
                shown = next
                shownKey = key
            }
        }
    }

    private func setFetch(_ next: Fetch) {
        guard !next.same(as: fetchState) else { return }
        registrar.withMutation(of: self, keyPath: \.fetchState) { fetchState = next }
    }

    /// A slot the check or the verdict read changed: settle at the end of this commit.
    private func readsChanged() {
        environment?.unsettled(self)
    }
}

extension OperationHandle {
    /// A batch changed these records in shape: a handle watched by reach whose last check entered
    /// one settles at the end of the commit.
    func reshaped(_ changed: [ObjectIdentifier]) {
        guard isTracking, let reach, reach.meets(changed) else { return }
        isTracking = false
        readsChanged()
    }
}

extension OperationHandle: RootHolder {
    var isRetained: Bool { !holders.isEmpty }

    var allowsNetwork: Bool { holders.values.contains { $0.allowsNetwork } }

    var needsRevalidation: Bool {
        if case .failed = fetchState { return true }
        return ages.stale
    }

    func refresh() {
        guard !isGone else { return }
        start()
    }

    func detach() {
        isDetached = true
        // Back from the buffer after collection, the check decides afresh.
        heldData = false
        settledGeneration = nil
        fetchToken += 1
        fetchTask?.cancel()
        fetchTask = nil
        if fetchState.isInFlight { setFetch(.idle) }
        derive()
    }

    func endSession() {
        isGone = true
        fetchToken += 1
        fetchTask?.cancel()
        fetchTask = nil
        let now = environment?.store.clock.now ?? ContinuousClock.now
        setFetch(.failed(Failure(.environment, EnvironmentError.gone), at: now))
        derive()
    }

    func agesMoved() {
        guard let environment, !isGone else { return }
        let store = environment.store
        let expiration = (O.self as? any CacheExpiring.Type)?.cacheExpiration ?? store.cacheExpiration
        let stamp = store.ages.stamps[root.key]
        let stale = healState == .healing || store.ages.isStale(root.key, expiration: expiration, now: store.clock.now)
        let next = AgeState(stale: holdsData && stale, time: stamp?.instant)
        guard next != ages else { return }
        registrar.withMutation(of: self, keyPath: \.ages) { ages = next }
    }
}

extension OperationHandle: MissingDataHealer {
    /// A read of this root found `type.field` missing: mark the root stale and refetch it, once per
    /// fetch, if a holder allows the network; after the heal's own refetch, log it as unexpected.
    func heal(type: String, field: String) {
        // Before the data was first shown, or with a fetch already on its way, the response will
        // bring the field: a body reading a loading handle's lens must not supersede its fetch.
        guard let environment, !isGone, !isDetached, heldData, !fetchState.isInFlight else { return }
        switch healState {
        case .healing:
            return
        case .spent:
            environment.log?(.unexpected(type: type, field: field))
        case .armed:
            guard allowsNetwork else { return }
            healState = .healing
            agesMoved()
            start(heal: true)
        }
    }
}
