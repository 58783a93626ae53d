import BatonJSON

/// A JSON-RPC error answer: a code from JSON-RPC 2.0 or LSP, a message, optional data.
public struct ResponseError: Error, Sendable, Equatable {
    public var code: Int
    public var message: String
    public var data: JSONValue?

    public init(code: Int, message: String, data: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    // JSON-RPC 2.0
    public static let parseErrorCode = -32700
    public static let invalidRequestCode = -32600
    public static let methodNotFoundCode = -32601
    public static let invalidParamsCode = -32602
    public static let internalErrorCode = -32603
    // LSP
    public static let serverNotInitializedCode = -32002
    public static let requestFailedCode = -32803
    public static let serverCancelledCode = -32802
    public static let contentModifiedCode = -32801
    public static let requestCancelledCode = -32800

    public static func parseError(_ message: String) -> ResponseError { ResponseError(code: parseErrorCode, message: message) }
    public static func invalidRequest(_ message: String) -> ResponseError { ResponseError(code: invalidRequestCode, message: message) }
    public static func methodNotFound(_ method: String) -> ResponseError {
        ResponseError(code: methodNotFoundCode, message: "Unhandled method \(method)")
    }
    public static func invalidParams(_ message: String) -> ResponseError { ResponseError(code: invalidParamsCode, message: message) }
    public static func internalError(_ message: String) -> ResponseError { ResponseError(code: internalErrorCode, message: message) }
    public static let serverNotInitialized = ResponseError(code: serverNotInitializedCode, message: "The server has not been initialized")
    public static let requestCancelled = ResponseError(code: requestCancelledCode, message: "Request cancelled")
    public static let contentModified = ResponseError(code: contentModifiedCode, message: "Content modified")

    public var json: JSONValue {
        var object: JSONObject = ["code": .number(code), "message": .string(message)]
        if let data { object["data"] = data }
        return .object(object)
    }
}
