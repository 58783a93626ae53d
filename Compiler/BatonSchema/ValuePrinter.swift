import BatonSyntax

// Values printed inside messages ("found: { a: 1 }"), laid out as graphql-core's `print_ast`
// does: lists and objects stay on one line up to 80 characters, longer ones break one item per
// line with two-space indentation.

package enum ValuePrinter {
    private static let maxLineLength = 80

    package static func print(_ value: Value) -> String {
        printed(value, replacingVariables: false).lines.joined(separator: "\n")
    }

    /// As graphql-core prints a literal a scalar or enum rejects, after `replace_variables`
    /// with no variable values: a variable becomes `null`, an object field holding one is left
    /// out.
    package static func printReplacingVariables(_ value: Value) -> String {
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
        case .string(let string, let block): return Printed(block ? StringLiterals.block(string) : StringLiterals.quoted(string))
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
            if i > 0 {
                lines[lines.count - 1] += ", "
                length += 2
            }
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
}
