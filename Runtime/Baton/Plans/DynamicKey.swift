/// A storage key whose arguments use variables: a template of literal and variable segments, rendered
/// once per owner (a set of variables) and numbered by the store. Generated code declares one per key:
/// `Baton.DynamicKey(Types.Query, "character", [.init("id", [.variable("id")])])`.
public final class DynamicKey: Sendable {
    public let type: TypeID
    public let field: String
    public let arguments: [KeyArgument]

    public init(_ type: TypeID, _ field: String, _ arguments: [KeyArgument]) {
        self.type = type
        self.field = field
        self.arguments = arguments
    }

    /// The key's text under `variables`. An argument that is one variable which is null or absent is
    /// left out; with every argument left out the parentheses go too.
    public func render(_ variables: Variables) -> String {
        var parts: [String] = []
        for argument in arguments {
            if argument.segments.count == 1, case .variable(let name) = argument.segments[0] {
                let value = variables[name] ?? .null
                if value == .null { continue }
            }
            var text = argument.name + ":"
            for segment in argument.segments {
                switch segment {
                case .literal(let literal): text.append(literal)
                case .variable(let name): (variables[name] ?? .null).appendKeyText(to: &text)
                }
            }
            parts.append(text)
        }
        if parts.isEmpty { return field }
        return field + "(" + parts.joined(separator: ",") + ")"
    }
}

/// One argument of a `DynamicKey`, in the key's order (sorted by name by the compiler).
public struct KeyArgument: Sendable {
    public let name: String
    public let segments: [KeySegment]

    public init(_ name: String, _ segments: [KeySegment]) {
        self.name = name
        self.segments = segments
    }
}

/// Literal text already rendered as JSON by the compiler, or a variable rendered at run time.
public enum KeySegment: Sendable {
    case literal(String)
    case variable(String)
}
