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
        let request = CompilationSetup.Request(configPath: directory + "/baton.json", schemaPath: nil,
                                               paths: [directory + "/BenchCharactersPage.graphql"])
        let result = GenerateCommand.compute(.init(request: request, out: root.appendingPathComponent("Benchmarks/baton-bench/Generated").path,
                                                   check: true, workingDirectory: directory))
        guard result.exitCode == 0 else {
            print("Benchmarks/baton-bench/Generated is stale (\(result.stale.joined(separator: ", "))); regenerate it:")
            print("  cd Benchmarks/graphql && batonc generate --config baton.json --out ../baton-bench/Generated BenchCharactersPage.graphql")
            exit(1)
        }
    }

    /// Ingest + commit of the page into `store`.
    func commit(into store: Store) -> CommitResult {
        do {
            let changes = try Ingest.changeSet(bytes, plan: BenchCharactersPage.plan, variables: operation.variables,
                                               complete: true)
            return store.commit(changes)
        } catch {
            print("the generated page does not ingest: \(error)")
            exit(1)
        }
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
        print("  the same page into a store holding it (\(rewritten) notified): \(again.text), ratio \(formatted(again.cpu / baton.cpu, digits: 3)) CPU of the fresh store's")
        print("  JSONSerialization.jsonObject: \(foundation.text)")
        print("  ratio baton/JSONSerialization = \(formatted(baton.cpu / foundation.cpu, digits: 3)) CPU, \(formatted(baton.wall / foundation.wall, digits: 3)) wall (goal ≤ 0.5)")
    }

    /// See `ReadBenchmark`.
    func read() {
        ReadBenchmark(page: bytes, operation: operation, runs: runs).run()
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
        var fullCPU: [Double] = []
        var fullIngestCPU: [Double] = []
        var fullCommitCPU: [Double] = []
        var firstCPU: [Double] = []
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
            // The full path on the same store: ingest and commit, comparing every value.
            var cpu = threadCPUMilliseconds()
            let changes = try? Ingest.changeSet(bytes, plan: BenchCharactersPage.plan, variables: operation.variables,
                                                complete: true)
            let ingested = threadCPUMilliseconds()
            let full = changes.map { environment.store.commit($0) }
            let fullRun = threadCPUMilliseconds() - cpu
            let fullIngest = ingested - cpu
            // The first commit's CPU time on a fresh store, for the full path's ratio.
            let fresh = Store()
            cpu = threadCPUMilliseconds()
            _ = commit(into: fresh)
            let firstRun = threadCPUMilliseconds() - cpu
            kept.append(fresh)
            notified = max(notified, result?.changed ?? 1, afterMove?.changed ?? 1, full?.changed ?? 1)
            invalidations = max(invalidations, host.invalidations)
            if run == 0 { continue }   // warm-up
            firstWall.append(first)
            secondWall.append(second)
            movedWall.append(third)
            fullCPU.append(fullRun)
            fullIngestCPU.append(fullIngest)
            fullCommitCPU.append(fullRun - fullIngest)
            firstCPU.append(firstRun)
        }
        print("refetch (release, median of \(runs)): the same \(characterCount)-character page committed again, bytes → committed")
        print("  notifications: \(notified), body invalidations: \(invalidations) (must be 0)")
        print("  through Environment.commitResponse: first \(formatted(middle(firstWall))) ms wall")
        print("    store unmoved (bytes and generation known): \(formatted(middle(secondWall), digits: 3)) ms wall, ratio \(formatted(middle(secondWall) / middle(firstWall), digits: 4)) (goal ≤ 0.5)")
        print("    after another response wrote (kept change set committed, every value compared): \(formatted(middle(movedWall), digits: 3)) ms wall, ratio \(formatted(middle(movedWall) / middle(firstWall), digits: 3)) (goal ≤ 0.5)")
        print("  full path, new bytes with equal values (Ingest.changeSet + Store.commit on the store holding them): \(formatted(middle(fullCPU))) ms CPU (ingest \(formatted(middle(fullIngestCPU))), commit \(formatted(middle(fullCommitCPU), digits: 3))) vs first \(formatted(middle(firstCPU))) ms CPU, ratio \(formatted(middle(fullCPU) / middle(firstCPU), digits: 3))")
        if notified != 0 || invalidations != 0 { exit(1) }
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
