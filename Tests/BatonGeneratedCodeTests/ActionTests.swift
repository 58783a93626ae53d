@_spi(Generated) import Baton
import BatonTesting
import Foundation
import Testing

/// A mutation's generated `Action` and `OptimisticResponse` over in-process transports.
@MainActor @Suite struct ActionTests {
    static let rick = #"{"data":{"character":{"id":"1","name":"Rick","status":"ALIVE"}}}"#

    func seeded(_ transport: any Baton.Transport) async throws -> (Environment, CharacterQuery.Data) {
        let environment = Environment(transport: transport)
        let query = CharacterQuery(id: "1")
        try await environment.commitPayload(query, Payload(json: Self.rick))
        return (environment, environment.data(for: query))
    }

    @Test func sendsTheRequestCommitsTheResponseAndReturnsThePayloadsLens() async throws {
        let transport = RecordedTransport([
            RenameMutation.name: Array(#"{"data":{"rename":{"id":"1","name":"Rick Prime","status":"DEAD"}}}"#.utf8)
        ])
        let (environment, character) = try await seeded(transport)
        let rename = RenameMutation.Action(environment)
        let payload = try await rename(id: "1", name: "Rick Prime")
        #expect(payload.rename?.name == "Rick Prime")
        #expect(payload.rename?.status.status == .DEAD)
        #expect(character.character?.name == "Rick Prime")
        #expect(!rename.isInFlight)
        let request = try #require(transport.requests.first)
        #expect(transport.requestCount == 1)
        #expect(request.operationName == "RenameMutation")
        #expect(request.kind == .mutation)
        #expect(request.document == RenameMutation.document)
        #expect(request.variables == ["id": .string("1"), "name": .string("Rick Prime")])
    }

    @Test func theStandardEncodingSortsVariablesAfterTheDocument() throws {
        guard case .text(let text) = RenameMutation.document else {
            Issue.record("no persistConfig: the document is the text")
            return
        }
        #expect(text.hasPrefix("mutation RenameMutation($id:ID!,$name:String!){rename(id:$id,name:$name){id,name,...Status_character}}"))
        let body = String(decoding: Baton.Request(RenameMutation(id: "1", name: "R\"x")).body, as: UTF8.self)
        let quoted = text.replacingOccurrences(of: "\"", with: "\\\"")
        #expect(body == #"{"operationName":"RenameMutation","query":""# + quoted + #"","variables":{"id":"1","name":"R\"x"}}"#)
    }

    @Test func theOptimisticResponseShowsWhileInFlightAndTheServersAnswerReplacesIt() async throws {
        let transport = ScriptedTransport()
        let (environment, character) = try await seeded(transport)
        let rename = RenameMutation.Action(environment)
        #expect(!rename.isInFlight)
        let call = Task { @MainActor in
            try await rename(
                id: "1", name: "Rick Prime",
                optimistic: .init(rename: .init(id: "1", name: "Rick Prime (saving)")))
        }
        #expect(await transport.waitForRequests(1))
        #expect(rename.isInFlight)
        #expect(character.character?.name == "Rick Prime (saving)")
        #expect(character.character?.status == .ALIVE)  // left out of the optimistic response: untouched
        transport.held.last?.respond(json: #"{"data":{"rename":{"id":"1","name":"Rick Prime","status":"ALIVE"}}}"#)
        let payload = try await call.value
        #expect(payload.rename?.name == "Rick Prime")
        #expect(character.character?.name == "Rick Prime")
        #expect(!rename.isInFlight)
    }

    @Test func isInFlightIsObserved() async throws {
        let transport = ScriptedTransport()
        let (environment, _) = try await seeded(transport)
        let rename = RenameMutation.Action(environment)
        let body = BodyHost { rename.isInFlight }
        #expect(body.output == false)
        let call = Task { @MainActor in try await rename(id: "1", name: "Rick Prime") }
        #expect(await transport.waitForRequests(1))
        await body.settle()
        #expect(body.output == true)
        #expect(body.runs == 2)
        transport.held.last?.respond(json: #"{"data":{"rename":{"id":"1","name":"Rick Prime","status":"ALIVE"}}}"#)
        _ = try await call.value
        await body.settle()
        #expect(body.output == false)
        #expect(body.runs == 3)
    }

    @Test func theEnvironmentsDoorTakesAPayloadAsTheOptimisticResponse() async throws {
        let transport = ScriptedTransport()
        let (environment, character) = try await seeded(transport)
        let call = Task { @MainActor in
            try await environment.mutate(
                RenameMutation(id: "1", name: "Rick Prime"),
                optimistic: Payload(json: #"{"data":{"rename":{"id":"1","name":"Rick (by hand)"}}}"#))
        }
        #expect(await transport.waitForRequests(1))
        #expect(character.character?.name == "Rick (by hand)")
        transport.held.last?.respond(json: #"{"data":{"rename":{"id":"1","name":"Rick Prime","status":"ALIVE"}}}"#)
        #expect(try await call.value.rename?.name == "Rick Prime")
        #expect(character.character?.name == "Rick Prime")
    }

    @Test func aFailureRevertsTheLayerAndIsThrown() async throws {
        let transport = RecordedTransport { _ in throw TransportFailure() }
        let (environment, character) = try await seeded(transport)
        let rename = RenameMutation.Action(environment)
        await #expect(throws: TransportFailure.self) {
            try await rename(id: "1", name: "Rick Prime", optimistic: .init(rename: .init(id: "1", name: "Rick Prime")))
        }
        #expect(character.character?.name == "Rick")
        #expect(!rename.isInFlight)
        #expect(transport.requests.count == 1)
    }

    @Test func aHeldFailureShowsTheLayerUntilItFails() async throws {
        let transport = ScriptedTransport()
        let (environment, character) = try await seeded(transport)
        let rename = RenameMutation.Action(environment)
        let call = Task { @MainActor in
            try await rename(id: "1", name: "Rick Prime", optimistic: .init(rename: .init(id: "1", name: "Rick Prime")))
        }
        #expect(await transport.waitForRequests(1))
        #expect(character.character?.name == "Rick Prime")
        #expect(rename.isInFlight)
        transport.held.last?.refuse(TransportFailure())
        await #expect(throws: TransportFailure.self) { try await call.value }
        #expect(character.character?.name == "Rick")
        #expect(!rename.isInFlight)
    }

    @Test func aResponseThatCannotCommitRevertsTheLayerToo() async throws {
        // The response misses `name`: malformed.
        let transport = RecordedTransport([RenameMutation.name: Array(#"{"data":{"rename":{"id":"1"}}}"#.utf8)])
        let (environment, character) = try await seeded(transport)
        let rename = RenameMutation.Action(environment)
        await #expect(throws: IngestError.self) {
            try await rename(id: "1", name: "Rick Prime", optimistic: .init(rename: .init(id: "1", name: "Rick Prime")))
        }
        #expect(character.character?.name == "Rick")
    }

    @Test func anAbstractFieldNamesItsConcreteType() async throws {
        let transport = ScriptedTransport()
        let environment = Environment(transport: transport)
        let adopt = AdoptMutation.Action(environment)
        let input = PetInput(name: "Rex")
        let call = Task { @MainActor in
            try await adopt(
                input: input, withOwner: false,
                optimistic: .init(
                    adopt: .init(
                        count: 1, pet: .init(typename: .Dog, id: "d1", name: "Rex", barks: .some(nil)))))
        }
        #expect(await transport.waitForRequests(1))
        let shown = environment.data(for: AdoptMutation(input: input, withOwner: false))
        #expect(shown.adopt?.count == 1)
        #expect(shown.adopt?.pet.name == "Rex")
        #expect(shown.adopt?.pet.asDog != nil)
        #expect(shown.adopt?.pet.asDog?.barks == nil)  // an explicit null
        #expect(shown.adopt?.pet.asCat == nil)
        transport.held.last?.respond(
            json: #"{"data":{"adopt":{"count":2,"pet":{"__typename":"Cat","id":"c1","name":"Tom","lives":9},"friend":null}}}"#)
        let payload = try await call.value
        #expect(payload.adopt?.count == 2)
        #expect(payload.adopt?.pet.asCat?.lives == 9)
        #expect(payload.adopt?.pet.asDog == nil)
    }

    @Test func theBuilderRendersWhatWasSetAndLeavesTheRestOut() {
        let response = AdoptMutation.OptimisticResponse(
            adopt: .init(
                pet: .init(typename: .Cat, name: .some(nil), lives: 3), owner: .some(nil)))
        #expect(
            response.variable
                == .object([
                    "adopt": .object([
                        "pet": .object(["__typename": .string("Cat"), "name": .null, "lives": .int(3)]),
                        "owner": .null,
                    ])
                ]))
        #expect(AdoptMutation.OptimisticResponse().variable == .object([:]))
        // A union's members that implement `Pet` read `name`: the value names its member.
        let friend = AdoptMutation.OptimisticResponse.Adopt.Friend(typename: .Cat, name: "Tom")
        #expect(friend.variable == .object(["__typename": .string("Cat"), "name": .string("Tom")]))
    }

    @Test func anOperationWithoutARecordingFailsAsATransportError() async throws {
        let transport = RecordedTransport([CharacterQuery.name: Array(Self.rick.utf8)])
        let (environment, character) = try await seeded(transport)
        await #expect(throws: TransportError.self) {
            try await RenameMutation.Action(environment)(id: "1", name: "X", optimistic: .init(rename: .init(name: "X")))
        }
        #expect(character.character?.name == "Rick")
    }

    @Test func withoutATransportAMutationFailsAndLaysNothing() async throws {
        let environment = Environment()
        let rename = RenameMutation.Action(environment)
        await #expect(throws: EnvironmentError.noTransport) { try await rename(id: "1", name: "X") }
        #expect(!rename.isInFlight)
    }

    @Test func commitPayloadStillWorksWithATransport() async throws {
        let transport = RecordedTransport { _ in throw TransportFailure() }
        let (_, character) = try await seeded(transport)
        #expect(character.character?.name == "Rick")
        #expect(transport.requests.isEmpty)
    }
}
