@_spi(Generated) import Baton
import BatonTesting
import Foundation
import Testing

/// A handle's verdict for RootRequiredQuery's generated code: a `@required` null that bubbles to the
/// root fails the phase with `RequiredFieldError` naming its path while the data stays; a later
/// commit that supplies the field makes it ready (the `phase` script's steps 19–20).
@MainActor @Suite struct RequiredVerdictTests {
    static let nullOrigin = #"{"data":{"character":{"id":"1","name":"Rick","origin":null},"node":{"__typename":"Character","id":"1"}}}"#
    static let withOrigin =
        #"{"data":{"character":{"id":"1","name":"Rick","origin":{"id":"p1","name":"Earth (C-137)"}},"node":{"__typename":"Character","id":"1"}}}"#

    @Test func aRequiredNullAtTheRootFailsThePhaseAndAPayloadMendsIt() async throws {
        let environment = Environment(transport: RecordedTransport([RootRequiredQuery.name: Array(Self.nullOrigin.utf8)]))
        let handle = environment.handle(for: RootRequiredQuery(id: "1"))
        let retention = handle.retain()
        #expect(await wait(until: { !handle.fetch.isInFlight }))
        #expect(handle.phase.kind == .requiredField)
        #expect(
            handle.phase.error as? RequiredFieldError
                == RequiredFieldError(type: "Character", field: "origin", path: "character.origin"))
        #expect(handle.fetch.failureKind == nil)
        // The data stays in the store, and a payload with the origin makes the phase ready.
        #expect(environment.store.record(forKey: "Character:1") != nil)
        let body = BodyHost { handle.phase.kind }
        try await environment.commitPayload(RootRequiredQuery(id: "1"), Payload(json: Self.withOrigin))
        #expect(handle.phase.kind == .ready)
        #expect(handle.phase.data?.character.origin.name == "Earth (C-137)")
        #expect(body.isPending)
        _ = retention
    }
}
