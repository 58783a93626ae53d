import BatonJSON

/// A JSON-RPC request id: a number or a string (RFC: "Number or String"; null only in error
/// answers to messages whose id could not be read).
package enum RequestID: Hashable, Sendable, CustomStringConvertible {
    case number(Int)
    case string(String)

    package init?(json: JSONValue) {
        switch json.kind {
        case .number(let n):
            guard let i = n.intValue, n.isIntegerText else { return nil }
            self = .number(i)
        case .string(let s): self = .string(s)
        default: return nil
        }
    }

    package var json: JSONValue {
        switch self {
        case .number(let n): return .number(n)
        case .string(let s): return .string(s)
        }
    }

    package var description: String {
        switch self {
        case .number(let n): return String(n)
        case .string(let s): return s.debugDescription
        }
    }
}

/// One decoded JSON-RPC 2.0 message.
package enum JSONRPCMessage: Sendable, Equatable {
    case request(id: RequestID, method: String, params: JSONValue?)
    case notification(method: String, params: JSONValue?)
    case response(id: RequestID?, result: Result<JSONValue, ResponseError>)

    /// Why a body is not a usable message, with the id to answer when one could be read.
    package struct DecodingFailure: Error, Sendable {
        package var error: ResponseError
        package var id: RequestID?
    }

    /// Reads a message body: JSON syntax errors are -32700, valid JSON that is not a JSON-RPC
    /// 2.0 message is -32600 (answered with the id when it has a usable one).
    package static func decode(_ body: [UInt8]) -> Result<JSONRPCMessage, DecodingFailure> {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes: body)
        } catch {
            return .failure(
                DecodingFailure(error: .parseError("Parse error: \(error.message) (at byte \(error.range.start) of the message)"), id: nil))
        }
        return decode(value)
    }

    package static func decode(_ value: JSONValue) -> Result<JSONRPCMessage, DecodingFailure> {
        guard let object = value.objectValue else {
            let what = value.arrayValue != nil ? "batches are not supported by LSP" : "expected an object, found \(value.kindDescription)"
            return .failure(DecodingFailure(error: .invalidRequest("Invalid Request: \(what)"), id: nil))
        }
        let rawID = object["id"]
        let id = rawID.flatMap(RequestID.init(json:))
        func invalid(_ message: String) -> Result<JSONRPCMessage, DecodingFailure> {
            .failure(DecodingFailure(error: .invalidRequest("Invalid Request: \(message)"), id: id))
        }
        guard object["jsonrpc"]?.stringValue == "2.0" else { return invalid("\"jsonrpc\" must be \"2.0\"") }
        if let rawID, id == nil, !rawID.isNull { return invalid("\"id\" must be an integer or a string") }
        let params = object["params"]
        if let params, params.objectValue == nil, params.arrayValue == nil {
            return invalid("\"params\" must be an object or an array")
        }
        if let methodValue = object["method"] {
            guard let method = methodValue.stringValue else { return invalid("\"method\" must be a string") }
            if rawID == nil { return .success(.notification(method: method, params: params)) }
            guard let id else { return invalid("\"id\" must be an integer or a string") }
            return .success(.request(id: id, method: method, params: params))
        }
        // A response to a request the server sent.
        if let result = object["result"] {
            return .success(.response(id: id, result: .success(result)))
        }
        if let error = object["error"]?.objectValue, let code = error["code"]?.intValue {
            let message = error["message"]?.stringValue ?? ""
            return .success(.response(id: id, result: .failure(ResponseError(code: code, message: message, data: error["data"]))))
        }
        return invalid("neither a request, a notification nor a response")
    }

    package var json: JSONValue {
        switch self {
        case .request(let id, let method, let params):
            var object: JSONObject = ["jsonrpc": "2.0", "id": id.json, "method": .string(method)]
            if let params { object["params"] = params }
            return .object(object)
        case .notification(let method, let params):
            var object: JSONObject = ["jsonrpc": "2.0", "method": .string(method)]
            if let params { object["params"] = params }
            return .object(object)
        case .response(let id, let result):
            var object: JSONObject = ["jsonrpc": "2.0", "id": id?.json ?? .null]
            switch result {
            case .success(let value): object["result"] = value
            case .failure(let error): object["error"] = error.json
            }
            return .object(object)
        }
    }
}
