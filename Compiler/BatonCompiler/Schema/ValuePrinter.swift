import BatonSyntax

// Values printed the way graphql-core's `print_for_error` prints them in messages
// (`{ b: 1, c: 2 }`, `[1, "x"]`), including its wrapping of long objects onto lines.

public enum ValuePrinter {
    public static func print(_ value: Value) -> String {
        switch value.kind {
        case .variable(let name): return "$" + name
        case .int(let text), .float(let text): return text
        case .string(let s, let block): return block ? blockString(s) : quoted(s)
        case .boolean(let b): return b ? "true" : "false"
        case .null: return "null"
        case .enumValue(let name): return name
        case .list(let items): return "[" + items.map(print).joined(separator: ", ") + "]"
        case .object(let fields):
            let printed = fields.map { "\($0.name.value): \(print($0.value))" }
            let joinedLength = printed.reduce(0) { $0 + $1.count } + max(0, printed.count - 1) * 2
            if 4 + joinedLength > 80 {
                let body = printed.map { "  " + $0.split(separator: "\n", omittingEmptySubsequences: false)
                    .joined(separator: "\n  ") }
                return "{\n" + body.joined(separator: "\n") + "\n}"
            }
            return "{ " + printed.joined(separator: ", ") + " }"
        }
    }

    /// A GraphQL string literal with graphql-core's escapes.
    public static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar.value {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x08: out += "\\b"
            case 0x09: out += "\\t"
            case 0x0A: out += "\\n"
            case 0x0C: out += "\\f"
            case 0x0D: out += "\\r"
            case 0x00...0x1F, 0x7F...0x9F:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    static func blockString(_ s: String) -> String {
        var escaped = ""
        var quotes = 0
        for ch in s.unicodeScalars {
            if ch == "\"" {
                quotes += 1
                if quotes == 3 { escaped += "\\\"\"\""; quotes = 0 }
                continue
            }
            escaped += String(repeating: "\"", count: quotes)
            quotes = 0
            escaped.unicodeScalars.append(ch)
        }
        escaped += String(repeating: "\"", count: quotes)
        let multiline = escaped.contains("\n") || s.count > 70 || s.hasSuffix("\"") || s.hasSuffix("\\")
        return multiline ? "\"\"\"\n" + escaped + "\n\"\"\"" : "\"\"\"" + escaped + "\"\"\""
    }
}
