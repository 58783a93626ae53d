import Baton
import Testing

@testable import BatonSockets

/// graphql-transport-ws messages as the client reads and writes them.
@Suite struct GraphQLTransportMessageTests {
    @Test func serverMessagesParse() throws {
        #expect(try GraphQLTransportMessage.parse(#"{"type":"connection_ack"}"#) == .connectionAck)
        #expect(try GraphQLTransportMessage.parse(#" {"type":"ping","payload":{"x":1}} "#) == .ping)
        #expect(try GraphQLTransportMessage.parse(#"{"id":"1","type":"complete"}"#) == .complete(id: "1"))
        // The payload is the server's own bytes, spacing and all.
        #expect(
            try GraphQLTransportMessage.parse(#"{"id":"7","type":"next","payload":{"data": {"countdown":3}}}"#)
                == .next(id: "7", payload: Array(#"{"data": {"countdown":3}}"#.utf8)))
    }

    @Test func errorPayloadsBecomeResponseErrors() throws {
        let text = #"""
            {"id":"bad","type":"error","payload":[{"message":"Cannot query field 'nope' on type 'Subscription'.","locations":[{"line":1,"column":16}]},{"message":"caf\u00e9 \ud83d\ude00","path":["a",0,"b"],"extensions":{"code":"X"}}]}
            """#
        let message = try GraphQLTransportMessage.parse(text)
        #expect(
            message
                == .error(
                    id: "bad",
                    errors: [
                        ResponseError(message: "Cannot query field 'nope' on type 'Subscription'.", path: nil),
                        ResponseError(message: "café 😀", path: [.key("a"), .index(0), .key("b")], extensions: #"{"code":"X"}"#),
                    ]))
    }

    @Test(arguments: [
        (#"{"type":"bogus"}"#, "Unknown message type: bogus"),
        (#"{"id":"1"}"#, "without a type"),
        (#"{"type":"next","payload":{}}"#, "without an id"),
        (#"{"type":"complete"}"#, "without an id"),
        (#"{"id":"1","type":"next","payload":[1]}"#, "not an object"),
        (#"{"id":"1","type":"next"}"#, "not an object"),
        (#"{"id":"1","type":"error","payload":{"message":"x"}}"#, "not a list of errors"),
        (#"{"id":"1","type":"error","payload":[{"path":[]}]}"#, "without a message"),
        (#"{"id":1,"type":"complete"}"#, "`id` is not a string"),
        (#"{"type":"ping""#, "not a JSON object"),
        (#"{"type":"ping"} x"#, "not a JSON object"),
        (#"[]"#, "not a JSON object"),
        (#"{"type":"ping","payload":{"a":tru}}"#, "not a JSON object"),
        (#"{"type":"ping","payload":"\ud800"}"#, "not a JSON object"),
    ])
    func invalidMessagesAreRefused(_ text: String, _ expected: String) {
        do {
            _ = try GraphQLTransportMessage.parse(text)
            Issue.record("\(text) parsed")
        } catch {
            #expect(error.message.contains(expected), "\(text): \(error.message)")
        }
    }

    @Test func deepNestingIsRefused() {
        let text = #"{"type":"ping","payload":"# + String(repeating: "[", count: 300) + String(repeating: "]", count: 300) + "}"
        #expect(throws: GraphQLTransportMessage.Invalid.self) { try GraphQLTransportMessage.parse(text) }
    }

    @Test func clientMessages() {
        #expect(GraphQLTransportMessage.connectionInit(nil) == #"{"type":"connection_init"}"#)
        #expect(
            GraphQLTransportMessage.connectionInit(["b": "2", "a": "\"1\""])
                == #"{"type":"connection_init","payload":{"a":"\"1\"","b":"2"}}"#)
        let request = Request(
            operationName: "Countdown", kind: .subscription,
            document: .text("subscription Countdown($start:Int!){countdown(start:$start)}"),
            variables: ["start": .int(3)])
        #expect(
            GraphQLTransportMessage.subscribe(id: "1", body: request.body)
                == #"{"id":"1","type":"subscribe","payload":{"operationName":"Countdown","query":"subscription Countdown($start:Int!){countdown(start:$start)}","variables":{"start":3}}}"#
        )
        #expect(GraphQLTransportMessage.complete(id: "1") == #"{"id":"1","type":"complete"}"#)
    }
}
