@_spi(Generated) import Baton
import BatonTesting
import Foundation
import Testing

@testable import BatonImage

/// A locked file is waited for: the writer keeps its work and reads miss meanwhile; work beyond the
/// limit is dropped and the image started again.
@MainActor @Suite struct LockedFileTests {
    /// Another connection holds the write lock: the write fails (`imageWriteFailed`), the check
    /// misses, and once the lock is released the kept work is written and read.
    @Test func lockedFileIsWaitedFor() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let persistence = Persistence(url: directory.file(), version: "1")
        let session = Session(persistence)
        #expect(await session.opened())
        let lock = try SQLiteConnection(path: directory.file().path, readOnly: false)
        try lock.execute("BEGIN IMMEDIATE")
        try await session.environment.commitPayload(CharactersQuery(), Responses.characters(2))
        #expect(await wait(until: { session.events.contains(.imageWriteFailed) }, timeout: .seconds(120)))
        #expect(session.writtenBatches == 0)
        try lock.execute("ROLLBACK")
        lock.close()
        #expect(await session.written(2))
        session.environment.end()

        let next = Session(persistence)
        #expect(next.environment.check(CharactersQuery()) == .image)
        #expect(next.string("Character:2", "name") == "Character 2 v1")
        next.environment.end()
    }

    /// While the writer is held up, a check reads nothing from the image: it misses.
    @Test func readsMissWhileTheWriterWaits() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let persistence = Persistence(url: directory.file(), version: "1")
        try await CacheRuleTests.launch(persistence)
        let session = Session(persistence)
        #expect(await session.opened())
        let lock = try SQLiteConnection(path: directory.file().path, readOnly: false)
        try lock.execute("BEGIN IMMEDIATE")
        try await session.environment.commitPayload(
            CharacterQuery(id: "9"), Payload(json: #"{"data":{"character":{"id":"9","name":"Nine","origin":null}}}"#))
        #expect(await wait(until: { session.events.contains(.imageWriteFailed) }, timeout: .seconds(120)))
        #expect(session.environment.check(CharactersQuery()) == .miss)
        try lock.execute("ROLLBACK")
        lock.close()
        #expect(await session.written(2))
        #expect(session.environment.check(CharactersQuery()) == .image)
        session.environment.end()
    }

    /// Work beyond the limit while the file is locked is dropped and the image started again: the
    /// next launch finds neither the dropped work nor what the file held before.
    @Test func workBeyondTheLimitStartsTheImageAgain() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var persistence = Persistence(url: directory.file(), version: "1")
        try await CacheRuleTests.launch(persistence)
        persistence.workLimit = 10
        let session = Session(persistence)
        #expect(await session.opened())
        let lock = try SQLiteConnection(path: directory.file().path, readOnly: false)
        try lock.execute("BEGIN IMMEDIATE")
        try await session.environment.commitPayload(CharactersQuery(), Responses.characters(12, tag: "dropped"))
        #expect(await wait(until: { session.events.contains(.imageWriteFailed) }, timeout: .seconds(120)))
        try lock.execute("ROLLBACK")
        lock.close()
        // A later batch is written into the emptied image.
        try await session.environment.commitPayload(
            CharacterQuery(id: "9"), Payload(json: #"{"data":{"character":{"id":"9","name":"Nine","origin":null}}}"#))
        #expect(await session.written(1))
        session.environment.end()

        let next = Session(persistence)
        #expect(next.environment.check(CharactersQuery()) == .miss)
        #expect(next.string("Character:1", "name") == nil)
        #expect(next.environment.check(CharacterQuery(id: "9")) == .image)
        next.environment.end()
    }
}
