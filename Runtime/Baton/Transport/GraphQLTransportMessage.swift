/// The messages of graphql-transport-ws as this client reads and writes them. A server message is
/// read strictly: an unknown type, a missing `id` or a malformed payload is an invalid message,
/// which the protocol answers by closing with 4400. Package-visible for BatonSockets' tests, which
/// check the parser where it lived before.
package enum GraphQLTransportMessage: Equatable {
    case connectionAck
    case ping
    case pong
    /// A result: the raw bytes of `payload`, as the server wrote them.
    case next(id: String, payload: [UInt8])
    case error(id: String, errors: [ResponseError])
    case complete(id: String)

    package struct Invalid: Error {
        package let message: String
    }

    package static func parse(_ text: String) throws(Invalid) -> GraphQLTransportMessage {
        let bytes = Array(text.utf8)
        var scanner = JSONScanner(bytes)
        var type: String?
        var id: String?
        var payload: Range<Int>?
        do {
            for member in try scanner.members() {
                var value = JSONScanner(bytes, at: member.value.lowerBound)
                switch member.name {
                case "type":
                    guard value.peek() == 0x22 else { throw Invalid(message: "`type` is not a string") }
                    type = try value.string()
                case "id":
                    guard value.peek() == 0x22 else { throw Invalid(message: "`id` is not a string") }
                    id = try value.string()
                case "payload": payload = member.value
                default: continue
                }
            }
            try scanner.expectEnd()
        } catch let malformed as JSONScanner.Malformed {
            throw Invalid(message: "a message that is not a JSON object: \(malformed.message)")
        } catch let invalid as Invalid {
            throw invalid
        } catch {
            throw Invalid(message: "\(error)")
        }
        func required() throws(Invalid) -> String {
            guard let id else { throw Invalid(message: "a \(type ?? "") message without an id") }
            return id
        }
        switch type {
        case "connection_ack": return .connectionAck
        case "ping": return .ping
        case "pong": return .pong
        case "complete": return .complete(id: try required())
        case "next":
            let id = try required()
            guard let payload, bytes[payload.lowerBound] == 0x7B else {
                throw Invalid(message: "a next message whose payload is not an object")
            }
            return .next(id: id, payload: Array(bytes[payload]))
        case "error":
            let id = try required()
            guard let payload else { throw Invalid(message: "an error message without a payload") }
            do {
                return .error(id: id, errors: try errors(bytes, payload))
            } catch {
                throw Invalid(message: "an error message whose payload is not a list of errors: \(error.message)")
            }
        case nil: throw Invalid(message: "a message without a type")
        case let other?: throw Invalid(message: "Unknown message type: \(other)")
        }
    }

    /// The payload of an `error` message: a list of GraphQL errors.
    private static func errors(_ bytes: [UInt8], _ range: Range<Int>) throws(JSONScanner.Malformed) -> [ResponseError] {
        var scanner = JSONScanner(bytes, at: range.lowerBound)
        var errors: [ResponseError] = []
        for element in try scanner.elements() {
            var object = JSONScanner(bytes, at: element.lowerBound)
            var message: String?
            var path: [ResponseError.PathComponent]?
            var extensions: String?
            for member in try object.members() {
                var value = JSONScanner(bytes, at: member.value.lowerBound)
                switch member.name {
                case "message" where value.peek() == 0x22: message = try value.string()
                case "path" where value.peek() == 0x5B: path = try pathComponents(bytes, member.value)
                case "extensions": extensions = String(decoding: bytes[member.value], as: UTF8.self)
                default: continue
                }
            }
            guard let message else { throw object.fail("an error without a message") }
            errors.append(ResponseError(message: message, path: path, extensions: extensions))
        }
        return errors
    }

    /// A path; nil when a component is neither a string nor an integer (as the core reads paths).
    private static func pathComponents(_ bytes: [UInt8], _ range: Range<Int>) throws(JSONScanner.Malformed) -> [ResponseError
        .PathComponent]?
    {
        var scanner = JSONScanner(bytes, at: range.lowerBound)
        var components: [ResponseError.PathComponent] = []
        var valid = true
        for element in try scanner.elements() {
            var value = JSONScanner(bytes, at: element.lowerBound)
            if value.peek() == 0x22 {
                components.append(.key(try value.string()))
            } else if let index = value.integer(), value.index == element.upperBound {
                components.append(.index(index))
            } else {
                valid = false
            }
        }
        return valid ? components : nil
    }

    // MARK: Client messages

    package static func connectionInit(_ params: [String: String]?) -> String {
        guard let params else { return #"{"type":"connection_init"}"# }
        let members = params.keys.sorted().map { JSONText.quoted($0) + ":" + JSONText.quoted(params[$0]!) }
        return #"{"type":"connection_init","payload":{"# + members.joined(separator: ",") + "}}"
    }

    package static let pongText = #"{"type":"pong"}"#
    package static let pingText = #"{"type":"ping"}"#

    /// `subscribe` with the request's body (the transport's encoding) as its payload.
    package static func subscribe(id: String, body: [UInt8]) -> String {
        #"{"id":"# + JSONText.quoted(id) + #","type":"subscribe","payload":"# + String(decoding: body, as: UTF8.self) + "}"
    }

    package static func complete(id: String) -> String {
        #"{"id":"# + JSONText.quoted(id) + #","type":"complete"}"#
    }
}
