@_spi(Generated) import Baton
import BatonTesting
import Foundation
import Testing

/// `@required(action: NONE/LOG)` bubbling to an operation's root, read through RootRequiredQuery's
/// and RequiredRenameMutation's generated code: a null there (or one bubbling through a required
/// link) fails the operation with the path of the first null required field, and no lens is given;
/// LOG still logs. The typed `let`s fix the accessor types (a required link reads non-optional,
/// except under `@include`/`@skip`).
@MainActor @Suite struct RootRequiredTests {
    /// The environment after committing a response for the query, and its log from then on.
    static func committed(character: String, node: String = #"{"__typename":"Character","id":"1"}"#) async throws
        -> (Environment, Events)
    {
        let environment = Environment()
        let events = Events()
        events.attach(to: environment)
        try await environment.commitResponse(
            RootRequiredQuery(id: "1"),
            Payload(json: #"{"data":{"character":\#(character),"node":\#(node)}}"#))
        events.removeAll()
        return (environment, events)
    }

    static let rick = #"{"id":"1","name":"Rick","origin":{"id":"p1","name":"Earth"}}"#

    static func logged(_ events: Events) -> [LogEvent] {
        events.all.filter { if case .requiredFieldMissing = $0 { true } else { false } }
    }

    @Test func everyRequiredFieldPresentGivesTheLens() async throws {
        let (environment, events) = try await Self.committed(character: Self.rick)
        let data: RootRequiredQuery.Data = try environment.data(for: RootRequiredQuery(id: "1"))
        let character: RootRequiredQuery.Data.Character_ = data.character
        #expect(character.name == "Rick")
        let origin: RootRequiredQuery.Data.Character_.Origin = character.origin
        #expect(origin.name == "Earth")
        // Under `@include` the required field reads optional: a field left out is absent.
        let node: RootRequiredQuery.Data.Node? = data.node
        #expect(node?.id == "1")
        #expect(events.all.isEmpty)
    }

    @Test func aNullRootFieldFailsTheOperationWithItsPath() async throws {
        let (environment, events) = try await Self.committed(character: "null")
        let failure = #expect(throws: RequiredFieldError.self) { try environment.data(for: RootRequiredQuery(id: "1")) }
        #expect(failure == RequiredFieldError(type: "Query", field: #"character(id:"1")"#, path: "character"))
        #expect(failure?.description == #"required field Query.character(id:"1") is null at character"#)
        // NONE: nothing logged.
        #expect(Self.logged(events).isEmpty)
    }

    @Test func aNullBubblingThroughARequiredLinkFailsWithTheInnermostPath() async throws {
        let (environment, events) = try await Self.committed(character: #"{"id":"1","name":"Rick","origin":null}"#)
        #expect(throws: RequiredFieldError(type: "Character", field: "origin", path: "character.origin")) {
            try environment.data(for: RootRequiredQuery(id: "1"))
        }
        #expect(Self.logged(events).isEmpty)
    }

    @Test func aLoggedNullIsLoggedAndFailsTheOperation() async throws {
        let (environment, events) = try await Self.committed(character: #"{"id":"1","name":null,"origin":{"id":"p1","name":null}}"#)
        #expect(throws: RequiredFieldError(type: "Character", field: "name", path: "character.name")) {
            try environment.data(for: RootRequiredQuery(id: "1"))
        }
        #expect(Self.logged(events) == [.requiredFieldMissing(type: "Character", path: "character.name")])

        let (other, otherEvents) = try await Self.committed(character: Self.rick, node: "null")
        #expect(throws: RequiredFieldError(type: "Query", field: #"node(id:"1")"#, path: "node")) {
            try other.data(for: RootRequiredQuery(id: "1"))
        }
        #expect(Self.logged(otherEvents) == [.requiredFieldMissing(type: "Query", path: "node")])
    }

    @Test func aFieldIncludeLeavesOutIsNotANull() async throws {
        let environment = Environment()
        let query = RootRequiredQuery(id: "1", withNode: false)
        try await environment.commitResponse(query, Payload(json: #"{"data":{"character":\#(Self.rick)}}"#))
        let data = try environment.data(for: query)
        #expect(data.character.name == "Rick")
        #expect(data.node == nil)
        // Included, the same null fails the operation.
        let included = RootRequiredQuery(id: "1", withNode: true)
        try await environment.commitResponse(included, Payload(json: #"{"data":{"character":\#(Self.rick),"node":null}}"#))
        #expect(throws: RequiredFieldError(type: "Query", field: #"node(id:"1")"#, path: "node")) { try environment.data(for: included) }
    }

    @Test func theDataStaysAndALaterResponseMakesItReadable() async throws {
        let (environment, _) = try await Self.committed(character: "null")
        let query = RootRequiredQuery(id: "1")
        #expect(throws: RequiredFieldError.self) { try environment.data(for: query) }
        try await environment.commitResponse(
            query, Payload(json: #"{"data":{"character":\#(Self.rick),"node":{"__typename":"Character","id":"1"}}}"#))
        #expect(try environment.data(for: query).character.name == "Rick")
    }

    @Test func aMutationsCallThrowsAfterCommitting() async throws {
        let transport = RecordedTransport([RequiredRenameMutation.name: Array(#"{"data":{"rename":null}}"#.utf8)])
        let environment = Environment(transport: transport)
        let events = Events()
        events.attach(to: environment)
        let rename = RequiredRenameMutation.Action(environment)
        await #expect(throws: RequiredFieldError(type: "Mutation", field: "rename", path: "rename")) {
            try await rename(id: "1", name: "Rick Prime")
        }
        #expect(Self.logged(events) == [.requiredFieldMissing(type: "Mutation", path: "rename")])
        #expect(transport.requestCount == 1)

        let answered = RecordedTransport([RequiredRenameMutation.name: Array(#"{"data":{"rename":{"id":"1","name":"Rick Prime"}}}"#.utf8)])
        let payload: RequiredRenameMutation.Data = try await RequiredRenameMutation.Action(Environment(transport: answered))(
            id: "1", name: "Rick Prime")
        let renamed: RequiredRenameMutation.Data.Rename = payload.rename
        #expect(renamed.name == "Rick Prime")
    }
}
