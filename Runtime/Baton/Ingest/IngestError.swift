/// Why a response could not become a change set. Nothing of such a response is committed.
public struct IngestError: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// Not well formed, or not the shape the plan expects (a complete response missing a field).
        case malformed
        /// `data` null (or absent) with `errors`: the server refused the request.
        case request
    }

    public let kind: Kind
    public let message: String
    /// The UTF-8 offset in the response where reading stopped.
    public let offset: Int
    /// The server's errors, for a request error.
    public let errors: [ResponseError]

    init(_ kind: Kind, _ message: String, at offset: Int, errors: [ResponseError] = []) {
        self.kind = kind
        self.message = message
        self.offset = offset
        self.errors = errors
    }

    static func malformed(_ message: String, at offset: Int) -> IngestError {
        IngestError(.malformed, message, at: offset)
    }

    public var description: String { "\(kind) response at byte \(offset): \(message)" }
}
