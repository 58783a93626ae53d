@_spi(Generated) import Baton
import BatonTesting
import Foundation

/// The environment's goals on the 1,000-character page, each beside the page's first commit measured
/// in the same run (bytes → committed records in a fresh store, `Ingest.changeSet` + `Store.commit`,
/// as `ingest` and `refetch` measure it), in thread CPU time:
/// - attach: `handle(for:)` (`storeOrNetwork`, over a transport that never answers) of an operation
///   value whose handle exists and whose data is in the store and fresh, until the phase is ready:
///   ≤ 0.001 × the first commit. A new handle's first attach runs the availability check, so it is
///   printed beside the check;
/// - check: the page's availability check on the main actor (`check` answers `memory`): ≤ 0.05 ×;
/// - collection: after the roots of 100,000 records were retained, released and pushed out of the
///   release buffer, `collect()` ≤ 0.2 × committing those records;
/// - refetch: the same bytes through a `RecordedTransport` notify nothing and run no body.
@MainActor struct EnvironmentBenchmark {
    typealias Page = BenchCharactersPage

    let bytes: [UInt8]
    let operation: Page
    let runs: Int
    static let count = 1000
    /// Attaches per timed run: one takes a few microseconds, too short to time alone.
    let attaches = 1000
    let checks = 10
    let releasedRecords = 100_000
    let collectionRuns = 5

    init(page bytes: [UInt8], operation: Page, runs: Int) {
        self.bytes = bytes
        self.operation = operation
        self.runs = runs
    }

    func run() async {
        await attachAndCheck()
        await collection()
        await refetch()
    }

    // MARK: Attach and check

    /// One run: the first commit (timed), the new handle's first attach, `attaches` attaches of the
    /// existing handle, and `checks` availability checks. The environment and the retention are kept,
    /// so no run pays for freeing the one before.
    struct AttachPass {
        var ingest: Double
        var commit: Double
        var firstAttach: Double
        var attach: Double
        var check: Double
        let environment: Environment
        let retention: Retention
    }

    func attachAndCheck() async {
        var passes: [AttachPass] = []
        var kept: [AttachPass] = []
        for run in 0..<(runs + 1) {
            let pass = await attachPass()
            kept.append(pass)
            if run > 0 { passes.append(pass) }  // the first is a warm-up
        }
        let records = (kept.last?.environment.store.recordKeys.count ?? 3) - 3
        let ingest = middle(passes.map(\.ingest))
        let commit = middle(passes.map(\.commit))
        let first = middle(passes.map { $0.ingest + $0.commit })
        let attach = middle(passes.map(\.attach))
        let firstAttach = middle(passes.map(\.firstAttach))
        let check = middle(passes.map(\.check))
        print("environment (release, median of \(runs), CPU): the \(Self.count)-character page, \(records) records")
        print(
            "  first commit (bytes → committed records, fresh store): \(formatted(first, digits: 3)) ms (ingest \(formatted(ingest, digits: 3)), Store.commit \(formatted(commit, digits: 3)))"
        )
        Self.goal(
            "attach of the existing handle, data in the store and fresh (storeOrNetwork, silent transport) → ready: \(formatted(attach * 1000, digits: 2)) µs",
            ratio: attach / first, goal: 0.001)
        Self.goal(
            "availability check (check → memory, main actor): \(formatted(check, digits: 3)) ms", ratio: check / first, goal: 0.05)
        print(
            "  first attach of a new handle (its tracked availability check included) → ready: \(formatted(firstAttach, digits: 3)) ms, ratio \(formatted(firstAttach / first, digits: 4))"
        )
        withExtendedLifetime(kept) {}
    }

    func attachPass() async -> AttachPass {
        let environment = Environment(transport: SilentTransport())
        let start = threadCPUMilliseconds()
        let changes = Self.changes(bytes, operation)
        let ingested = threadCPUMilliseconds()
        environment.store.commit(changes)
        let committed = threadCPUMilliseconds()
        // The same bytes through the environment's door, as a fetch's response lands: equal values
        // (nothing written), the root stamped fresh and kept.
        guard (try? await environment.commitResponse(operation, Payload(bytes)))?.changed == 0 else {
            print("the page committed again wrote to the store")
            exit(1)
        }

        var time = threadCPUMilliseconds()
        let handle = environment.handle(for: operation)
        let firstReady = handle.phase.kind == .ready
        let firstAttach = threadCPUMilliseconds() - time
        let retention = handle.retain()
        guard firstReady, !handle.fetch.isInFlight else {
            print("a new handle over the committed page is \(handle.phase.kind), fetch \(handle.fetch)")
            exit(1)
        }

        var ready = 0
        time = threadCPUMilliseconds()
        for _ in 0..<attaches where environment.handle(for: operation).phase.kind == .ready { ready += 1 }
        let attach = (threadCPUMilliseconds() - time) / Double(attaches)

        var memory = 0
        time = threadCPUMilliseconds()
        for _ in 0..<checks where environment.check(operation) == .memory { memory += 1 }
        let check = (threadCPUMilliseconds() - time) / Double(checks)

        guard ready == attaches, memory == checks, !handle.fetch.isInFlight else {
            print("attaches ready: \(ready) of \(attaches), checks memory: \(memory) of \(checks), fetch \(handle.fetch)")
            exit(1)
        }
        return AttachPass(
            ingest: ingested - start, commit: committed - ingested, firstAttach: firstAttach, attach: attach, check: check,
            environment: environment, retention: retention)
    }

    // MARK: Collection

    /// One run: one page retained throughout (so the mark walks a live root, as in an app), then
    /// pages of distinct records (`CharacterPageGenerator` with moved ids), each committed (timed) and
    /// retained by its handle, until they hold `releasedRecords`; every retention ends, and with a
    /// release buffer of 0 every root leaves at once; then `collect()` (timed).
    struct CollectionPass {
        var ingest: Double
        var commit: Double
        var collect: Double
        /// Wall time from the end of `collect()` until the sampled records were freed (off the main actor).
        var freed: Double
        var released: Int
        var left: Int
    }

    func collection() async {
        // Pages of distinct records: ids moved past every earlier page's.
        let perPage = Self.records(in: bytes, operation)
        let pageCount = (releasedRecords + perPage - 1) / perPage
        let pages = (0..<pageCount).map { index -> [UInt8] in
            var generator = CharacterPageGenerator(seed: 0xC137)
            return generator.page(characters: Self.count, idBase: (index + 1) * 10_000)
        }
        var passes: [CollectionPass] = []
        for run in 0..<(collectionRuns + 1) {
            let pass = await collectionPass(pages)
            if run > 0 { passes.append(pass) }  // the first is a warm-up
        }
        let ingest = middle(passes.map(\.ingest))
        let commit = middle(passes.map(\.commit))
        let committing = middle(passes.map { $0.ingest + $0.commit })
        let collect = middle(passes.map(\.collect))
        let slowest = passes.map(\.collect).max() ?? 0
        let freed = middle(passes.map(\.freed))
        let released = passes.map(\.released).min() ?? 0
        let left = passes.map(\.left).max() ?? 0
        print(
            "collection (release, median of \(collectionRuns), CPU): \(released) records released (\(pageCount) pages, each retained by its handle, then released past a buffer of 0), \(left) left under a retained page"
        )
        print(
            "  committing them (bytes → committed records): \(formatted(committing)) ms (ingest \(formatted(ingest)), Store.commit \(formatted(commit)))"
        )
        Self.goal(
            "collect() after the release: \(formatted(collect, digits: 3)) ms, slowest pass \(formatted(slowest, digits: 1)) ms (\(formatted(collect / commit, digits: 3)) of their Store.commit alone)",
            ratio: collect / committing, goal: 0.2)
        print("  freed off the main actor within \(formatted(freed, digits: 0)) ms wall after collect() returned (sampled records)")
    }

    func collectionPass(_ pages: [[UInt8]]) async -> CollectionPass {
        let environment = Environment(store: Store(releaseBufferSize: 0), transport: SilentTransport())
        environment.store.commit(Self.changes(bytes, operation))
        let kept = environment.handle(for: operation).retain()
        var retentions: [Retention] = []
        var ingest = 0.0
        var commit = 0.0
        for (index, page) in pages.enumerated() {
            let value = Page(page: index + 2)
            let start = threadCPUMilliseconds()
            let changes = Self.changes(page, value)
            let ingested = threadCPUMilliseconds()
            environment.store.commit(changes)
            let committed = threadCPUMilliseconds()
            ingest += ingested - start
            commit += committed - ingested
            let handle = environment.handle(for: value)
            guard handle.phase.kind == .ready else {
                print("page \(index + 2) is \(handle.phase.kind) after its commit")
                exit(1)
            }
            retentions.append(handle.retain())
        }
        let held = environment.store.recordKeys.count
        // Each release pushes its root out of the buffer at once: its handle leaves, and a
        // collection is scheduled for the next turn; it runs here, at once, timed.
        // Each page's first and last character, to know when the records are freed.
        let probes = (0..<pages.count).flatMap { index in
            [1, Self.count].map { Probe(environment.store.record(forKey: "Character:\((index + 1) * 10_000 + $0)")) }
        }
        for retention in retentions { retention.end() }
        let start = threadCPUMilliseconds()
        environment.collect()
        let collect = threadCPUMilliseconds() - start
        let left = environment.store.recordKeys.count
        guard environment.check(operation) == .memory else {
            print("the retained page did not survive the collection")
            exit(1)
        }
        kept.end()
        // The collection frees the removed records off the main actor: the next pass starts once
        // they are gone, so that freeing does not fall on its commits.
        let clock = ContinuousClock()
        let collected = clock.now
        while probes.contains(where: { $0.record != nil }), collected.duration(to: clock.now) < .seconds(60) {
            try? await Task.sleep(for: .milliseconds(5))
        }
        let freed = collected.duration(to: clock.now)
        try? await Task.sleep(for: .milliseconds(100))
        return CollectionPass(
            ingest: ingest, commit: commit, collect: collect,
            freed: Double(freed.components.seconds) * 1000 + Double(freed.components.attoseconds) / 1e15,
            released: held - left, left: left - 3)
    }

    // MARK: Refetch

    /// The page fetched through a `RecordedTransport`, a body over the handle's phase and data (a
    /// sample of fields), then refetched three times: the same bytes on an unmoved store; the same
    /// bytes after another operation's response moved the store; and other bytes with equal values (a
    /// trailing space, so the full ingest and commit run). Notifications are counted by the store's
    /// `batchNotified`, body runs by the body host.
    func refetch() async {
        let responses = Responses(bytes)
        let transport = RecordedTransport { _ in responses.current }
        let environment = Environment(transport: transport)
        let handle = environment.handle(for: operation)
        let retention = handle.retain()
        guard await wait(until: { handle.phase.kind == .ready && !handle.fetch.isInFlight }) else {
            print("the page's handle is \(handle.phase.kind) after its fetch")
            exit(1)
        }
        var notified = 0
        environment.store.batchNotified = { notified += $0.count }
        let host = BodyHost { RuntimeBenchmark.sampleBody(handle.phase.data ?? handle.data) }

        func refetched(_ name: String) async {
            notified = 0
            let runs = host.runs
            let invalidations = host.invalidations
            do { try await handle.refetch() } catch {
                print("  \(name): the refetch failed: \(error)")
                return
            }
            await host.settle()
            let bodyRuns = host.runs - runs
            let met = notified == 0 && bodyRuns == 0 && host.invalidations == invalidations
            print(
                "  \(name): \(notified) notifications, \(bodyRuns) body runs (\(host.invalidations - invalidations) invalidations) (goal 0, 0): \(met ? "met" : "MISSED")"
            )
        }

        print("refetch through a RecordedTransport (a body over the handle's phase and a sample of its data):")
        await refetched("the same bytes, store unmoved")
        let otherPage = Payload(json: #"{"data":{"characters":{"info":null,"results":[]}}}"#)
        guard (try? await environment.commitResponse(Page(page: 2), otherPage))?.changed == 1 else {
            print("the other page did not move the store")
            exit(1)
        }
        await refetched("the same bytes after another response moved the store")
        responses.current = bytes + Array(" ".utf8)
        await refetched("other bytes with equal values (full ingest and commit)")
        print("  requests sent: \(transport.requestCount) (the fetch and 3 refetches)")
        retention.end()
    }

    /// A record held weakly.
    final class Probe {
        weak var record: Record?
        init(_ record: Record?) { self.record = record }
    }

    /// What the transport answers, changed between refetches.
    final class Responses: @unchecked Sendable {
        private let lock = NSLock()
        private var bytes: [UInt8]

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var current: [UInt8] {
            get { lock.withLock { bytes } }
            set { lock.withLock { bytes = newValue } }
        }
    }

    // MARK: Helpers

    static func goal(_ text: String, ratio: Double, goal: Double) {
        print("  \(text), ratio \(formatted(ratio, digits: 5)) (goal ≤ \(goal)): \(ratio <= goal ? "met" : "MISSED")")
    }

    static func changes(_ bytes: [UInt8], _ operation: Page) -> ChangeSet {
        do {
            return try Ingest.changeSet(bytes, plan: Page.plan, variables: operation.variables, complete: true)
        } catch {
            print("the generated page does not ingest: \(error)")
            exit(1)
        }
    }

    /// The records one page makes in an empty store (its three roots aside).
    static func records(in bytes: [UInt8], _ operation: Page) -> Int {
        let store = Store()
        store.commit(changes(bytes, operation))
        return store.recordKeys.count - 3
    }
}
