@_spi(Generated) import Baton
import BatonTesting
import Foundation
import Testing

/// The transport's one verb, the request and its standard encoding, and the test transports.
@MainActor @Suite struct TransportTests {
    struct Refused: Error, Equatable {}

    static func request(
        _ name: String = "TestPinnedCharacter", kind: OperationKind = .query,
        document: Document = .text("query TestPinnedCharacter($id:ID!){character(id:$id){id,name,status}}"),
        variables: Variables = ["id": "1"], onError: String? = nil
    ) -> Request {
        Request(operationName: name, kind: kind, document: document, variables: variables, onError: onError)
    }

    @Test func theStandardEncodingIsByteExact() {
        let body = String(decoding: Encoding.standard.encode(Self.request()), as: UTF8.self)
        #expect(
            body
                == #"{"operationName":"TestPinnedCharacter","query":"query TestPinnedCharacter($id:ID!){character(id:$id){id,name,status}}","variables":{"id":"1"}}"#
        )
        #expect(Self.request().body == Encoding.standard.encode(Self.request()))
    }

    /// The `transport` script's last step: a handle's request as sent, an unset variable as null.
    @Test func theTransportScriptsUnsetVariableIsSentAsNull() async throws {
        let transport = ScriptedTransport()
        let environment = Environment(transport: transport)
        let handle = environment.handle(for: TestKeys(id: "7", name: nil), fetchPolicy: .networkOnly)
        #expect(await wait(until: { transport.requestCount == 1 }))
        let body = String(decoding: transport.requests[0].body, as: UTF8.self)
        #expect(
            body
                == #"{"operationName":"TestKeys","query":"query TestKeys($id:ID!,$name:String){search(name:\"$0.00\"){__typename,...on Node{__isNode:__typename,id}},character(id:\"a,b\"){name,id},charactersByIds(ids:[$id,\"2\"]){name,id},characters(filter:{status:\"Alive\",name:$name}){info{count}}}","variables":{"id":"7","name":null}}"#
        )
        #expect(transport.requests[0].kind == .query)
        #expect(handle.phase.kind == .loading)
    }

    @Test func variablesAreSortedAndOnErrorComesLast() {
        let request = Self.request(variables: ["status": "DEAD", "any": .list(["a", 1]), "name": nil], onError: "NO_PROPAGATE")
        let body = String(decoding: request.body, as: UTF8.self)
        #expect(body.hasSuffix(#","variables":{"any":["a",1],"name":null,"status":"DEAD"},"onError":"NO_PROPAGATE"}"#))
    }

    /// An operation value generated under `onError` carries it; its request sends it last.
    @Test func anOperationsOnErrorIsSent() {
        struct NullingHeader: Baton.Query {
            static let name = "TestHeaderQuery"
            static let document = TestHeaderQuery.document
            static let plan = TestHeaderQuery.plan
            static let onError: Baton.ErrorBehavior? = .null
            var variables: Baton.Variables { ["id": "5"] }
            typealias Data = TestHeaderQuery.Data
        }
        #expect(Request(NullingHeader()).onError == "NULL")
        #expect(String(decoding: Request(NullingHeader()).body, as: UTF8.self).hasSuffix(#""variables":{"id":"5"},"onError":"NULL"}"#))
        #expect(Request(TestHeaderQuery(id: "5")).onError == nil)
    }

    @Test func aPersistedDocumentIsSentByItsID() {
        let body = String(decoding: Self.request(document: .persisted(id: "abc123")).body, as: UTF8.self)
        #expect(body == #"{"operationName":"TestPinnedCharacter","documentId":"abc123","variables":{"id":"1"}}"#)
    }

    @Test func theEncodingIsReplaceable() {
        let plain = Encoding { request in Array("\(request.operationName)|\(request.kind)".utf8) }
        #expect(String(decoding: plain.encode(Self.request(kind: .mutation)), as: UTF8.self) == "TestPinnedCharacter|mutation")
    }

    @Test func anOperationsRequestSaysWhetherItMayAnswerInParts() {
        #expect(!Request(EnvironmentFixtures.header("5")).answersInParts)
        #expect(Request(EnvironmentFixtures.header("5")).kind == .query)
        #expect(Request(EnvironmentFixtures.header("5")).variables == ["id": "5"])
    }

    @Test func payloadReadsTheSingleAnswerAndAnEmptyStreamIsATransportError() async throws {
        let recorded = RecordedTransport(["TestPinnedCharacter": Array(#"{"data":{}}"#.utf8)])
        #expect(try await recorded.payload(Self.request()).bytes == Array(#"{"data":{}}"#.utf8))
        struct Empty: Transport {
            func send(_ request: Request) -> AsyncThrowingStream<Payload, any Error> { AsyncThrowingStream { $0.finish() } }
        }
        await #expect(throws: TransportError.self) { try await Empty().payload(Self.request()) }
    }

    @Test func recordedAnswersByNameOrResponderAndKeepsRequests() async throws {
        let recorded = RecordedTransport(["TestPinnedCharacter": Array("{}".utf8)])
        _ = try await recorded.payload(Self.request())
        let unknown = await #expect(throws: TransportError.self) { try await recorded.payload(Self.request("Other")) }
        #expect(unknown?.statusCode == 0)
        #expect(recorded.requestCount == 2)
        #expect(recorded.requests.map(\.operationName) == ["TestPinnedCharacter", "Other"])
        let responder = RecordedTransport { request in
            if request.kind == .mutation { throw Refused() }
            return Array(request.operationName.utf8)
        }
        #expect(try await responder.payload(Self.request()).bytes == Array("TestPinnedCharacter".utf8))
        await #expect(throws: Refused.self) { try await responder.payload(Self.request(kind: .mutation)) }
    }

    @Test func scriptedAnswersQueriesFromItsMapAndHoldsTheRest() async throws {
        let scripted = ScriptedTransport(responses: ["TestPinnedCharacter": Array("{}".utf8)], holding: ["Held"])
        #expect(try await scripted.payload(Self.request()).bytes == Array("{}".utf8))
        #expect(scripted.held.isEmpty)
        let mutation = Task { try await scripted.payload(Self.request("Save", kind: .mutation)) }
        let named = Task { try await scripted.payload(Self.request("Held")) }
        #expect(await wait(until: { scripted.held.count == 2 }))
        #expect(scripted.requests(.mutation).map(\.operationName) == ["Save"])
        #expect(scripted.requests(.query).map(\.operationName) == ["TestPinnedCharacter", "Held"])
        scripted.held.first { $0.request.operationName == "Save" }?.respond(json: "saved")
        scripted.held.first { $0.request.operationName == "Held" }?.refuse(Refused())
        #expect(try await mutation.value.bytes == Array("saved".utf8))
        await #expect(throws: Refused.self) { try await named.value }
        #expect(scripted.waiting.isEmpty)
    }

    @Test func scriptedDrivesSubscriptionStreams() async throws {
        let scripted = ScriptedTransport()
        let stream = scripted.send(Self.request("Live", kind: .subscription))
        let collected = Task { () -> ([String], (any Error)?) in
            var events: [String] = []
            do {
                for try await event in stream { events.append(String(decoding: event.bytes, as: UTF8.self)) }
                return (events, nil)
            } catch { return (events, error) }
        }
        #expect(scripted.driven.count == 1)
        scripted.driven[0].send(json: "one")
        scripted.driven[0].send(json: "two")
        scripted.driven[0].fail(Refused())
        let (events, failure) = await collected.value
        #expect(events == ["one", "two"])
        #expect(failure is Refused)
        #expect(scripted.requests(.subscription).count == 1)
    }

    @Test func silentNeverAnswersAndWaitTimesOut() async {
        let silent = SilentTransport()
        let answered = Task { try? await silent.payload(Self.request()) }
        var done = false
        let outcome = await wait(until: { done }, timeout: .milliseconds(50))
        #expect(!outcome)
        answered.cancel()
        done = true
        #expect(await wait(until: { done }, timeout: .milliseconds(50)))
    }
}
