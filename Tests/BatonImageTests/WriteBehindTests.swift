@_spi(Generated) import Baton
import BatonInspector
import BatonTesting
import Foundation
import Testing

@testable import BatonImage

/// The image written behind server batches and read by the next launch's check.
@MainActor @Suite struct WriteBehindTests {
    /// A launch commits a list; the next launch over the same file answers its check from the image,
    /// reads the values, and the handle shows them before any network.
    @Test func nextLaunchReadsTheImage() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let persistence = Persistence(url: directory.file(), version: "1")
        let first = Session(persistence)
        #expect(await first.opened())
        #expect(first.events.contains(.imageOpened))
        try await first.environment.commitPayload(CharactersQuery(), Responses.characters(3))
        #expect(await first.written(2))  // the rows, then the fetch time
        first.environment.end()

        let second = Session(persistence)
        #expect(second.store.recordKeys.count == 3)
        #expect(second.environment.check(CharactersQuery()) == .image)
        #expect(second.string("Character:2", "name") == "Character 2 v1")
        #expect(second.string("Location:L1", "name") == "Place 1")
        #expect(second.environment.check(CharactersQuery()) == .memory)
        #expect(await second.opened())
        #expect(second.events.contains(.imageOpened))
        second.environment.end()
    }

    /// A handle made over an image with a `storeOnly` policy is ready at once, with the age the
    /// image kept.
    @Test func handleIsReadyFromTheImage() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let persistence = Persistence(url: directory.file(), version: "1")
        let clock = StoreClock()
        let first = Session(persistence, clock: clock)
        // The store's time is real time moved by the test: a busy machine adds its own.
        let started = ContinuousClock.now
        try await first.environment.commitPayload(CharactersQuery(), Responses.characters(2))
        #expect(await first.written(2))
        first.environment.end()
        clock.advance(by: .seconds(20))

        let second = Environment(
            store: Store(persistence: persistence, cacheExpiration: .seconds(3600), clock: clock))
        let handle = second.handle(for: CharactersQuery(), fetchPolicy: .storeOnly)
        #expect(handle.phase.kind == .ready)
        #expect(!handle.isStale)
        let age = try #require(handle.fetchTime).duration(to: clock.now)
        let elapsed = started.duration(to: .now)
        #expect(age >= .seconds(19) && age <= .seconds(21) + elapsed, "\(age), \(elapsed) elapsed")
        clock.advance(by: .seconds(3600))
        #expect(handle.isStale)
        second.end()
    }

    /// `invalidate()` makes the image forget its fetch times: the next launch reads the data with no
    /// known age, stale wherever an expiration applies.
    @Test func invalidateForgetsFetchTimes() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let persistence = Persistence(url: directory.file(), version: "1")
        let first = Session(persistence)
        try await first.environment.commitPayload(CharactersQuery(), Responses.characters(2))
        #expect(await first.written(2))
        first.environment.invalidate()
        #expect(await first.end())

        let second = Environment(store: Store(persistence: persistence, cacheExpiration: .seconds(3600)))
        let handle = second.handle(for: CharactersQuery(), fetchPolicy: .storeOnly)
        #expect(handle.phase.kind == .ready)
        #expect(handle.fetchTime == nil)
        #expect(handle.isStale)
        second.end()
    }

    /// An operation whose root field the image never saw is a miss; a lookup-free link to another
    /// variables' root field is its own cell.
    @Test func otherVariablesMiss() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let persistence = Persistence(url: directory.file(), version: "1")
        let first = Session(persistence)
        try await first.environment.commitPayload(
            CharacterQuery(id: "1"),
            Payload(json: #"{"data":{"character":{"id":"1","name":"Rick","origin":{"id":"L1","name":"Earth"}}}}"#))
        #expect(await first.written(2))
        first.environment.end()

        let second = Session(persistence)
        #expect(second.environment.check(CharacterQuery(id: "2")) == .miss)
        #expect(second.environment.check(CharacterQuery(id: "1")) == .image)
        #expect(second.string("Character:1", "name") == "Rick")
        second.environment.end()
    }

    /// Memory wins over the image: a row read into a store that already holds a slot leaves it.
    @Test func memoryWins() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let persistence = Persistence(url: directory.file(), version: "1")
        let first = Session(persistence)
        try await first.environment.commitPayload(CharactersQuery(), Responses.characters(2, tag: "old"))
        #expect(await first.written(2))
        first.environment.end()

        let second = Session(persistence)
        // A newer answer for one character lands before the list is checked.
        try await second.environment.commitPayload(
            CharacterQuery(id: "1"),
            Payload(json: #"{"data":{"character":{"id":"1","name":"Newer","origin":{"id":"L1","name":"Place 1"}}}}"#))
        #expect(second.environment.check(CharactersQuery()) == .image)
        #expect(second.string("Character:1", "name") == "Newer")
        #expect(second.string("Character:2", "name") == "Character 2 old")
        second.environment.end()
    }

    /// A batch over a row the check never read merges into it (batch cells over row cells).
    @Test func unreadRowsMerge() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let persistence = Persistence(url: directory.file(), version: "1")
        let first = Session(persistence)
        try await first.environment.commitPayload(CharactersQuery(), Responses.characters(1))
        #expect(await first.written(2))
        first.environment.end()

        // Writes only the name of Character:1 (a partial payload): the origin on disk stays.
        let second = Session(persistence)
        #expect(await second.opened())
        try await second.environment.commitPayload(
            CharacterQuery(id: "1"), Payload(json: #"{"data":{"character":{"id":"1","name":"Renamed"}}}"#))
        #expect(await second.written(2))
        second.environment.end()

        // The row holds the new name and the origin the first launch wrote. (The location's own
        // row went unread for the second launch, so the third drops it: the check misses.)
        let third = Session(persistence)
        #expect(third.environment.check(CharacterQuery(id: "1")) == .miss)
        #expect(third.string("Character:1", "name") == "Renamed")
        guard case .link(let origin)? = third.value("Character:1", "origin") else {
            Issue.record("the origin is not a link")
            return
        }
        #expect(origin.key == "Location:L1")
        #expect(third.string("Location:L1", "name") == nil)
        third.environment.end()
    }

    /// An optimistic layer never reaches the image, even when a server batch lands beneath it.
    @Test func optimisticLayersAreNeverWritten() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let persistence = Persistence(url: directory.file(), version: "1")
        let first = Session(persistence)
        try await first.environment.commitPayload(CharactersQuery(), Responses.characters(2, tag: "server"))
        _ = try first.environment.applyOptimistic(
            CharacterQuery(id: "1"), Payload(json: #"{"data":{"character":{"id":"1","name":"Optimistic"}}}"#))
        // A record the layer makes is lifted and laid again around the server batch, never written.
        _ = try first.environment.applyOptimistic(
            CharacterQuery(id: "99"), Payload(json: #"{"data":{"character":{"id":"99","name":"Ghost"}}}"#))
        try await first.environment.commitPayload(CharactersQuery(), Responses.characters(2, tag: "later"))
        #expect(first.string("Character:1", "name") == "Optimistic")
        #expect(await first.written(3))
        first.environment.end()

        let second = Session(persistence)
        #expect(second.environment.check(CharactersQuery()) == .image)
        #expect(second.string("Character:1", "name") == "Character 1 later")
        #expect(await second.end())
        let bytes = try Self.fileBytes(directory.file())
        #expect(!Self.contains(bytes, "Optimistic"))
        #expect(!Self.contains(bytes, "Ghost"))
        #expect(!Self.contains(bytes, "Character:99"))
    }

    /// Transient types and root fields never reach the file: a grep of its bytes (database and log)
    /// finds no transient value; the character is there without its link to the secret.
    @Test func transientValuesNeverReachTheFile() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let persistence = Persistence(url: directory.file(), version: "1")
        let first = Session(persistence)
        try await first.environment.commitPayload(SecretsQuery(), Responses.secrets)
        #expect(first.value("Secret:s2", "code") != nil)
        #expect(await first.written(1))
        #expect(await first.end())

        let bytes = try Self.fileBytes(directory.file())
        #expect(Self.contains(bytes, "Character:1"))
        #expect(!Self.contains(bytes, "TOPSECRET"))
        #expect(!Self.contains(bytes, "Secret:s"))

        // The next launch misses (the transient parts are not there) and refetches.
        let second = Session(persistence)
        #expect(second.environment.check(SecretsQuery()) == .miss)
        #expect(second.store.record(forKey: "Secret:s2") == nil)
        #expect(second.string("Character:1", "name") == "Rick")
        #expect(second.value("Character:1", "secret") == nil)
        second.environment.end()
    }

    /// A record a server batch deletes (`@deleteRecord`, an edit the change set's entries do not
    /// say) loses its row; the others keep theirs.
    @Test func deletedRecordLosesItsRow() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let persistence = Persistence(url: directory.file(), version: "1")
        let first = Session(persistence)
        try await first.environment.commitPayload(CharactersQuery(), Responses.characters(2))
        try await first.environment.commitPayload(
            DeleteCharacterMutation(id: "1"), Payload(json: #"{"data":{"deleteCharacter":{"id":"1"}}}"#))
        #expect(first.store.record(forKey: "Character:1")?.isDeleted == true)
        #expect(await first.written(3))
        first.environment.end()

        let second = Session(persistence)
        #expect(second.environment.check(CharactersQuery()) == .miss)
        #expect(second.string("Character:1", "name") == nil)
        #expect(second.string("Character:2", "name") == "Character 2 v1")
        second.environment.end()
    }

    /// `StoreExport` dumps what an image holds, once a store over it has read it whole.
    @Test func dumpOfTheImage() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let persistence = Persistence(url: directory.file(), version: "1")
        try await Self.launch(persistence, characters: 1)

        let store = Store(persistence: persistence)
        #expect(store.readWholeImage())
        #expect(
            StoreExport.text(of: store) == """
                {
                  "Character:1": {"__typename": "Character", "id": "1", "name": "Character 1 v1", "origin": {"__ref": "Location:L1"}},
                  "Location:L1": {"__typename": "Location", "id": "L1", "name": "Place 1"},
                  "client:root": {"__typename": "Query", "characters": {"__refs": ["Character:1"]}},
                  "client:root:mutation": {"__typename": "Mutation"},
                  "client:root:subscription": {"__typename": "Subscription"}
                }

                """)
        store.image?.close()
    }

    /// The opening reads the rows ahead for the check; a row written after that is read as written,
    /// not as it was read ahead, and the others come as they were.
    @Test func aRowWrittenAfterTheOpeningIsReadAsWritten() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let persistence = Persistence(url: directory.file(), version: "1")
        try await Self.launch(persistence, characters: 3)

        final class Written { var through = 0 }
        let written = Written()
        let file = ImageFile(persistence)
        file.open { report in
            if case .written(let through) = report { written.through = through }
        }
        var batch = ImageBatch(number: 1)
        batch.rows = [ImageRow(key: "Character:2", type: "Character", cells: [("name", .string("Character 2 v2"))], replaces: false)]
        file.write(batch)
        #expect(await wait(until: { written.through >= 1 }))
        let read = try #require(file.beginRead())
        let name = { (key: String) -> ImageValue? in read.row(key)?.cells.first { $0.field == "name" }?.value }
        #expect(name("Character:2") == .string("Character 2 v2"))
        #expect(name("Character:1") == .string("Character 1 v1"))
        #expect(name("Character:9") == nil)
        read.end()
        file.close()
        #expect(await wait(until: { file.hasEnded }))
    }

    /// A launch's first check adopts the records made from the rows read ahead (off the main
    /// actor), reading as the rows say; a row written after the opening and before that check drops
    /// them, and the check reads the rows from the file, the written one as written.
    @Test(arguments: [false, true])
    func theFirstCheckAdoptsTheRecordsReadAhead(rowWrittenFirst: Bool) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let persistence = Persistence(url: directory.file(), version: "1")
        try await Self.launch(persistence, characters: 3)

        let second = Session(persistence)
        #expect(await second.opened())
        let image = try #require(second.store.image as? ImageFile)
        #expect(image.rowsWaitingReadAhead == 5)
        if rowWrittenFirst {
            var batch = ImageBatch(number: 1)
            batch.rows = [ImageRow(key: "Character:2", type: "Character", cells: [("name", .string("Character 2 v2"))], replaces: false)]
            image.write(batch)
            #expect(await wait(until: { image.rowsWaitingReadAhead < 5 }, timeout: .seconds(120)))
        }
        #expect(second.environment.check(CharactersQuery()) == .image)
        #expect(image.rowsWaitingReadAhead == 0)
        let name = { (key: String) -> String? in
            if case .string(let text)? = second.value(key, "name") { return text }
            return nil
        }
        #expect(name("Character:2") == (rowWrittenFirst ? "Character 2 v2" : "Character 2 v1"))
        #expect(name("Character:3") == "Character 3 v1")
        let origin = try #require(
            second.store.record(forKey: "Character:3")?.exportedFields(in: second.store).first { $0.key == "origin" }?.value)
        guard case .link(let place) = origin else {
            Issue.record("the origin is not a link: \(origin)")
            return
        }
        // A link lands on the record the store holds for its key.
        #expect(place === second.store.record(forKey: "Location:L1"))
        #expect(name("Location:L1") == "Place 1")
        #expect(await second.end())
    }

    /// A row the process cannot make into a record off the main actor (a field it does not know)
    /// stays a row: the records made from the others link to an empty record for its key, which
    /// the check fills from that row as it reaches it.
    @Test func aRowNotMadeIntoARecordIsFilledByTheCheck() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let persistence = Persistence(url: directory.file(), version: "1")
        let first = Session(persistence)
        try await first.environment.commitPayload(CharactersQuery(), Responses.characters(3))
        #expect(await first.written(2))
        // The place's row gains a field no plan of this process names (in the same launch: a launch
        // that read nothing would have the next one evict every row).
        let file = try #require(first.store.image as? ImageFile)
        var batch = ImageBatch(number: 2)
        batch.rows = [
            ImageRow(
                key: "Location:L1", type: "Location",
                cells: [("id", .string("L1")), ("name", .string("Place 1 again")), ("plusCode", .string("8FVC9G8F+6X"))],
                replaces: true)
        ]
        file.write(batch)
        #expect(await first.written(3))
        #expect(await first.end())

        let second = Session(persistence)
        #expect(await second.opened())
        #expect(second.environment.check(CharactersQuery()) == .image)
        let place = try #require(second.store.record(forKey: "Location:L1"))
        let fields = place.exportedFields(in: second.store)
        guard case .string(let name)? = fields.first(where: { $0.key == "name" })?.value else {
            Issue.record("the place has no name: \(fields.map(\.key))")
            return
        }
        #expect(name == "Place 1 again")
        #expect(fields.contains { $0.key == "plusCode" })
        for key in ["Character:1", "Character:3"] {
            let origin = second.store.record(forKey: key)?.exportedFields(in: second.store).first { $0.key == "origin" }?.value
            guard case .link(let linked)? = origin else {
                Issue.record("\(key) has no origin link")
                continue
            }
            #expect(linked === place)
        }
        #expect(await second.end())
    }

    /// One launch that commits `characters` characters, has them written, and ends.
    static func launch(_ persistence: Persistence, characters: Int) async throws {
        let first = Session(persistence)
        try await first.environment.commitPayload(CharactersQuery(), Responses.characters(characters))
        #expect(await first.written(2))
        #expect(await first.end())
    }

    /// Every byte of the image's files: the database, its write-ahead log and shared memory.
    static func fileBytes(_ url: URL) throws -> [UInt8] {
        var bytes: [UInt8] = []
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: url.path + suffix) {
            bytes += Array(try Data(contentsOf: URL(fileURLWithPath: url.path + suffix)))
        }
        return bytes
    }

    static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard needle.count <= bytes.count else { return false }
        return (0...(bytes.count - needle.count)).contains { start in
            bytes[start] == needle[0] && Array(bytes[start..<(start + needle.count)]) == needle
        }
    }
}
