import BatonJSON

/// A JSON-RPC error answer: a code from JSON-RPC 2.0 or LSP, a message, optional data.
package struct ResponseError: Error, Sendable, Equatable {
    package var code: Int
    package var message: String
    package var data: JSONValue?

    package init(code: Int, message: String, data: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    // JSON-RPC 2.0
    package static let parseErrorCode = -32700
    package static let invalidRequestCode = -32600
    package static let methodNotFoundCode = -32601
    package static let invalidParamsCode = -32602
    package static let internalErrorCode = -32603
    // LSP
    package static let serverNotInitializedCode = -32002
    package static let requestFailedCode = -32803
    package static let serverCancelledCode = -32802
    package static let contentModifiedCode = -32801
    package static let requestCancelledCode = -32800

    package static func parseError(_ message: String) -> ResponseError { ResponseError(code: parseErrorCode, message: message) }
    package static func invalidRequest(_ message: String) -> ResponseError { ResponseError(code: invalidRequestCode, message: message) }
    package static func methodNotFound(_ method: String) -> ResponseError {
        ResponseError(code: methodNotFoundCode, message: "Unhandled method \(method)")
    }
    package static func invalidParams(_ message: String) -> ResponseError { ResponseError(code: invalidParamsCode, message: message) }
    package static func internalError(_ message: String) -> ResponseError { ResponseError(code: internalErrorCode, message: message) }
    package static let serverNotInitialized = ResponseError(code: serverNotInitializedCode, message: "The server has not been initialized")
    package static let requestCancelled = ResponseError(code: requestCancelledCode, message: "Request cancelled")
    package static let contentModified = ResponseError(code: contentModifiedCode, message: "Content modified")

    package var json: JSONValue {
        var object: JSONObject = ["code": .number(code), "message": .string(message)]
        if let data { object["data"] = data }
        return .object(object)
    }
}
