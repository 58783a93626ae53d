@_spi(Generated) import Baton
import Foundation
import Observation

/// The read goal (one scalar field through a generated lens: ≤ 30 ns untracked, ≤ 150 ns tracked) on
/// the committed page's 1,000 character lenses, beside hand-written @Observable-style objects holding
/// the same strings (`ObservedCharacter`), read the same way.
///
/// Tracked reads are measured as a host runs a body: a tracking scope whose registrations are removed
/// when a field it read changes (Observation removes a scope's registrations only when it fires), then
/// the body run again. So every timed run starts from registrars holding nothing but what the other
/// bodies installed, as in an app; scopes that never fire would pile their registrations up in every
/// record run after run. Each timed run is split at the end of the body: the reads (with
/// Observation's per-record entry on a record's first read) and the scope's installation.
@MainActor struct ReadBenchmark {
    typealias Row = BenchCharactersPage.Data.Characters.Results

    let runs: Int
    let store: Store
    let rows: [Row]
    /// The page and the page with every character's `created` moved, committed in turn: each commit
    /// changes the one field every body below reads, so each body's scope fires.
    let pages: [ChangeSet]
    let observed: [ObservedCharacter]

    init(page bytes: [UInt8], operation: BenchCharactersPage, runs: Int) {
        self.runs = runs
        let moved = String(decoding: bytes, as: UTF8.self)
            .replacingOccurrences(of: "\"created\":\"2017-", with: "\"created\":\"2016-")
        do {
            pages = try [bytes, Array(moved.utf8)].map {
                try Ingest.changeSet($0, plan: BenchCharactersPage.plan, variables: operation.variables, complete: true)
            }
        } catch {
            print("the generated page does not ingest: \(error)")
            exit(1)
        }
        store = Store()
        _ = store.commit(pages[0])
        let record = store.root
        let data = BenchCharactersPage.Data(
            anchor: Anchor(
                record: record, owner: Owner(store: store, variables: operation.variables),
                origin: record))
        rows = data.characters?.results.map(Array.init) ?? []
        guard rows.count == 1000 else {
            print("the committed page reads \(rows.count) characters, not 1000")
            exit(1)
        }
        observed = rows.map { row in
            ObservedCharacter([row.id, row.name, row.status, row.species, row.type, row.gender, row.image, row.created])
        }
    }

    func run() {
        let rows = self.rows
        let observed = self.observed
        let count = Double(rows.count)
        var total = 0

        let rounds = 50
        let held = median(runs: runs, warmup: 2) { for _ in 0..<rounds { total &+= Self.heldRows(rows) } }
        let single = median(runs: runs, warmup: 2) { for _ in 0..<rounds { total &+= Self.untrackedPass(rows) } }

        let changeObserved = { Self.changeObserved(observed) }
        // Baton and the reference run in turn, so the machine's load falls on both alike.
        let timings = hosted([
            (1, changeBaton, { Self.heldRows(rows) }),
            (1, changeObserved, { Self.observedRows(observed) }),
            (1, changeBaton, { Self.createdPass(rows) }),
            (1, changeObserved, { Self.observedCreatedPass(observed) }),
            (rows.count, changeBaton, { Self.rowBodies(rows) }),
            (rows.count, changeObserved, { Self.observedRowBodies(observed) }),
            (1, changeBaton, { Self.heldRows(rows) &+ Self.heldRows(rows) }),
            (1, changeObserved, { Self.observedRows(observed) &+ Self.observedRows(observed) }),
        ])
        let (baton8, observed8, baton1, observed1, batonRows, observedRows) =
            (timings[0], timings[1], timings[2], timings[3], timings[4], timings[5])
        let (batonTwice, observedTwice) = (timings[6], timings[7])

        func ns(_ milliseconds: Double, per reads: Double) -> String { formatted(milliseconds * 1_000_000 / reads, digits: 1) }
        func split(_ timing: Hosted, fields: Double) -> String {
            "\(ns(timing.total, per: fields * count)) ns (reads \(ns(timing.reads, per: fields * count)) + installation \(ns(timing.install, per: fields * count)))"
        }
        print(
            "read (release, median of \(runs), CPU): scalar fields of \(rows.count) characters through the generated lens (checksum \(total % 1000), \(store.recordKeys.count) records)"
        )
        print(
            "  untracked, a held row lens reading its 8 scalar fields: \(ns(held.cpu, per: Double(rounds * 8) * count)) ns per read (goal ≤ 30 ns)"
        )
        print(
            "  untracked, `name` of each row taken from an array (lens copy included): \(ns(single.cpu, per: Double(rounds) * count)) ns per read"
        )
        print(
            "  tracked, a body reading 8 scalar fields of each of \(rows.count) rows, run again after a change it read: \(ns(baton8.total, per: 8 * count)) ns per read, everything included (goal ≤ 150 ns)"
        )
        print(
            "    baton \(split(baton8, fields: 8)); @Observable-style reference \(split(observed8, fields: 8)); ratio baton/observable = \(formatted(baton8.total / observed8.total))"
        )
        print(
            "  the same body reading 1 field a row (each read a record's first): baton \(split(baton1, fields: 1)); reference \(split(observed1, fields: 1))"
        )
        print(
            "    so a further field of a record already read: baton \(ns(baton8.total - baton1.total, per: 7 * count)) ns, reference \(ns(observed8.total - observed1.total, per: 7 * count)) ns"
        )
        print(
            "    and a field read again in the same scope: baton \(ns(batonTwice.total - baton8.total, per: 8 * count)) ns, reference \(ns(observedTwice.total - observed8.total, per: 8 * count)) ns"
        )
        print(
            "  tracked, one body per row (\(rows.count) scopes) reading its 8 scalar fields, run again after a change: \(ns(batonRows.total, per: 8 * count)) ns per read"
        )
        print(
            "    @Observable-style reference: \(ns(observedRows.total, per: 8 * count)) ns per read; ratio baton/observable = \(formatted(batonRows.total / observedRows.total))"
        )
        print("  (a change that fires a scope also removes its registrations: that cost falls on the change, not counted here)")
    }

    /// Median CPU milliseconds of a tracked body run again after each change: `reads` up to the end of
    /// the body, `install` the rest of its scope. A body of `scopes` > 1 runs its own scopes (their
    /// installation is counted in `reads`). Each change must fire every scope.
    struct Hosted {
        var reads: Double
        var install: Double
        var total: Double { reads + install }
    }

    /// Runs every case once per run, in turn.
    func hosted(_ cases: [(scopes: Int, change: () -> Void, body: () -> Int)]) -> [Hosted] {
        var reads = Array(repeating: [Double](), count: cases.count)
        var installs = reads
        var sum = 0
        for run in 0..<(runs + 2) {
            for (index, (scopes, change, body)) in cases.enumerated() {
                Fired.count = 0
                let start = threadCPUMilliseconds()
                var read = 0.0
                if scopes == 1 {
                    sum &+= withObservationTracking {
                        let seen = body()
                        read = threadCPUMilliseconds()
                        return seen
                    } onChange: {
                        Fired.count += 1
                    }
                } else {
                    // The body runs its own scopes (no outer scope would take their reads).
                    sum &+= body()
                    read = threadCPUMilliseconds()
                }
                let end = threadCPUMilliseconds()
                change()
                guard Fired.count == scopes else {
                    print("a change fired \(Fired.count) of \(scopes) scopes")
                    exit(1)
                }
                if run < 2 { continue }  // warm-up
                reads[index].append(read - start)
                installs[index].append(end - read)
            }
        }
        if sum == 42 { print("") }  // keeps the reads
        return cases.indices.map { Hosted(reads: middle(reads[$0]), install: middle(installs[$0])) }
    }

    /// Commits the other page: every character's `created` changes.
    func changeBaton() {
        Turn.value ^= 1
        _ = store.commit(pages[Turn.value])
    }

    static func changeObserved(_ characters: [ObservedCharacter]) {
        Turn.observed ^= 1
        for character in characters { character.created = Turn.observed == 1 ? "2016" : "2017" }
    }

    /// A row's 8 scalar fields read through the lens it holds, as a view's body reads them.
    @inline(never) static func heldRows(_ characters: [Row]) -> Int {
        var total = 0
        for character in characters { total &+= readRow(character) }
        return total
    }

    @inline(__always) static func readRow(_ character: Row) -> Int {
        var seen = character.id?.utf8.count ?? 0
        seen &+= character.name?.utf8.count ?? 0
        seen &+= character.status?.utf8.count ?? 0
        seen &+= character.species?.utf8.count ?? 0
        seen &+= character.type?.utf8.count ?? 0
        seen &+= character.gender?.utf8.count ?? 0
        seen &+= character.image?.utf8.count ?? 0
        seen &+= character.created?.utf8.count ?? 0
        return seen
    }

    /// One untracked read of `name` on every row (a function of its own, for profiles).
    @inline(never) static func untrackedPass(_ characters: [Row]) -> Int {
        var total = 0
        for index in characters.indices { total &+= characters[index].name?.utf8.count ?? 0 }
        return total
    }

    /// One field of each row: the record's first (and only) read.
    @inline(never) static func createdPass(_ characters: [Row]) -> Int {
        var total = 0
        for character in characters { total &+= character.created?.utf8.count ?? 0 }
        return total
    }

    /// A body per row, as a list's rows are: eight scalar fields read in one scope each.
    @inline(never) static func rowBodies(_ characters: [Row]) -> Int {
        var total = 0
        for character in characters {
            total &+= withObservationTracking {
                readRow(character)
            } onChange: {
                Fired.count += 1
            }
        }
        return total
    }

    @inline(never) static func observedRows(_ characters: [ObservedCharacter]) -> Int {
        var total = 0
        for character in characters { total &+= readObservedRow(character) }
        return total
    }

    @inline(__always) static func readObservedRow(_ character: ObservedCharacter) -> Int {
        var seen = character.id?.utf8.count ?? 0
        seen &+= character.name?.utf8.count ?? 0
        seen &+= character.status?.utf8.count ?? 0
        seen &+= character.species?.utf8.count ?? 0
        seen &+= character.type?.utf8.count ?? 0
        seen &+= character.gender?.utf8.count ?? 0
        seen &+= character.image?.utf8.count ?? 0
        seen &+= character.created?.utf8.count ?? 0
        return seen
    }

    @inline(never) static func observedCreatedPass(_ characters: [ObservedCharacter]) -> Int {
        var total = 0
        for character in characters { total &+= character.created?.utf8.count ?? 0 }
        return total
    }

    @inline(never) static func observedRowBodies(_ characters: [ObservedCharacter]) -> Int {
        var total = 0
        for character in characters {
            total &+= withObservationTracking {
                readObservedRow(character)
            } onChange: {
                Fired.count += 1
            }
        }
        return total
    }
}

/// How many scopes the last change fired (scopes fire on the main thread, inside the change).
private enum Fired {
    nonisolated(unsafe) static var count = 0
}

/// Which page (and which `created` text) is current.
@MainActor private enum Turn {
    static var value = 0
    static var observed = 0
}
