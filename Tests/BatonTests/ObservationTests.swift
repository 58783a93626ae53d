@_spi(Generated) import Baton
import BatonTesting
import Observation
import Testing

/// A body re-runs because a field it read changed, and at no other time.
@MainActor @Suite struct ObservationTests {
    static func header(name: String = "Agency Director", status: String = "Dead", id: String = "9") -> Payload {
        Payload(
            json: """
                {"data":{"character":{"name":"\(name)","status":"\(status)","species":"Human",\
                "image":"9.jpeg","origin":{"name":"Earth (Replacement Dimension)","id":"20"},"id":"\(id)"}}}
                """)
    }

    let operation = TestHeaderQuery(id: "9")

    @Test func bodyRerunsWhenAFieldItReadChangesOnly() async throws {
        let environment = Environment()
        try await environment.commitResponse(operation, Self.header())
        let data = environment.data(for: operation)
        let host = BodyHost { data.character?.testHeader.name }
        #expect(host.runs == 1)
        #expect(host.output == "Agency Director")

        // status changes: the body did not read it.
        let statusChange = try await environment.commitResponse(operation, Self.header(status: "Alive"))
        #expect(statusChange.notified.map(\.description) == ["Character:9.status"])
        #expect(host.invalidations == 0)
        #expect(!host.flush())
        #expect(host.runs == 1)

        // name changes: the body read it.
        let nameChange = try await environment.commitResponse(operation, Self.header(name: "Director", status: "Alive"))
        #expect(nameChange.notified.map(\.description) == ["Character:9.name"])
        #expect(host.invalidations == 1)
        await host.settle()
        #expect(host.runs == 2)
        #expect(host.output == "Director")
    }

    /// A read registers one field of one record: the same field of another record, and another key
    /// rendered on the same record, leave the body alone.
    @Test func otherRecordsAndOtherKeysLeaveABodyAlone() async throws {
        let environment = Environment()
        try await environment.commitResponse(operation, Self.header())
        let data = environment.data(for: operation)
        let host = BodyHost { data.character?.testHeader.name }

        // The root's `character(id:"1")` is written: the body read its `character(id:"9")`.
        let other = TestHeaderQuery(id: "1")
        let otherFirst = try await environment.commitResponse(other, Self.header(id: "1"))
        #expect(otherFirst.notified.map(\.description) == ["client:root.character(id:\"1\")"])
        #expect(host.invalidations == 0)

        // Character 1's name changes: the body read character 9's.
        let otherName = try await environment.commitResponse(other, Self.header(name: "Director", id: "1"))
        #expect(otherName.notified.map(\.description) == ["Character:1.name"])
        #expect(host.invalidations == 0)

        let ownName = try await environment.commitResponse(operation, Self.header(name: "Director"))
        #expect(ownName.notified.map(\.description) == ["Character:9.name"])
        #expect(host.invalidations == 1)
        #expect(host.flush())
        #expect(host.output == "Director")
    }

    /// `Observations` (which tracks willSet and didSet) follows a field through its changes.
    @Test(.timeLimit(.minutes(1))) func observationsSequenceFollowsAField() async throws {
        let environment = Environment()
        try await environment.commitResponse(operation, Self.header())
        let data = environment.data(for: operation)
        let names = Observations { data.character?.testHeader.name ?? "" }
        var iterator = names.makeAsyncIterator()
        #expect(await iterator.next() == "Agency Director")
        try await environment.commitResponse(operation, Self.header(status: "Alive"))
        try await environment.commitResponse(operation, Self.header(name: "Director", status: "Alive"))
        #expect(await iterator.next() == "Director")
    }

    @Test func identicalRefetchNotifiesNothing() async throws {
        let environment = Environment()
        var events: [LogEvent] = []
        environment.log = { events.append($0) }
        try await environment.commitResponse(operation, Self.header())
        let data = environment.data(for: operation)
        let host = BodyHost {
            (data.character?.testHeader.name, data.character?.testHeader.status, data.character?.testHeader.origin?.name)
        }
        let again = try await environment.commitResponse(operation, Self.header())
        #expect(again.changed == 0)
        #expect(events.last == .committed(kind: .server, changed: 0))
        #expect(host.invalidations == 0)
        #expect(!host.flush())
        #expect(host.runs == 1)
    }

    /// A body that attaches its handle on every run (as a view resolving its operation does) depends
    /// on the phase it reads, not on what the availability check read: attaching a settled handle
    /// again walks nothing, so a change to a field the body never read leaves it alone.
    @Test func reattachingASettledHandleLeavesTheBodyToThePhase() async throws {
        let environment = Environment(transport: SilentTransport())
        try await environment.commitResponse(operation, Self.header())
        let handle = environment.handle(for: operation)
        let retention = handle.retain()
        let operation = operation
        let host = BodyHost { environment.handle(for: operation).phase.kind }
        #expect(host.output == .ready)

        // The check read the name; the body read only the phase.
        let nameChange = try await environment.commitResponse(operation, Self.header(name: "Director"))
        #expect(nameChange.notified.map(\.description) == ["Character:9.name"])
        #expect(host.invalidations == 0)
        // Settled again at the end of that commit: the next attach is ready over the new name.
        #expect(environment.handle(for: operation).phase.data?.character?.testHeader.name == "Director")
        _ = retention
    }

    /// The unchanged-refetch shortcut holds only while the store is as that response left it: once
    /// another batch wrote, the same bytes are read and committed again, and undo that write.
    @Test func sameBytesAfterTheStoreMovedAreCommittedAgain() async throws {
        let environment = Environment()
        try await environment.commitResponse(operation, Self.header())
        let data = environment.data(for: operation)
        let host = BodyHost { data.character?.testHeader.status }
        // A batch the environment does not see as a response: the store moves under the kept one.
        let changes = try Ingest.changeSet(
            Self.header(status: "Alive").bytes, plan: TestHeaderQuery.plan,
            variables: operation.variables, complete: true)
        environment.store.commit(changes)
        #expect(host.invalidations == 1)
        await host.settle()
        #expect(host.output == "Alive")

        let again = try await environment.commitResponse(operation, Self.header())
        #expect(again.notified.map(\.description) == ["Character:9.status"])
        await host.settle()
        #expect(host.output == "Dead")
        // Now the store is as that response left it: the same bytes once more change nothing.
        let third = try await environment.commitResponse(operation, Self.header())
        #expect(third.changed == 0)
        #expect(host.invalidations == 2)
    }

    /// Another operation's response in between: the same bytes for the first operation are committed
    /// again (from the change set kept for them), undoing what the other wrote and nothing else.
    @Test func sameBytesAfterAnotherResponseUndoItsWrite() async throws {
        let environment = Environment()
        try await environment.commitResponse(operation, Self.header())
        let data = environment.data(for: operation)
        let host = BodyHost { (data.character?.testHeader.name, data.character?.testHeader.status) }
        let other = TestHeaderQuery(id: "10")
        let otherPayload = Payload(
            json: """
                {"data":{"character":{"name":"Agency Director","status":"Alive","species":"Human",\
                "image":"9.jpeg","origin":{"name":"Earth (Replacement Dimension)","id":"20"},"id":"9"}}}
                """)
        let moved = try await environment.commitResponse(other, otherPayload)
        #expect(moved.notified.map(\.description).sorted() == ["Character:9.status", "client:root.character(id:\"10\")"])
        #expect(host.invalidations == 1)
        await host.settle()

        let again = try await environment.commitResponse(operation, Self.header())
        #expect(again.notified.map(\.description) == ["Character:9.status"])
        #expect(host.invalidations == 2)
        await host.settle()
        #expect(host.output.1 == "Dead")
        let third = try await environment.commitResponse(operation, Self.header())
        #expect(third.changed == 0)
        #expect(host.invalidations == 2)
    }

    @Test func newRecordsNotifyNobody() async throws {
        let environment = Environment()
        let first = try await environment.commitResponse(operation, Self.header())
        // Only the root existed before: its link slot is the one change in a record already there.
        #expect(first.notified.map(\.description) == ["client:root.character(id:\"9\")"])
    }

    @Test func oneBatchRerunsABodyOnce() async throws {
        let environment = Environment()
        try await environment.commitResponse(operation, Self.header())
        let data = environment.data(for: operation)
        let host = BodyHost { (data.character?.testHeader.name, data.character?.testHeader.status) }
        let both = try await environment.commitResponse(operation, Self.header(name: "A", status: "B"))
        #expect(both.changed == 2)
        #expect(host.invalidations == 1)
        #expect(host.flush())
        #expect(!host.flush())
        #expect(host.runs == 2)
    }

    @Test func bodyReadingALinkRerunsWhenItRetargets() async throws {
        let environment = Environment()
        try await environment.commitResponse(operation, Self.header())
        let data = environment.data(for: operation)
        let host = BodyHost { data.character?.testHeader.origin?.name }
        let moved = Payload(
            json: """
                {"data":{"character":{"name":"Agency Director","status":"Dead","species":"Human",\
                "image":"9.jpeg","origin":{"name":"Citadel","id":"3"},"id":"9"}}}
                """)
        let result = try await environment.commitResponse(operation, moved)
        #expect(result.notified.map(\.description) == ["Character:9.origin"])
        #expect(host.flush())
        #expect(host.output == "Citadel")
    }

    @Test func fieldErrorChangesNotifyTheirSlot() async throws {
        let environment = Environment()
        let strict = TestStrictQuery(id: "1")
        try await environment.commitResponse(strict, Payload(json: #"{"data":{"character":{"id":"1","name":null,"species":"Human"}}}"#))
        let data = environment.data(for: strict)
        let host = BodyHost { data.character?.nameError?.message }
        #expect(host.output == nil)
        let hidden = try await environment.commitResponse(strict, Payload(try Fixtures.bytes("tests/character-name-hidden.json")))
        #expect(hidden.notified.map(\.description) == ["Character:1.name"])
        #expect(host.flush())
        #expect(host.output == "name hidden")
        // The same value without the error clears it, and tells the reader.
        let answered = try await environment.commitResponse(
            strict, Payload(json: #"{"data":{"character":{"id":"1","name":null,"species":"Human"}}}"#))
        #expect(answered.notified.map(\.description) == ["Character:1.name"])
        #expect(host.flush())
        #expect(host.output == nil)
    }

    @Test func optimisticLayerAppliesRevertsAndRebases() throws {
        let environment = Environment()
        let store = environment.store
        store.commit(
            try Ingest.changeSet(
                Array(Self.header().bytes), plan: TestHeaderQuery.plan,
                variables: operation.variables, complete: true))
        let data = environment.data(for: operation)
        let host = BodyHost { data.character?.testHeader.name }

        let renamed = try Ingest.changeSet(
            Array(#"{"data":{"character":{"id":"9","name":"Optimistic"}}}"#.utf8),
            plan: TestHeaderQuery.plan, variables: operation.variables, complete: false)
        let (layer, applied) = store.applyOptimistic(renamed)
        #expect(applied.notified.map(\.description) == ["Character:9.name"])
        #expect(host.flush())
        #expect(host.output == "Optimistic")

        // A server batch beneath the layer changes status only; the layer still shows its name.
        let server = store.commit(
            try Ingest.changeSet(
                Array(Self.header(status: "Alive").bytes),
                plan: TestHeaderQuery.plan, variables: operation.variables,
                complete: true))
        #expect(server.notified.map(\.description) == ["Character:9.status"])
        #expect(!host.flush())
        #expect(host.output == "Optimistic")

        let reverted = store.revert(layer)
        #expect(reverted.notified.map(\.description) == ["Character:9.name"])
        #expect(host.flush())
        #expect(host.output == "Agency Director")
        #expect(data.character?.testHeader.status == "Alive")
    }

    @Test func resolvingALayerWithItsOwnValuesNotifiesNothing() throws {
        let environment = Environment()
        let store = environment.store
        store.commit(
            try Ingest.changeSet(
                Array(Self.header().bytes), plan: TestHeaderQuery.plan,
                variables: operation.variables, complete: true))
        let renamed = try Ingest.changeSet(
            Array(#"{"data":{"character":{"id":"9","name":"Renamed"}}}"#.utf8),
            plan: TestHeaderQuery.plan, variables: operation.variables, complete: false)
        let (layer, _) = store.applyOptimistic(renamed)
        let answer = store.resolve(layer, with: renamed)
        #expect(answer.changed == 0)
        #expect(environment.data(for: operation).character?.testHeader.name == "Renamed")
        #expect(!layer.isLive)
    }
}
