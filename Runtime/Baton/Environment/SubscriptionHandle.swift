import Foundation
import Observation

/// A subscription's stream as a value: parked, connecting until the first event, open, waiting to
/// reopen after a failure, or ended (by the server's completion, `nil`, or by a failure a retry would
/// repeat: a request error, the environment's).
public enum StreamState: Sendable, Equatable {
    /// Parked: the environment is inactive, or no holder retains the handle.
    case idle
    case connecting
    case open
    /// After a failure while retained, until the backoff's instant.
    case waiting
    case ended(Failure.Kind?)

    /// Connecting or open.
    public var isActive: Bool { self == .connecting || self == .open }
}

/// The one handle every holder of an equal subscription value shares: it keeps a stream open while
/// retained, commits each event at the subscription root through the environment's single door
/// (so only the fields an event changed notify their readers), and counts events and reopenings.
/// Observed: a body that reads `stream`, `events` or `latest` re-runs when they change.
@MainActor public final class SubscriptionHandle<O: Subscription>: Observable {
    public let operation: O
    let root: Root
    private weak var environment: Environment?
    private let request: Request
    private let lens: O.Data
    private let registrar = ObservationRegistrar()

    private var state = StreamState.idle
    private var eventCount = 0
    /// Made once: a key path into a generic class is built anew at each use, which costs more than
    /// the rest of a small event's count.
    private let eventCountPath: KeyPath<SubscriptionHandle, Int> = \.eventCount
    private var resumptionCount = 0
    private var lastError: (any Error)?
    /// Every payload the stream delivered, good or bad: what a test waits on after sending one.
    @_spi(Testing) public private(set) var deliveries = 0

    private var holders = 0
    private var backoff: Backoff
    /// The task reading the stream, or waiting out the backoff; replaced by every (re)opening.
    private var task: Task<Void, Never>?
    /// Moved by every opening and close, so a superseded stream's late events commit nothing.
    private var token = 0
    /// The stream opened once: every later opening is a resumption (events may have been missed).
    private var hasOpened = false
    private var isGone = false

    init(_ operation: O, environment: Environment) {
        self.operation = operation
        self.environment = environment
        root = Root(key: RootKey(name: O.name, variables: operation.variables), plan: O.plan)
        request = Request(operation)
        lens = environment.rootLens(for: operation)
        backoff = environment.subscriptionBackoff
    }

    // MARK: What a body reads

    public var stream: StreamState {
        registrar.access(self, keyPath: \.state)
        return state
    }

    /// Events committed (an event of errors and no data is not one).
    public var events: Int {
        registrar.access(self, keyPath: eventCountPath)
        return eventCount
    }

    /// Reopenings after a backoff, after inactivity or by `retry()`: events may have been missed
    /// across each, so an owner may refetch its baseline when this moves.
    public var resumptions: Int {
        registrar.access(self, keyPath: \.resumptionCount)
        return resumptionCount
    }

    /// The subscription root's lens once an event was committed; nil before.
    public var latest: O.Data? {
        registrar.access(self, keyPath: eventCountPath)
        return eventCount > 0 ? lens : nil
    }

    /// The last bad event's or failure's error (a `Failure`); nil until one.
    public var error: (any Error)? {
        registrar.access(self, keyPath: \.lastError)
        return lastError
    }

    /// Connecting or open.
    public var isActive: Bool { stream.isActive }

    // MARK: Calls

    /// Opens a waiting or ended stream at once (counted as a resumption).
    public func retry() {
        guard !isGone, holders > 0, environment?.isActive == true else { return }
        switch state {
        case .waiting, .ended: open()
        case .idle, .connecting, .open: return
        }
    }

    /// Keeps the stream open while the retention lives; released to no holder, it closes and its
    /// root leaves at once.
    public func retain() -> Retention {
        let retention = Retention(fetchPolicy: .networkOnly) { [self] in self.release() }
        guard let environment, !isGone else { return retention }
        holders += 1
        if holders == 1 {
            environment.adopt(self)
            if state == .idle, environment.isActive { open() }
        }
        return retention
    }

    private func release() {
        guard holders > 0 else { return }
        holders -= 1
        guard holders == 0, !isGone, let environment else { return }
        close()
        environment.subscriptionLeft(self)
    }

    // MARK: The stream

    /// Opens the stream (connecting); every opening after the first is a resumption.
    func open() {
        guard let environment, !isGone else { return }
        token += 1
        let current = token
        task?.cancel()
        if hasOpened { set(\.resumptionCount, resumptionCount + 1) }
        hasOpened = true
        guard let transport = environment.subscriptions ?? environment.transport else {
            end(Failure(.environment, EnvironmentError.noSubscriptionTransport))
            return
        }
        setState(.connecting)
        let events = transport.send(request)
        let inbox = StreamInbox()
        let plan = O.plan
        let variables = operation.variables
        // Events are read and ingested off the main actor as they arrive; the main actor is asked
        // once for all the events ready by then, each still committed as its own batch, in order.
        // A hop for each event (and one off and back for each ingest) would cost more than a small
        // event's whole commit.
        task = Task.detached { [weak self] in
            func put(_ item: StreamInbox.Item) {
                guard inbox.put(item) else { return }
                Task { @MainActor [weak self] in self?.drain(inbox, token: current) }
            }
            do {
                for try await payload in events {
                    // A handle that is gone reads no further: leaving the loop ends the stream.
                    guard self != nil else { return }
                    let changes = Result<ChangeSet, any Error> {
                        try Ingest.changeSet(payload.bytes, plan: plan, variables: variables, complete: true)
                    }
                    put(.event(changes))
                }
                put(.end)
            } catch {
                put(.failed(error))
            }
        }
    }

    /// Everything the reader put in the inbox since the last drain, in order; nothing once the
    /// stream was superseded or closed.
    private func drain(_ inbox: StreamInbox, token current: Int) {
        for item in inbox.takeAll() {
            guard token == current, !isGone else { return }
            switch item {
            case .event(let changes): receive(changes, token: current)
            case .end: end(nil)
            case .failed(let error): failed(error)
            }
        }
    }

    /// Closes the stream, parked (`idle`): the environment went inactive, or no holder is left.
    func close() {
        token += 1
        task?.cancel()
        task = nil
        if !isGone, !isEnded { setState(.idle) }
    }

    private var isEnded: Bool {
        if case .ended = state { true } else { false }
    }

    /// One event: committed at the subscription root and counted; errors and no data (or bytes the
    /// plan cannot read) are one bad event, and the stream goes on.
    private func receive(_ changes: Result<ChangeSet, any Error>, token current: Int) {
        guard let environment else { return }
        defer { if token == current { deliveries += 1 } }
        do {
            _ = try environment.commit(O.self, operation.variables, ingested: changes.get(), kind: .server)
            guard token == current else { return }
            backoff.reset()
            setState(.open)
            registrar.withMutation(of: self, keyPath: eventCountPath) { eventCount += 1 }
        } catch {
            guard token == current, !isGone else { return }
            setState(.open)
            setError(Failure.classify(error))
        }
    }

    /// The stream failed: a request error or the environment's ends it (a retry would repeat it);
    /// anything else waits out the backoff and reopens.
    private func failed(_ error: any Error) {
        let failure = Failure.classify(error)
        switch failure.kind {
        case .request, .environment:
            end(failure)
        case .transport, .malformed:
            setError(failure)
            setState(.waiting)
            token += 1
            let current = token
            let delay = backoff.next()
            task = Task { @MainActor [weak self] in
                try? await Task.sleep(for: delay)
                guard let self, self.token == current, !Task.isCancelled else { return }
                self.open()
            }
        }
    }

    private func end(_ failure: Failure?) {
        token += 1
        task?.cancel()
        task = nil
        if let failure { setError(failure) }
        setState(.ended(failure?.kind))
    }

    private func setState(_ next: StreamState) {
        guard next != state else { return }
        registrar.withMutation(of: self, keyPath: \.state) { state = next }
    }

    private func setError(_ error: any Error) {
        registrar.withMutation(of: self, keyPath: \.lastError) { lastError = error }
    }

    private func set(_ keyPath: ReferenceWritableKeyPath<SubscriptionHandle, Int>, _ value: Int) {
        registrar.withMutation(of: self, keyPath: keyPath) { self[keyPath: keyPath] = value }
    }
}

extension SubscriptionHandle: StreamHolder {
    var isRetained: Bool { holders > 0 }
    var allowsNetwork: Bool { true }
    /// A subscription is not refetched: `revalidate()` and `invalidate()` leave it to its stream.
    var needsRevalidation: Bool { false }
    func settle() {}
    func reshaped(_ changed: [ObjectIdentifier]) {}
    func refresh() {}
    func agesMoved() {}

    func detach() { close() }

    func endSession() {
        guard !isGone else { return }
        end(Failure(.environment, EnvironmentError.gone))
        isGone = true
    }

    func park() {
        switch state {
        case .connecting, .open, .waiting: close()
        case .idle, .ended: return
        }
    }

    func resume() {
        guard holders > 0, state == .idle else { return }
        open()
    }
}

/// A root holder that keeps a stream: parked while the environment is inactive, resumed after.
@MainActor protocol StreamHolder: RootHolder {
    func park()
    func resume()
}

extension Environment {
    /// The one handle for a subscription value (equal values share it and its stream). It opens at
    /// once while the environment is active; a handle no retention holds by the end of the turn
    /// closes again and its root leaves.
    public func handle<O: Subscription>(for operation: O) -> SubscriptionHandle<O> {
        let key = RootKey(name: O.name, variables: operation.variables)
        if let found = roots.handles[key] as? SubscriptionHandle<O> { return found }
        let handle = SubscriptionHandle(operation, environment: self)
        if hasEnded {
            handle.endSession()
            return handle
        }
        roots.handles[key] = handle
        if isActive { handle.open() }
        Task { @MainActor [weak self, weak handle] in
            guard let self, let handle, !handle.isRetained, !self.hasEnded, self.roots.handles[key] === handle
            else { return }
            handle.close()
            self.subscriptionLeft(handle)
        }
        return handle
    }

    /// A subscription no holder retains: its root leaves at once (nothing parks it in the buffer).
    func subscriptionLeft(_ holder: any RootHolder) {
        guard !hasEnded, roots.handles[holder.root.key] === holder else { return }
        roots.handles[holder.root.key] = nil
        scheduleCollection()
    }

    /// Parks or resumes every retained stream as the app's activity changes.
    func activityChanged() {
        for holder in Array(roots.handles.values) {
            guard let stream = holder as? any StreamHolder else { continue }
            if isActive { stream.resume() } else { stream.park() }
        }
    }
}

/// What a subscription's reader hands the main actor: events ingested and the stream's end, in
/// order. `put` says when the inbox was empty, so one drain is asked for per batch of ready items.
final class StreamInbox: Sendable {
    enum Item: Sendable {
        case event(Result<ChangeSet, any Error>)
        case end
        case failed(any Error)
    }

    private let lock = NSLock()
    nonisolated(unsafe) private var items: [Item] = []

    /// Queues `item`; true when a drain must be asked for (none is pending).
    func put(_ item: Item) -> Bool {
        lock.withLock {
            items.append(item)
            return items.count == 1
        }
    }

    func takeAll() -> [Item] {
        lock.withLock {
            defer { items.removeAll() }
            return items
        }
    }
}
