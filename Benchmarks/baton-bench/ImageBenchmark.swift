@_spi(Generated) import Baton
import BatonImage
import Foundation

/// The image's goals on the 1,000-character page, in one run:
/// - relaunch: a new environment over an image holding the page, from construction to a first body
///   reading all 1,000 rows, ≤ 0.3 × committing the same page from its bytes into an empty store;
/// - keeping the image costs a commit on the main actor ≤ 0.05 × that commit (the writer's work off
///   the main actor is reported beside it);
/// - the file (database, after its log is checkpointed at close) ≤ 0.35 × the response's bytes.
@MainActor struct ImageBenchmark {
    let runtime: RuntimeBenchmark
    let runs = 21

    func run() async {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("baton-bench-image-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let persistence = Persistence(url: directory.appendingPathComponent("bench.baton-image"), version: "bench")
        // For a profiler: BATON_BENCH_IMAGE_PART=relaunch (or commit, or keep) runs only that loop,
        // BATON_BENCH_IMAGE_RUNS times, so its samples or instructions are counted alone
        // (BATON_BENCH_IMAGE_COPY keeps a copy of the relaunches' file, to look into its tables).
        if let part = ProcessInfo.processInfo.environment["BATON_BENCH_IMAGE_PART"] {
            await profile(part, persistence)
            return
        }
        let operation = runtime.operation
        let bytes = runtime.bytes

        // The reference: the page from its bytes into an empty store (ingest and commit).
        var kept: [Store] = []
        let reference = median(runs: runs, warmup: 2) {
            let store = Store()
            _ = runtime.commit(into: store)
            kept.append(store)
        }
        kept.removeAll()

        // Keeping the image, on the main actor: the same commit into a store with an image.
        var withImage: [Double] = []
        var without: [Double] = []
        var writer: [Double] = []
        var keptRatios: [Double] = []
        for run in 0..<(runs + 1) {
            let plain = Store()
            let changes = try? Ingest.changeSet(bytes, plan: BenchCharactersPage.plan, variables: operation.variables, complete: true)
            guard let changes else { fatalError("the page does not ingest") }
            try? persistence.removeAll()
            let session = ImageSession(persistence)
            guard await session.opened() else { fatalError("the image did not open") }
            // The two commits in turns, each after a wait (the image's, after its writer is done, so
            // the writer never runs beside the plain commit): the first of two back-to-back commits
            // would find the caches warm from the ingest or cold from the wait, and the second a heap
            // the first grew, whichever store it is.
            let stores = run % 2 == 0 ? [plain, session.environment.store] : [session.environment.store, plain]
            var times: [Double] = []
            var written = 0.0
            for store in stores {
                let cpu = threadCPUMilliseconds()
                _ = store.commit(changes)
                times.append(threadCPUMilliseconds() - cpu)
                if store === plain {
                    try? await Task.sleep(for: .milliseconds(5))
                    continue
                }
                let start = DispatchTime.now().uptimeNanoseconds
                guard await session.written(1) else { fatalError("the image was not written") }
                written = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
            }
            let (plainCPU, imageCPU) = run % 2 == 0 ? (times[0], times[1]) : (times[1], times[0])
            await session.end()
            if run == 0 { continue }
            without.append(plainCPU)
            withImage.append(imageCPU)
            keptRatios.append((imageCPU - plainCPU) / plainCPU)
            writer.append(written)
        }

        // The image the relaunches read: the page committed through the environment (so its fetch
        // time is kept too), then the file closed.
        try? persistence.removeAll()
        let writing = ImageSession(persistence)
        _ = try? await writing.environment.commitResponse(operation, Payload(bytes))
        guard await writing.written(2) else { fatalError("the image was not written") }
        await writing.end()
        let fileBytes = (try? FileManager.default.attributesOfItem(atPath: persistence.url.path)[.size] as? Int) ?? 0
        let logBytes = (try? FileManager.default.attributesOfItem(atPath: persistence.url.path + "-wal")[.size] as? Int) ?? 0

        var relaunch: [Double] = []
        var relaunchCPU: [Double] = []
        // Each relaunch beside a reference commit made just before it: the machine's load moves
        // between the phases of a run (the reference is measured first), not within a pair.
        var pairedRatios: [Double] = []
        var rows = 0
        for run in 0..<(runs + 1) {
            let beside = Store()
            let referenceStart = threadCPUMilliseconds()
            _ = runtime.commit(into: beside)
            let referenceCPU = threadCPUMilliseconds() - referenceStart
            let cpu = threadCPUMilliseconds()
            let start = DispatchTime.now().uptimeNanoseconds
            let environment = Environment(store: Store(persistence: persistence))
            let handle = environment.handle(for: operation, fetchPolicy: .storeOnly)
            guard case .ready(let data) = handle.phase else { fatalError("the relaunch did not read the page from the image") }
            rows = Self.fullBody(data)
            let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
            let used = threadCPUMilliseconds() - cpu
            environment.end()
            await ImageSession.waitForEnd(environment.store)
            if run == 0 { continue }
            relaunch.append(wall)
            relaunchCPU.append(used)
            pairedRatios.append(used / referenceCPU)
            withExtendedLifetime(beside) {}
        }

        print("image (release, median of \(runs)): the \(runtime.characterCount)-character page, \(bytes.count / 1024) KB")
        print("  reference: the page from its bytes into an empty store: \(reference.text)")
        print(
            "  relaunch, construction to a first body reading all \(rows) rows: \(formatted(middle(relaunch))) ms wall, \(formatted(middle(relaunchCPU))) ms CPU on the main actor, ratio \(formatted(middle(relaunchCPU) / reference.cpu, digits: 3)) CPU (goal ≤ 0.3); paired with a reference commit each, median ratio \(formatted(middle(pairedRatios), digits: 3))"
        )
        print(
            "  keeping the image, main actor: commit \(formatted(middle(withImage), digits: 3)) ms CPU vs \(formatted(middle(without), digits: 3)) ms without, cost ratio \(formatted((middle(withImage) - middle(without)) / middle(without), digits: 3)) (goal ≤ 0.05); median of the runs' own ratios \(formatted(middle(keptRatios), digits: 3))"
        )
        print("  the writer, off the main actor: \(formatted(middle(writer))) ms wall from the commit to imageWritten")
        print(
            "  file: \((fileBytes + logBytes) / 1024) KB (log \(logBytes / 1024) KB) for the \(bytes.count / 1024) KB response, ratio \(formatted(Double(fileBytes + logBytes) / Double(bytes.count), digits: 3)) (goal ≤ 0.35)"
        )
    }

    /// One part's loop alone, for a profile (`BATON_BENCH_IMAGE_PART`).
    func profile(_ part: String, _ persistence: Persistence) async {
        let count = Int(ProcessInfo.processInfo.environment["BATON_BENCH_IMAGE_RUNS"] ?? "") ?? 5
        if part == "commit" {
            var kept: [Store] = []
            for _ in 0..<count {
                let store = Store()
                _ = runtime.commit(into: store)
                kept.append(store)
            }
            print("committed the page \(count) times")
            return
        }
        if part == "keep" {
            for _ in 0..<count {
                let changes = runtime.ingestPage(runtime.bytes)
                let plain = Store()
                Self.commitWithoutImage(changes, plain)
                try? persistence.removeAll()
                let session = ImageSession(persistence)
                guard await session.opened() else { fatalError("the image did not open") }
                Self.commitWithImage(changes, session.environment.store)
                guard await session.written(1) else { fatalError("the image was not written") }
                await session.end()
            }
            print("committed the page \(count) times with and without an image")
            return
        }
        try? persistence.removeAll()
        let writing = ImageSession(persistence)
        _ = try? await writing.environment.commitResponse(runtime.operation, Payload(runtime.bytes))
        guard await writing.written(2) else { fatalError("the image was not written") }
        await writing.end()
        if let copy = ProcessInfo.processInfo.environment["BATON_BENCH_IMAGE_COPY"] {
            try? FileManager.default.copyItem(atPath: persistence.url.path, toPath: copy)
        }
        var rows = 0
        for _ in 0..<count {
            let environment = Environment(store: Store(persistence: persistence))
            let handle = environment.handle(for: runtime.operation, fetchPolicy: .storeOnly)
            guard case .ready(let data) = handle.phase else { fatalError("the relaunch did not read the page from the image") }
            rows = Self.fullBody(data)
            environment.end()
            await ImageSession.waitForEnd(environment.store)
        }
        print("relaunched \(count) times, \(rows) rows")
    }

    /// The two commits `keep` compares, apart so a profile tells them by name.
    @inline(never) static func commitWithoutImage(_ changes: ChangeSet, _ store: Store) { _ = store.commit(changes) }

    @inline(never) static func commitWithImage(_ changes: ChangeSet, _ store: Store) { _ = store.commit(changes) }

    /// A body that reads every character of the page: name, status, origin and episodes.
    static func fullBody(_ data: BenchCharactersPage.Data) -> Int {
        var count = 0
        for character in data.characters?.results.map(Array.init) ?? [] {
            count += 1
            _ = character.name
            _ = character.status
            _ = character.origin?.name
            _ = character.episode.count
        }
        return count
    }
}

/// An environment over an image, counting what its log says.
@MainActor final class ImageSession {
    let environment: Environment
    private var opened_ = false
    private var written_ = 0

    init(_ persistence: Persistence) {
        environment = Environment(store: Store(persistence: persistence))
        environment.log = { [unowned self] event in
            switch event {
            case .imageOpened, .imageUnavailable: opened_ = true
            case .imageWritten(let batches): written_ += batches
            default: break
            }
        }
    }

    func opened() async -> Bool { await Self.wait { self.opened_ } }

    func written(_ batches: Int) async -> Bool { await Self.wait { self.written_ >= batches } }

    func end() async {
        environment.end()
        await Self.waitForEnd(environment.store)
    }

    /// Leaves the ended image time to write what it holds and give its file back, so the next
    /// launch's timing does not include the wait (an open waits for an ending image).
    static func waitForEnd(_ store: Store) async {
        try? await Task.sleep(for: .milliseconds(30))
    }

    static func wait(_ condition: () -> Bool) async -> Bool {
        for _ in 0..<20_000 {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return false
    }
}
