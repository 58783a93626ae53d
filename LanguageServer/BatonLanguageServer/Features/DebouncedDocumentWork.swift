/// Work on the latest snapshot of each document, started a little after the last edit: each
/// edit restarts the delay and cancels work still running on an older version, and a result is
/// delivered only while its document is still open at the version it was computed for. This is
/// the shape pushed diagnostics need (debounced, cancelled by the next edit, never outdated).
///
/// The delay adapts to the work: three times what the document's last run took, between
/// `minimumDelay` and `delay`. A check that takes 5 ms waits 15 ms, so the result shows while
/// the edit is still in mind, and typing fast still runs it rarely; a slow check waits the
/// whole `delay`, as a fixed debounce would.
package final class DebouncedDocumentWork<Output: Sendable> {
    package typealias Work = @Sendable (TextDocument, CancellationToken) -> Output?
    package typealias Delivery = (TextDocument, Output) -> Void

    /// The longest wait, in milliseconds (and the wait before the first run is measured).
    package let delay: Int
    /// The shortest wait, so a burst of keystrokes still runs the work once.
    package let minimumDelay: Int
    package let lane: WorkLane
    /// How long the last run of each document's work took, in milliseconds.
    private var lastDuration: [String: Double] = [:]
    private unowned let server: LanguageServer
    private let work: Work
    private let deliver: Delivery
    private var scheduled: [String: ScheduledAction] = [:]
    private var running: [String: CancellationToken] = [:]

    /// - Parameters:
    ///   - delay: milliseconds between the last edit and the start of the work.
    ///   - work: runs on a worker thread of `lane`; returns nil when it gave up (cancelled).
    ///   - deliver: runs on the loop thread with a result that is still current.
    package init(
        server: LanguageServer, delay: Int, minimumDelay: Int = 10, lane: WorkLane = .scan, work: @escaping Work,
        deliver: @escaping Delivery
    ) {
        self.server = server
        self.delay = delay
        self.minimumDelay = min(minimumDelay, delay)
        self.lane = lane
        self.work = work
        self.deliver = deliver
    }

    /// Schedules work for this version, replacing whatever was scheduled or running for the URI.
    package func documentChanged(_ document: TextDocument) {
        cancel(uri: document.uri)
        scheduled[document.uri] = server.schedule(after: delay(for: document.uri)) { [weak self] in
            self?.start(document)
        }
    }

    /// The wait before the work runs after an edit of `uri`.
    package func delay(for uri: String) -> Int {
        guard let last = lastDuration[uri] else { return delay }
        return min(delay, max(minimumDelay, Int((3 * last).rounded(.up))))
    }

    /// Runs the work now (on open, or for a pull request), replacing pending work.
    package func runNow(_ document: TextDocument) {
        cancel(uri: document.uri)
        start(document)
    }

    /// Drops scheduled and running work for a document (closed, or no longer in a project).
    package func cancel(uri: String) {
        scheduled.removeValue(forKey: uri)?.cancel()
        if server.documents[uri] == nil { lastDuration[uri] = nil }
        running.removeValue(forKey: uri)?.cancel()
    }

    package func cancelAll() {
        for uri in Array(scheduled.keys) + Array(running.keys) { cancel(uri: uri) }
    }

    /// Whether work for the URI is waiting for its delay or running.
    package func isPending(uri: String) -> Bool {
        scheduled[uri] != nil || running[uri] != nil
    }

    private func start(_ document: TextDocument) {
        scheduled[document.uri] = nil
        let token = CancellationToken()
        running[document.uri] = token
        let work = self.work
        server.runInBackground(
            lane: lane,
            { () -> (Output?, Double) in
                guard !token.isCancelled else { return (nil, 0) }
                let clock = ContinuousClock()
                let started = clock.now
                let output = work(document, token)
                let took = started.duration(to: clock.now)
                return (output, Double(took.components.seconds) * 1000 + Double(took.components.attoseconds) / 1e15)
            },
            completion: { [weak self] result in
                guard let self else { return }
                let (output, milliseconds) = result
                if self.running[document.uri] === token { self.running[document.uri] = nil }
                if output != nil { self.lastDuration[document.uri] = milliseconds }
                // The very snapshot must still be open: a close and reopen at the same version
                // number is another text.
                guard !token.isCancelled, let output,
                    self.server.documents[document.uri]?.source === document.source
                else { return }
                self.deliver(document, output)
            })
    }
}
