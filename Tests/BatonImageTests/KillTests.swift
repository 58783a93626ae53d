@_spi(Generated) import Baton
import BatonTesting
import Foundation
import Testing

@testable import BatonImage

/// The operation `baton-image-writer` commits, as this process reads it back: the query root's
/// `generation` and `items`, each item with the batch number that wrote it.
enum KillFixtures {
    static let query = Registry.type("Query")
    static let item = Registry.type("Item")
    static let generation = Registry.slot(query, "generation")
    static let items = Registry.slot(query, "items")
    static let id = Registry.slot(item, "id")
    static let batch = Registry.slot(item, "batch")
    static let text = Registry.slot(item, "text")
}

struct ItemsQuery: Baton.Operation {
    static let name = "ItemsQuery"
    static let plan = Plan(
        root: Selection(
            type: KillFixtures.query,
            fields: [
                .scalar("generation", key: .fixed(KillFixtures.generation), kind: .int),
                .plural(
                    "items", key: .fixed(KillFixtures.items),
                    selection: Selection(
                        type: KillFixtures.item, key: ["id"],
                        fields: [
                            .scalar("id", key: .fixed(KillFixtures.id), kind: .id),
                            .scalar("batch", key: .fixed(KillFixtures.batch), kind: .int),
                            .scalar("text", key: .fixed(KillFixtures.text), kind: .string),
                        ])),
            ]))
    var variables: Variables { [:] }

    struct Data: Lens {
        let anchor: Anchor
    }
}

/// Nothing lost, nothing mixed: a writer killed (`kill -9`) at random moments of write-behind
/// leaves a file that opens as the image of some batch boundary, or as a miss that starts over.
@MainActor @Suite struct KillTests {
    static let writer = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("baton-image-writer")
    static let items = 40

    @Test func killedWriterLeavesABatchBoundary() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file()
        var images = 0
        var generations: Set<Int> = []
        for round in 0..<100 {
            let process = Process()
            process.executableURL = Self.writer
            process.arguments = [url.path, String(Self.items)]
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            // Every other round waits for the writer's log to appear (the file is open and written
            // to: a busy machine may start the child slowly); the others may kill it before.
            if round % 2 == 0 {
                #expect(
                    await wait(until: { FileManager.default.fileExists(atPath: url.path + "-wal") }, timeout: .seconds(120)),
                    "round \(round)")
            }
            try await Task.sleep(for: .milliseconds(Int.random(in: 5...150)))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal, "round \(round): the writer exited by itself")

            let session = Session(Persistence(url: url, version: "kill-test"))
            let answer = session.environment.check(ItemsQuery())
            if answer == .image {
                images += 1
                let generation = try #require(Self.int(session, "client:root", "generation"), "round \(round)")
                generations.insert(generation)
                for index in 0..<Self.items {
                    #expect(
                        Self.int(session, "Item:\(index)", "batch") == generation,
                        "round \(round): item \(index) is not of batch \(generation)")
                }
            } else {
                #expect(answer == .miss, "round \(round)")
            }
            #expect(await session.opened(), "round \(round)")
            session.environment.end()
            let image = try #require(session.store.image as? ImageFile)
            #expect(await wait(until: { image.hasEnded }, timeout: .seconds(120)), "round \(round)")
        }
        // Most rounds kill the writer after it wrote something.
        #expect(images > 10)
        #expect(generations.count > 1)
    }

    static func int(_ session: Session, _ key: String, _ field: String) -> Int? {
        if case .int(let number)? = session.value(key, field) { return number }
        return nil
    }
}
