/// How one fetch ended: committed (with the response's errors that reached no field), failed, or
/// cancelled (superseded, or its root left).
enum FetchOutcome: Sendable {
    case completed(unplaced: [ResponseError], duration: Duration)
    case failed(Failure)
    case cancelled
}

extension Environment {
    /// The one handle for an operation value (equal values share it and its fetch), attached with
    /// `fetchPolicy`: the store is checked before the first body, and the policy decides whether to
    /// fetch. A handle no retention holds parks its root in the release buffer at
    /// the end of the turn; after `end()` the handle reads `.failed(EnvironmentError.gone)`.
    public func handle<O: Query>(for operation: O, fetchPolicy: FetchPolicy = .storeOrNetwork) -> OperationHandle<O> {
        let handle = existingOrNew(operation)
        handle.attach(fetchPolicy)
        return handle
    }

    /// Makes the handle and attaches it, so the first attach finds the fetch already made; its root
    /// parks in the buffer until something retains it.
    @discardableResult
    public func preload<O: Query>(_ operation: O, fetchPolicy: FetchPolicy = .storeOrNetwork) -> OperationHandle<O> {
        handle(for: operation, fetchPolicy: fetchPolicy)
    }

    /// Always asks the network and commits; returns nothing. Throws the fetch's `Failure`
    /// (`EnvironmentError.gone` after the end), or, once committed, the verdict's error: `FieldErrors`
    /// under `@throwOnFieldError`, `RequiredFieldError` for a required null at the root (the data
    /// stays). Its root parks in the buffer, so a later `storeOnly` handle reads it.
    public func fetch<O: Query>(_ operation: O) async throws {
        guard !hasEnded else { throw EnvironmentError.gone }
        let handle = existingOrNew(operation)
        try await handle.refetch()
        if let verdict = handle.verdictError { throw verdict }
    }

    func existingOrNew<O: Operation>(_ operation: O) -> OperationHandle<O> {
        let key = RootKey(name: O.name, variables: operation.variables)
        if let found = roots.handles[key] as? OperationHandle<O> { return found }
        let handle = OperationHandle(operation, environment: self)
        if hasEnded {
            handle.endSession()
            return handle
        }
        roots.handles[key] = handle
        // Made and retained in one turn is the common case: park only what is still unretained then,
        // so making a handle never pushes a root out before its retention comes.
        Task { @MainActor [weak self, weak handle] in
            guard let self, let handle, !handle.isRetained, !self.hasEnded,
                self.roots.handles[key] === handle, !self.roots.isParked(key)
            else { return }
            self.released(handle)
        }
        return handle
    }

    /// A detached handle retained again comes back as its value's handle.
    func adopt(_ holder: any RootHolder) {
        guard !hasEnded else { return }
        roots.handles[holder.root.key] = holder
    }

    /// A batch changed these records in shape: the handles watching their check by reach hear it.
    func reshaped(_ changed: [ObjectIdentifier]) {
        for holder in roots.handles.values { holder.reshaped(changed) }
    }

    /// A handle's reads changed in a batch: it settles at the end of the commit, or on the next turn
    /// for a batch committed past the environment's doors.
    func unsettled(_ holder: any RootHolder) {
        roots.unsettled[ObjectIdentifier(holder)] = holder
        guard !roots.settleScheduled else { return }
        roots.settleScheduled = true
        Task { @MainActor [weak self] in
            guard let self else { return }
            self.roots.settleScheduled = false
            self.settleHandles()
        }
    }

    /// One fetch over the transport: every payload it yields is read off the main actor and committed
    /// as its own batch (the first through the single-response door, later parts of an incremental
    /// response in order). `isCurrent` is asked before each commit, so a superseded fetch commits
    /// nothing. Logs `fetchStarted` and, when it fails, `fetchFailed`; a caller logs the completion.
    func perform<O: Operation>(
        _ operation: O, _ request: Request?,
        isCurrent: @escaping @MainActor () -> Bool
    ) async -> FetchOutcome {
        guard !hasEnded else { return .failed(Failure(.environment, EnvironmentError.gone)) }
        log?(.fetchStarted(operation: O.name))
        let started = ContinuousClock.now
        let variables = operation.variables
        do {
            guard let transport else { throw EnvironmentError.noTransport }
            guard let request else { throw EnvironmentError.notRequestable }
            var unplaced: [ResponseError] = []
            var answered = false
            var state: IncrementalState?
            for try await payload in transport.send(request) {
                guard isCurrent(), !hasEnded else { break }
                if !answered {
                    answered = true
                    if request.answersInParts {
                        (unplaced, state) = try await commitFirstPart(O.self, variables, payload.bytes, isCurrent: isCurrent)
                    } else {
                        unplaced = try await commit(
                            O.self, variables, payload.bytes, complete: true, kind: .server,
                            isCurrent: isCurrent, wantsErrors: true
                        ).unplaced
                    }
                } else if let current = state {
                    state = try await commitLaterPart(O.self, variables, payload.bytes, current, isCurrent: isCurrent)
                }
            }
            if hasEnded { return .failed(Failure(.environment, EnvironmentError.gone)) }
            guard isCurrent() else { return cancelled(O.name) }
            guard answered else {
                throw TransportError(statusCode: 0, message: "the transport answered nothing for \(O.name)")
            }
            // A stream that ends while parts are still due failed: nothing dates the root, so the next
            // attach fetches the whole response again.
            if state?.hasNext == true {
                throw TransportError(statusCode: 0, message: "the response to \(O.name) ended before its last part")
            }
            if state != nil { stamp(RootKey(name: O.name, variables: variables), plan: O.plan) }  // dated when the stream completes
            return .completed(unplaced: unplaced, duration: started.duration(to: .now))
        } catch {
            if hasEnded { return .failed(Failure(.environment, EnvironmentError.gone)) }
            if error is CancellationError || !isCurrent() { return cancelled(O.name) }
            let failure = Failure.classify(error)
            log?(.fetchFailed(operation: O.name, kind: LogEvent.FetchFailureKind(failure.kind)))
            return .failed(failure)
        }
    }

    private func cancelled(_ name: String) -> FetchOutcome {
        log?(.fetchFailed(operation: name, kind: .cancelled))
        return .cancelled
    }

    /// The first part of an incremental response, committed as one batch.
    private func commitFirstPart<O: Operation>(
        _ type: O.Type, _ variables: Variables, _ bytes: [UInt8],
        isCurrent: () -> Bool
    ) async throws -> ([ResponseError], IncrementalState) {
        let plan = O.plan
        let (changes, state) = try await Task.detached {
            try Ingest.firstPart(bytes, plan: plan, variables: variables, complete: true)
        }.value
        guard !hasEnded else { throw EnvironmentError.gone }
        guard isCurrent() else { throw CancellationError() }
        store.learnTransient(plan.transient)
        store.commit(changes, kind: .server)
        didCommit(Root(key: RootKey(name: O.name, variables: variables), plan: plan), kind: .server)
        return (changes.unplacedErrors, state)
    }

    /// A later part, committed as its own batch; a part naming a place the response never had is
    /// dropped and logged.
    private func commitLaterPart<O: Operation>(
        _ type: O.Type, _ variables: Variables, _ bytes: [UInt8],
        _ state: IncrementalState, isCurrent: () -> Bool
    ) async throws -> IncrementalState {
        let dropped = state.droppedParts.count
        let (changes, next) = try await Task.detached {
            var next = state
            let changes = try Ingest.laterPart(bytes, state: &next)
            return (changes, next)
        }.value
        guard !hasEnded else { throw EnvironmentError.gone }
        guard isCurrent() else { throw CancellationError() }
        for path in next.droppedParts.dropFirst(dropped) { log?(.partDropped(path: path)) }
        guard !changes.isEmpty else { return next }
        // Relay's rule: items for a list another commit changed since the stream left it are dropped.
        if let stale = store.staleStream(changes) {
            log?(.partDropped(path: stale))
            return next
        }
        store.commit(changes, kind: .server)
        settleHandles()
        return next
    }
}
