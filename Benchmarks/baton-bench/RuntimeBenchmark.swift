@_spi(Generated) import Baton
import BatonCompiler
import BatonTesting
import Foundation

/// The runtime's goals on a seeded page of 1,000 Rick and Morty characters (about 700 KB), through
/// the generated plan and lenses of `Benchmarks/graphql/BenchCharactersPage.graphql`:
/// - ingest: bytes to committed records in a fresh store ≤ 0.5 × `JSONSerialization.jsonObject`;
/// - read: one scalar field through a generated lens ≤ 30 ns untracked, ≤ 150 ns tracked;
/// - refetch: the same page committed again notifies nothing and costs ≤ 0.5 × the first commit,
///   on an unmoved store, after another response moved it, and through the full ingest and commit.
/// The ingest and the commit are called directly, as `Environment.commitResponse` calls them (without
/// its hop off the main actor, which would only add scheduling noise).
@MainActor struct RuntimeBenchmark {
    let root: URL
    let characterCount = 1000
    let runs = 21

    let operation = BenchCharactersPage(page: 1)

    let bytes: [UInt8]

    init(root: URL) {
        self.root = root
        var generator = CharacterPageGenerator(seed: 0xC137)
        bytes = generator.page(characters: characterCount)
    }

    /// Refuses to measure stale generated code: `batonc generate --check` on the benchmark's query.
    func checkGeneratedCode() {
        let directory = root.appendingPathComponent("Benchmarks/graphql").path
        let request = CompilationSetup.Request(
            configPath: directory + "/baton.json", schemaPath: nil,
            paths: [directory + "/BenchCharactersPage.graphql", directory + "/BenchCountdown.graphql"])
        let result = GenerateCommand.compute(
            .init(
                request: request, out: root.appendingPathComponent("Benchmarks/baton-bench/Generated").path,
                check: true, workingDirectory: directory))
        guard result.exitCode == 0 else {
            print("Benchmarks/baton-bench/Generated is stale (\(result.stale.joined(separator: ", "))); regenerate it:")
            print(
                "  cd Benchmarks/graphql && batonc generate --config baton.json --out ../baton-bench/Generated BenchCharactersPage.graphql BenchCountdown.graphql"
            )
            exit(1)
        }
    }

    /// Ingest + commit of the page into `store`.
    func commit(into store: Store) -> CommitResult {
        store.commit(ingestPage(bytes))
    }

    func ingest() {
        let data = Data(bytes)
        let bytes = self.bytes
        let foundation = median(runs: runs, warmup: 2) { _ = try? JSONSerialization.jsonObject(with: data) }
        // Stores are kept until every run is done, so no run pays for freeing the one before.
        var stores: [Store] = []
        stores.reserveCapacity(runs + 2)
        let baton = median(runs: runs, warmup: 2) {
            let store = Store()
            _ = commit(into: store)
            stores.append(store)
        }
        let records = stores.last?.recordKeys.count ?? 0
        stores.removeAll()
        let ingestOnly = median(runs: runs, warmup: 1) {
            _ = try? Ingest.changeSet(bytes, plan: BenchCharactersPage.plan, variables: operation.variables, complete: true)
        }
        // The same page again into a store holding it (the refetch's full path, synchronous, so a
        // profiler can run it): every value compared, nothing written.
        let holding = Store()
        _ = commit(into: holding)
        var rewritten = 0
        let again = median(runs: runs, warmup: 1) { rewritten = max(rewritten, commit(into: holding).changed) }
        print("ingest (release, median of \(runs)): \(characterCount) characters, \(bytes.count / 1024) KB, \(records) records")
        print("  baton   bytes → committed records (fresh store): \(baton.text)")
        print("            of which ingest (bytes → change set): \(ingestOnly.text)")
        print(
            "  the same page into a store holding it (\(rewritten) notified): \(again.text), ratio \(formatted(again.cpu / baton.cpu, digits: 3)) CPU of the fresh store's"
        )
        print("  JSONSerialization.jsonObject: \(foundation.text)")
        print(
            "  ratio baton/JSONSerialization = \(formatted(baton.cpu / foundation.cpu, digits: 3)) CPU, \(formatted(baton.wall / foundation.wall, digits: 3)) wall (goal ≤ 0.5)"
        )
    }

    /// See `ReadBenchmark`.
    func read() {
        ReadBenchmark(page: bytes, operation: operation, runs: runs).run()
    }

    /// See `EnvironmentBenchmark`.
    func environment() async {
        await EnvironmentBenchmark(page: bytes, operation: operation, runs: runs).run()
    }

    /// The page committed again through `Environment.commitResponse` (as an app commits a fetch),
    /// with a body observing a sample of fields; wall time, as the ingest runs off the main actor
    /// there. Three refetches, each beside the first commit:
    /// - on an unmoved store (the environment knows the bytes and the store's generation: nothing runs);
    /// - after another operation's response wrote to the store (that shortcut cannot apply; the
    ///   environment commits the change set it kept for these bytes, comparing every value);
    /// - the full path, `Ingest.changeSet` + `Store.commit` of the page into the store holding it
    ///   (what new bytes with equal values cost), in CPU time beside the first commit's.
    /// None may notify.
    func refetch() async {
        var notified = 0
        var invalidations = 0
        var firstWall: [Double] = []
        var secondWall: [Double] = []
        var movedWall: [Double] = []
        var passes: [FullPathPass] = []
        var kept: [Store] = []
        let other = BenchCharactersPage(page: 2)
        let otherPage = Payload(json: #"{"data":{"characters":{"info":null,"results":[]}}}"#)
        for run in 0..<(runs + 1) {
            let environment = Environment()
            var start = DispatchTime.now().uptimeNanoseconds
            _ = try? await environment.commitResponse(operation, Payload(bytes))
            let first = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
            let data = environment.data(for: operation)
            let host = BodyHost { Self.sampleBody(data) }
            // New bytes, as a new response would be (equal arrays sharing a buffer compare at once).
            start = DispatchTime.now().uptimeNanoseconds
            let result = try? await environment.commitResponse(operation, Payload(bytes.withUnsafeBufferPointer { Array($0) }))
            let second = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
            // Another operation's response moves the store (a root field and a record written).
            guard let moved = try? await environment.commitResponse(other, otherPage), moved.changed == 1 else {
                print("the other page did not move the store")
                exit(1)
            }
            start = DispatchTime.now().uptimeNanoseconds
            let afterMove = try? await environment.commitResponse(operation, Payload(bytes.withUnsafeBufferPointer { Array($0) }))
            let third = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
            let pass = fullPath(into: environment.store)
            kept.append(pass.fresh)
            notified = max(notified, result?.changed ?? 1, afterMove?.changed ?? 1, pass.notified)
            invalidations = max(invalidations, host.invalidations)
            if run == 0 { continue }  // warm-up
            firstWall.append(first)
            secondWall.append(second)
            movedWall.append(third)
            passes.append(pass)
        }
        print("refetch (release, median of \(runs)): the same \(characterCount)-character page committed again, bytes → committed")
        print("  notifications: \(notified), body invalidations: \(invalidations) (must be 0)")
        print("  through Environment.commitResponse: first \(formatted(middle(firstWall))) ms wall")
        print(
            "    store unmoved (bytes and generation known): \(formatted(middle(secondWall), digits: 3)) ms wall, ratio \(formatted(middle(secondWall) / middle(firstWall), digits: 4)) (goal ≤ 0.5)"
        )
        print(
            "    after another response wrote (kept change set committed, every value compared): \(formatted(middle(movedWall), digits: 3)) ms wall, ratio \(formatted(middle(movedWall) / middle(firstWall), digits: 3)) (goal ≤ 0.5)"
        )
        Self.printFullPath(passes)
        if notified != 0 || invalidations != 0 { exit(1) }
    }

    /// The CPU times of one pass of the full path: new bytes with equal values ingested and committed
    /// into a store holding them, then the first commit's, ingested and committed into a fresh store
    /// (kept, so no later run pays for freeing it).
    struct FullPathPass {
        var ingest: Double
        var commit: Double
        var firstIngest: Double
        var firstCommit: Double
        var notified: Int
        let fresh: Store
    }

    func fullPath(into holding: Store) -> FullPathPass {
        // New bytes, as a new response would be.
        let copy = bytes.withUnsafeBufferPointer { Array($0) }
        let cpu = threadCPUMilliseconds()
        let changes = ingestAgain(copy)
        let ingested = threadCPUMilliseconds()
        let notified = commitEqualValues(changes, into: holding)
        let committed = threadCPUMilliseconds()
        let fresh = Store()
        let firstCPU = threadCPUMilliseconds()
        let firstChanges = ingestFirst()
        let firstIngested = threadCPUMilliseconds()
        _ = commitFirst(firstChanges, into: fresh)
        let firstCommitted = threadCPUMilliseconds()
        return FullPathPass(
            ingest: ingested - cpu, commit: committed - ingested, firstIngest: firstIngested - firstCPU,
            firstCommit: firstCommitted - firstIngested, notified: notified, fresh: fresh)
    }

    /// Both ratios of the full path: bytes to committed records (ingest and commit), and the main
    /// actor's share (the commit alone; the ingest runs off the main actor).
    static func printFullPath(_ passes: [FullPathPass]) {
        let again = middle(passes.map { $0.ingest + $0.commit })
        let first = middle(passes.map { $0.firstIngest + $0.firstCommit })
        let commit = middle(passes.map(\.commit))
        let firstCommit = middle(passes.map(\.firstCommit))
        print(
            "  full path, new bytes with equal values (Ingest.changeSet + Store.commit on the store holding them): \(formatted(again)) ms CPU (ingest \(formatted(middle(passes.map(\.ingest)))), commit \(formatted(commit, digits: 3))) vs first \(formatted(first)) ms CPU, ratio \(formatted(again / first, digits: 3))"
        )
        print(
            "  main actor, new bytes with equal values (Store.commit on the store holding them): \(formatted(commit, digits: 3)) ms CPU vs first commit into a fresh store \(formatted(firstCommit, digits: 3)) ms CPU, ratio \(formatted(commit / firstCommit, digits: 3))"
        )
    }

    /// The refetch's full path alone, synchronously: valgrind cannot run the environment's hops off
    /// the main actor, so this is the pass to profile (`valgrind --tool=callgrind … recommit`).
    func recommit() {
        var passes: [FullPathPass] = []
        var notified = 0
        for run in 0..<(runs + 1) {
            let holding = Store()
            _ = commit(into: holding)
            let pass = fullPath(into: holding)
            notified = max(notified, pass.notified)
            if run > 0 { passes.append(pass) }  // the first is a warm-up
        }
        print("recommit (release, median of \(runs)): the refetch's full path alone, new bytes with equal values")
        print("  notifications: \(notified) (must be 0)")
        Self.printFullPath(passes)
        if notified != 0 { exit(1) }
    }

    // One function a pass, kept out of line so a profiler (callgrind) counts each per call; their
    // signatures differ so the optimizer does not merge them into one.

    @inline(never) func ingestFirst() -> ChangeSet { ingestPage(bytes) }

    @inline(never) func ingestAgain(_ bytes: [UInt8]) -> ChangeSet { ingestPage(bytes) }

    @inline(never) func commitFirst(_ changes: ChangeSet, into store: Store) -> CommitResult { store.commit(changes) }

    /// The number of slots notified.
    @inline(never) func commitEqualValues(_ changes: ChangeSet, into store: Store) -> Int { store.commit(changes).changed }

    func ingestPage(_ bytes: [UInt8]) -> ChangeSet {
        do {
            return try Ingest.changeSet(bytes, plan: BenchCharactersPage.plan, variables: operation.variables, complete: true)
        } catch {
            print("the generated page does not ingest: \(error)")
            exit(1)
        }
    }

    /// A body over a sample of fields: every tenth character's scalars, a link's field and a plural link.
    static func sampleBody(_ data: BenchCharactersPage.Data) -> Int {
        var seen = data.characters?.info?.count ?? 0
        let characters = data.characters?.results.map(Array.init) ?? []
        for index in stride(from: 0, to: characters.count, by: 10) {
            let character = characters[index]
            seen &+= (character.name?.count ?? 0) + (character.status?.count ?? 0)
            seen &+= (character.origin?.name?.count ?? 0) + character.episode.count
            seen &+= character.episode.first?.air_date?.count ?? 0
        }
        return seen
    }
}
