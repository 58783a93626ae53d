import BatonSyntax

// Values printed inside messages ("found: { a: 1 }"), laid out as graphql-core's `print_ast`
// does: lists and objects stay on one line up to 80 characters, longer ones break one item per
// line with two-space indentation.

public enum ValuePrinter {
    private static let maxLineLength = 80

    public static func print(_ value: Value) -> String {
        printed(value, replacingVariables: false).lines.joined(separator: "\n")
    }

    /// As graphql-core prints a literal a scalar or enum rejects, after `replace_variables`
    /// with no variable values: a variable becomes `null`, an object field holding one is left
    /// out.
    public static func printReplacingVariables(_ value: Value) -> String {
        printed(value, replacingVariables: true).lines.joined(separator: "\n")
    }

    /// A printed value as lines; `length` is graphql-core's buffer length (characters including
    /// newlines), which decides whether an enclosing list or object wraps.
    private struct Printed {
        var lines: [String]
        var length: Int

        init(_ text: String) {
            lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            length = text.unicodeScalars.count
        }

        init(lines: [String], length: Int) {
            self.lines = lines
            self.length = length
        }
    }

    private static func printed(_ value: Value, replacingVariables: Bool) -> Printed {
        switch value.kind {
        case .variable(let name): return Printed(replacingVariables ? "null" : "$" + name)
        case .int(let text), .float(let text): return Printed(text)
        case .string(let string, let block): return Printed(block ? blockString(string) : quoted(string))
        case .boolean(let b): return Printed(b ? "true" : "false")
        case .null: return Printed("null")
        case .enumValue(let name): return Printed(name)
        case .list(let values):
            let items = values.map { printed($0, replacingVariables: replacingVariables) }.filter { $0.length > 0 }
            if 2 + joinedLength(items) > maxLineLength {
                return wrapped(open: "[", items: items, close: "]")
            }
            return joinInline(open: "[", items: items, close: "]")
        case .object(let fields):
            let kept = replacingVariables ? fields.filter { $0.value.variableName == nil } : fields
            let items = kept.map { field -> Printed in
                var p = printed(field.value, replacingVariables: replacingVariables)
                let prefix = field.name.value + ": "
                p.lines[0] = prefix + p.lines[0]
                p.length += prefix.unicodeScalars.count
                return p
            }
            if 4 + joinedLength(items) > maxLineLength {
                return wrapped(open: "{", items: items, close: "}")
            }
            if items.isEmpty { return Printed("{  }") }
            return joinInline(open: "{ ", items: items, close: " }")
        }
    }

    private static func joinedLength(_ items: [Printed]) -> Int {
        var length = 0
        for item in items where item.length > 0 {
            length += (length > 0 ? 2 : 0) + item.length
        }
        return length
    }

    private static func joinInline(open: String, items: [Printed], close: String) -> Printed {
        var lines: [String] = [open]
        var length = open.unicodeScalars.count
        for (i, item) in items.enumerated() {
            if i > 0 { lines[lines.count - 1] += ", "; length += 2 }
            lines[lines.count - 1] += item.lines[0]
            lines.append(contentsOf: item.lines.dropFirst())
            length += item.length
        }
        lines[lines.count - 1] += close
        length += close.unicodeScalars.count
        return Printed(lines: lines, length: length)
    }

    /// `open`, each item on its own indented line, `close` on a line of its own.
    private static func wrapped(open: String, items: [Printed], close: String) -> Printed {
        var inner: [String] = []
        var innerLength = 0
        for (i, item) in items.enumerated() {
            if i > 0 { innerLength += 1 }
            inner.append(contentsOf: item.lines)
            innerLength += item.length
        }
        if inner.isEmpty { return Printed(lines: [open + close], length: 2) }
        innerLength += 2 * inner.count
        let lines = [open] + inner.map { "  " + $0 } + [close]
        return Printed(lines: lines, length: innerLength + 4)
    }

    /// A string literal with graphql-js's escapes.
    public static func quoted(_ string: String) -> String {
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar.value {
            case 0x08: out += "\\b"
            case 0x09: out += "\\t"
            case 0x0A: out += "\\n"
            case 0x0C: out += "\\f"
            case 0x0D: out += "\\r"
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x00...0x1F, 0x7F...0x9F:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// A block string as graphql-js's `printBlockString` writes it.
    public static func blockString(_ value: String) -> String {
        let escaped = value.replacing("\"\"\"", with: "\\\"\"\"")
        // Parsed block strings hold "\n" only; split on every terminator all the same.
        var lines: [Substring] = []
        var start = escaped.startIndex
        var index = escaped.startIndex
        while index < escaped.endIndex {
            let c = escaped[index]
            let next = escaped.index(after: index)
            if c == "\n" || c == "\r" || c == "\r\n" {
                lines.append(escaped[start..<index])
                start = next
            }
            index = next
        }
        lines.append(escaped[start..<escaped.endIndex])
        let isSingleLine = lines.count == 1
        let forceLeadingNewLine = lines.count > 1 && lines.dropFirst().allSatisfy { line in
            line.isEmpty || line.first == " " || line.first == "\t"
        }
        let hasTrailingTripleQuotes = escaped.hasSuffix("\\\"\"\"")
        let hasTrailingQuote = value.hasSuffix("\"") && !hasTrailingTripleQuotes
        let hasTrailingSlash = value.hasSuffix("\\")
        let forceTrailingNewLine = hasTrailingQuote || hasTrailingSlash
        let printAsMultipleLines = !isSingleLine || value.unicodeScalars.count > 70 || forceTrailingNewLine
            || forceLeadingNewLine || hasTrailingTripleQuotes
        let skipLeadingNewLine = isSingleLine && (value.first == " " || value.first == "\t")
        let before = (printAsMultipleLines && !skipLeadingNewLine) || forceLeadingNewLine ? "\n" : ""
        let after = printAsMultipleLines || forceTrailingNewLine ? "\n" : ""
        // The printer rejoins the lines with "\n", whatever terminators the value had.
        return "\"\"\"" + before + lines.joined(separator: "\n") + after + "\"\"\""
    }
}
