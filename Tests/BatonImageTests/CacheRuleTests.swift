@_spi(Generated) import Baton
import BatonTesting
import Foundation
import Testing

@testable import BatonImage

/// When an image is started over, evicted, removed, or not used at all.
@MainActor @Suite struct CacheRuleTests {
    /// Writes the characters through one launch and ends it.
    static func launch(_ persistence: Persistence, tag: String = "v1") async throws {
        let session = Session(persistence)
        try await session.environment.commitPayload(CharactersQuery(), Responses.characters(2, tag: tag))
        #expect(await session.written(2))
        #expect(await session.end())
    }

    /// A file that is no image: the launch misses, logs `imageUnavailable`, and keeps working from
    /// the network (a response commits and reads); the image starts over, so the next launch reads.
    @Test(arguments: ["truncated", "random", "empty", "foreign"])
    func hostileFileIsAMiss(_ kind: String) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file()
        let persistence = Persistence(url: url, version: "1")
        switch kind {
        case "truncated":
            try await Self.launch(persistence)
            // A checkpointed image cut to half its pages.
            try? FileManager.default.removeItem(atPath: url.path + "-wal")
            try? FileManager.default.removeItem(atPath: url.path + "-shm")
            let whole = try Data(contentsOf: url)
            try Data(whole.prefix(max(100, whole.count / 2))).write(to: url)
        case "random":
            var generator = SystemRandomNumberGenerator()
            try Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) }).write(to: url)
        case "empty":
            try Data().write(to: url)
        default:
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
            process.arguments = [
                url.path, "CREATE TABLE notes(id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes(body) VALUES('theirs');",
            ]
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
        }
        let session = Session(persistence)
        #expect(session.environment.check(CharactersQuery()) == .miss)
        #expect(await session.opened())
        #expect(session.events.contains(.imageUnavailable))
        try await session.environment.commitPayload(CharactersQuery(), Responses.characters(2, tag: "network"))
        #expect(session.string("Character:1", "name") == "Character 1 network")
        #expect(await session.written(2))
        session.environment.end()

        let next = Session(persistence)
        #expect(next.environment.check(CharactersQuery()) == .image)
        #expect(next.string("Character:2", "name") == "Character 2 network")
        next.environment.end()
    }

    /// A directory nothing can be written in (a path under /proc, which even root cannot create
    /// files in): the image is unavailable and the store works from memory.
    @Test func unwritableDirectoryIsAMiss() async throws {
        let persistence = Persistence(url: URL(fileURLWithPath: "/proc/self/baton-\(UUID().uuidString)/app.baton-image"), version: "1")
        let session = Session(persistence)
        #expect(await session.opened())
        #expect(session.events == [.imageUnavailable])
        try await session.environment.commitPayload(CharactersQuery(), Responses.characters(1))
        #expect(session.string("Character:1", "name") == "Character 1 v1")
        #expect(session.environment.check(CharactersQuery()) == .memory)
        session.environment.end()
    }

    /// Another `version` (a new schema digest, another account in the version) starts the image
    /// over before any read.
    @Test func anotherVersionStartsOver() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try await Self.launch(Persistence(url: directory.file(), version: "digest-1"))
        let session = Session(Persistence(url: directory.file(), version: "digest-2"))
        #expect(session.environment.check(CharactersQuery()) == .miss)
        #expect(await session.opened())
        #expect(session.events.contains(.imageOpened))
        session.environment.end()
        // And the first version's rows are gone for good.
        let again = Session(Persistence(url: directory.file(), version: "digest-1"))
        #expect(again.environment.check(CharactersQuery()) == .miss)
        again.environment.end()
    }

    /// A record unread for a whole launch is dropped at the next launch; one read stays.
    @Test func evictionByLaunch() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let persistence = Persistence(url: directory.file(), version: "1")
        try await Self.launch(persistence)
        let rows = try Self.rowCount(directory)
        #expect(rows == 4)
        // Launch 2 reads the list (its records made from the rows read ahead, whole, so the check
        // fills none of their slots: reaching them still reads them); launch 3 still has it.
        let second = Session(persistence)
        #expect(second.environment.check(CharactersQuery()) == .image)
        #expect(await second.opened())
        #expect(await second.end())
        let third = Session(persistence)
        #expect(await third.opened())
        #expect(try Self.rowCount(directory) == rows)
        #expect(await third.end())
        // Launch 3 read nothing: launch 4 finds nothing, and the names went with the rows.
        let fourth = Session(persistence)
        #expect(fourth.environment.check(CharactersQuery()) == .miss)
        #expect(fourth.store.record(forKey: "Character:1")?.exportedFields(in: fourth.store).isEmpty ?? true)
        let file = try SQLiteConnection(path: directory.file().path, readOnly: true)
        #expect(try file.integer("SELECT count(*) FROM baton_records") == 0)
        #expect(try file.integer("SELECT count(*) FROM baton_names") == 0)
        file.close()
        fourth.environment.end()
    }

    /// The rows the image file holds.
    static func rowCount(_ directory: TemporaryDirectory) throws -> Int {
        let file = try SQLiteConnection(path: directory.file().path, readOnly: true)
        defer { file.close() }
        return try file.integer("SELECT count(*) FROM baton_records")
    }

    /// A size limit the rows exceed, checked at launch: the rows go and the launch misses.
    @Test func sizeLimitAtLaunch() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try await Self.launch(Persistence(url: directory.file(), version: "1"))
        let session = Session(Persistence(url: directory.file(), version: "1", sizeLimit: 64))
        #expect(session.environment.check(CharactersQuery()) == .miss)
        session.environment.end()
        let roomy = Session(Persistence(url: directory.file(), version: "1"))
        #expect(roomy.environment.check(CharactersQuery()) == .miss)
        roomy.environment.end()
    }

    /// `removeAll()` after `end()` deletes the database and its log; the next launch starts empty.
    @Test func removeAllDeletesTheFiles() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file()
        let persistence = Persistence(url: url, version: "1")
        let session = Session(persistence)
        try await session.environment.commitPayload(CharactersQuery(), Responses.characters(2))
        #expect(await session.end())
        try persistence.removeAll()
        for suffix in ["", "-wal", "-shm", ".removing"] {
            #expect(!FileManager.default.fileExists(atPath: url.path + suffix), "\(suffix)")
        }
        let next = Session(persistence)
        #expect(next.environment.check(CharactersQuery()) == .miss)
        next.environment.end()
    }

    /// A deletion interrupted after its marker was written (the log gone, the database not) is
    /// finished by the next open: nothing of the old image is read.
    @Test func interruptedRemovalIsFinished() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file()
        let persistence = Persistence(url: url, version: "1")
        try await Self.launch(persistence)
        try Data().write(to: ImageRemoval.marker(url))
        try? FileManager.default.removeItem(atPath: url.path + "-wal")
        let next = Session(persistence)
        #expect(next.environment.check(CharactersQuery()) == .miss)
        #expect(await next.opened())
        #expect(next.events.contains(.imageOpened))
        #expect(!FileManager.default.fileExists(atPath: ImageRemoval.marker(url).path))
        next.environment.end()
    }

    /// One image per file per process: a second live store on the file runs without it (a debug
    /// build stops there: this test puts its own stop in, and sees it called with the file).
    @Test func oneImagePerFile() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let persistence = Persistence(url: directory.file(), version: "1")
        let stops = Stops()
        let debugStop = ImageFiles.shared.onSecondImage { path in stops.append(path) }
        defer { ImageFiles.shared.onSecondImage(debugStop) }
        let first = Session(persistence)
        #expect(await first.opened())
        #expect(stops.paths.isEmpty)
        let second = Session(persistence)
        #expect(await second.opened())
        #expect(first.events == [.imageOpened])
        #expect(second.events == [.imageUnavailable])
        #expect(stops.paths == [persistence.url.path])
        try await second.environment.commitPayload(CharactersQuery(), Responses.characters(1))
        #expect(second.string("Character:1", "name") == "Character 1 v1")
        second.environment.end()
        first.environment.end()
    }

    /// `end()` gives the file back: the next store takes it over (a launch) and reads what the
    /// ended one queued, even when it ended before its writer caught up.
    @Test func endGivesTheFileBack() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let persistence = Persistence(url: directory.file(), version: "1")
        let first = Session(persistence)
        #expect(await first.opened())
        try await first.environment.commitPayload(CharactersQuery(), Responses.characters(5))
        first.environment.end()
        let second = Session(persistence)
        #expect(second.environment.check(CharactersQuery()) == .image)
        #expect(second.string("Character:5", "name") == "Character 5 v1")
        #expect(await second.opened())
        #expect(second.events.contains(.imageOpened))
        second.environment.end()
    }

    /// A row decodes as far as it makes sense; values of every kind survive the round trip.
    @Test func rowEncodingRoundTrips() {
        let row = ImageRow(
            key: "Character:1", type: "Character",
            cells: [
                ("name", .string("Rick ✓")), ("age", .int(-70)), ("big", .int(Int.max)), ("ratio", .float(-0.0)),
                ("alive", .bool(true)), ("gone", .null),
                ("origin", .link(ImageLink(key: "Location:1", type: "Location"))),
                ("friends", .links([ImageLink(key: "Character:2", type: "Character"), nil])),
                ("grid", .list([.list([.int(1), .null]), .list([])])),
            ],
            replaces: true)
        var numbers: [String: Int] = [:]
        var texts: [Int: String] = [:]
        let bytes = RowEncoding.encode(row) { text in
            if let number = numbers[text] { return number }
            numbers[text] = numbers.count + 1
            texts[numbers.count] = text
            return numbers.count
        }
        let decoded = RowEncoding.decode(bytes, key: row.key, names: { texts[$0] })
        #expect(decoded != nil)
        #expect(decoded?.type == "Character")
        #expect(decoded?.cells.map(\.field) == row.cells.map(\.field))
        #expect(decoded?.cells.map(\.value) == row.cells.map(\.value))
        if case .float(let zero)? = decoded?.cells[3].value { #expect(zero.sign == .minus) }
        // Cut mid-way, the row keeps the cells before the cut.
        let cut = RowEncoding.decode(Array(bytes.prefix(bytes.count / 2)), key: row.key, names: { texts[$0] })
        #expect((cut?.cells.count ?? 0) > 0)
        #expect((cut?.cells.count ?? 0) < row.cells.count)
    }
}

/// The files a second live image asked for, as the debug stop would have been told.
final class Stops: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []

    func append(_ path: String) { lock.withLock { recorded.append(path) } }
    var paths: [String] { lock.withLock { recorded } }
}

/// The opening's read-ahead (ARCHITECTURE.md's limits): rows within 2 MB are read, decoded and
/// resolved off the main actor before the first check; past that none are, and the check reads
/// each row from the file as it needs it, with the same answer.
@MainActor @Suite struct ReadAheadLimitTests {
    static func relaunch(_ persistence: Persistence, characters: Int, tag: String) async throws -> (Session, ImageFile) {
        let writing = Session(persistence)
        #expect(await writing.opened())
        try await writing.environment.commitPayload(CharactersQuery(), Responses.characters(characters, tag: tag))
        #expect(await writing.written(1))
        #expect(await writing.end())
        let session = Session(persistence)
        #expect(await session.opened())
        return (session, try #require(session.store.image as? ImageFile))
    }

    @Test func rowsWithinTheLimitAreReadAhead() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (session, image) = try await Self.relaunch(Persistence(url: directory.file(), version: "1"), characters: 20, tag: "v1")
        #expect(image.rowsWaitingReadAhead > 0)
        #expect(session.environment.check(CharactersQuery()) == .image)
        #expect(session.string("Character:20", "name") == "Character 20 v1")
        session.environment.end()
    }

    @Test func rowsPastTheLimitAreReadOneByOne() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // 1,200 rows of about 2 KB each: past the 2 MB read-ahead.
        let tag = String(repeating: "x", count: 2_000)
        let (session, image) = try await Self.relaunch(
            Persistence(url: directory.file(), version: "1"), characters: 1_200, tag: tag)
        #expect(ImageFile.preloadLimit == 2 << 20)
        #expect(image.rowsWaitingReadAhead == 0)
        #expect(session.environment.check(CharactersQuery()) == .image)
        #expect(session.string("Character:1200", "name") == "Character 1200 " + tag)
        session.environment.end()
    }
}
