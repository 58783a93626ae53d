/// A variable's value as an operation carries it: JSON. Generated operation values build these
/// from their Swift properties; storage keys render them (object keys sorted).
public indirect enum VariableValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case float(Double)
    case string(String)
    case list([VariableValue])
    case object([String: VariableValue])

    /// The JSON text used inside storage keys: compact, object keys sorted by byte order.
    public var keyText: String {
        var out = ""
        appendKeyText(to: &out)
        return out
    }

    func appendKeyText(to out: inout String) {
        switch self {
        case .null: out.append("null")
        case .bool(let value): out.append(value ? "true" : "false")
        case .int(let value): out.append(String(value))
        case .float(let value): out.append(JSONText.float(value))
        case .string(let value): out.append(JSONText.quoted(value))
        case .list(let values):
            out.append("[")
            for (offset, value) in values.enumerated() {
                if offset > 0 { out.append(",") }
                value.appendKeyText(to: &out)
            }
            out.append("]")
        case .object(let members):
            out.append("{")
            let names = members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            for (offset, name) in names.enumerated() {
                if offset > 0 { out.append(",") }
                out.append(JSONText.quoted(name))
                out.append(":")
                members[name]!.appendKeyText(to: &out)
            }
            out.append("}")
        }
    }
}

extension VariableValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByFloatLiteral, ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(floatLiteral value: Double) { self = .float(value) }
    public init(nilLiteral: ()) { self = .null }
}

/// An operation's variables by name. An absent name and `.null` both leave an argument out of a key.
public typealias Variables = [String: VariableValue]
