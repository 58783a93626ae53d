/// One entry of a response's `errors`, as read: its message, its path (response keys and list
/// indices, or invalid when a component is neither), and its `extensions` as JSON text.
public struct ResponseError: Sendable, Equatable {
    public enum PathComponent: Sendable, Equatable {
        case key(String)
        case index(Int)
    }

    public let message: String
    /// Nil when the error has no path, or a component of it is neither a string nor an integer.
    public let path: [PathComponent]?
    public let extensions: String?

    public init(message: String, path: [PathComponent]?, extensions: String? = nil) {
        self.message = message
        self.path = path
        self.extensions = extensions
    }

    /// The path as dumps write it: keys and non-negative indices joined by dots.
    public var dottedPath: String {
        guard let path else { return "" }
        var parts: [String] = []
        for component in path {
            switch component {
            case .key(let key): parts.append(key)
            case .index(let index) where index >= 0: parts.append(String(index))
            case .index: continue
            }
        }
        return parts.joined(separator: ".")
    }
}

/// A field error stored beside its slot: the message, the dotted path of the error as the server
/// reported it, and its `extensions` as JSON text.
public struct FieldError: Sendable, Equatable {
    public let message: String
    public let path: String
    public let extensions: String?

    public init(message: String, path: String, extensions: String? = nil) {
        self.message = message
        self.path = path
        self.extensions = extensions
    }
}
