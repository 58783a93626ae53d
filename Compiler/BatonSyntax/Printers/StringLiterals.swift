import BatonDiagnostics

/// Spelling string values as GraphQL literals, shared by both printers and by the value
/// printing of messages (BatonSchema's `ValuePrinter`).
package enum StringLiterals {
    /// The literal as written in `source`, when `range` still holds a string token whose
    /// value is `value` (a node from the parser); nil for a node built or changed later.
    static func original(of value: String, block: Bool, range: SourceRange, in source: Source) -> String? {
        let bytes = source.utf8
        guard range.start >= 0, range.end <= bytes.count, range.length >= 2, bytes[range.start] == 0x22 else {
            return nil
        }
        let token = Token(kind: block ? .blockString : .string, start: range.start, end: range.end, hasEscape: true)
        if block {
            guard range.length >= 6, bytes[range.start + 1] == 0x22, bytes[range.start + 2] == 0x22 else { return nil }
        }
        guard Lexer.value(of: token, in: source) == value else { return nil }
        return source.slice(range)
    }

    /// graphql-core's `print_string`: a `"…"` literal with `"`, `\` and control characters
    /// (C0, DEL and C1) escaped.
    package static func quoted(_ value: String) -> String {
        var out = "\""
        out.unicodeScalars.reserveCapacity(value.unicodeScalars.count + 2)
        for scalar in value.unicodeScalars {
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
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
        return out
    }

    /// graphql-core's `print_block_string`: `"""` escaped, leading/trailing newlines added
    /// where they keep the value intact or help reading (`minimize` drops the optional ones).
    package static func block(_ value: String, minimize: Bool = false) -> String {
        let escaped = value.replacingAll("\"\"\"", with: "\\\"\"\"")
        let lines = splitLines(escaped)
        let isSingleLine = lines.count == 1
        let forceLeadingNewLine =
            lines.count > 1
            && lines.dropFirst().allSatisfy { line in
                line.isEmpty || line.utf8.first == 0x20 || line.utf8.first == 0x09
            }
        let hasTrailingTripleQuotes = escaped.hasSuffix("\\\"\"\"")
        let hasTrailingQuote = value.hasSuffix("\"") && !hasTrailingTripleQuotes
        let hasTrailingSlash = value.hasSuffix("\\")
        let forceTrailingNewLine = hasTrailingQuote || hasTrailingSlash
        let printAsMultipleLines =
            !minimize
            && (!isSingleLine || value.unicodeScalars.count > 70
                || forceTrailingNewLine || forceLeadingNewLine || hasTrailingTripleQuotes)
        let first = value.utf8.first
        let skipLeadingNewLine = isSingleLine && (first == 0x20 || first == 0x09)
        let before = (printAsMultipleLines && !skipLeadingNewLine) || forceLeadingNewLine ? "\n" : ""
        let after = printAsMultipleLines || forceTrailingNewLine ? "\n" : ""
        return "\"\"\"" + before + escaped + after + "\"\"\""
    }

    /// Lines split at `\r\n`, `\n` or `\r` (GraphQL's line terminators only).
    static func splitLines(_ text: String) -> [Substring] {
        var lines: [Substring] = []
        let utf8 = text.utf8
        var lineStart = utf8.startIndex
        var i = utf8.startIndex
        while i != utf8.endIndex {
            let b = utf8[i]
            if b == 0x0A || b == 0x0D {
                lines.append(Substring(text[lineStart..<i]))
                var next = utf8.index(after: i)
                if b == 0x0D && next != utf8.endIndex && utf8[next] == 0x0A { next = utf8.index(after: next) }
                i = next
                lineStart = i
            } else {
                i = utf8.index(after: i)
            }
        }
        lines.append(Substring(text[lineStart..<utf8.endIndex]))
        return lines
    }
}

extension String {
    /// Every occurrence of `target` replaced, scanning bytes (no Foundation needed).
    package func replacingAll(_ target: String, with replacement: String) -> String {
        let t = Array(target.utf8)
        guard let first = t.first else { return self }
        return utf8.withContiguousStorageIfAvailable { input -> String in
            var out: [UInt8] = []
            var copied = 0
            var i = 0
            let n = input.count
            while i + t.count <= n {
                if input[i] == first {
                    var k = 1
                    while k < t.count && input[i + k] == t[k] { k += 1 }
                    if k == t.count {
                        if out.isEmpty { out.reserveCapacity(n + n / 8) }
                        out.append(contentsOf: input[copied..<i])
                        out.append(contentsOf: replacement.utf8)
                        i += t.count
                        copied = i
                        continue
                    }
                }
                i += 1
            }
            if copied == 0 { return self }
            out.append(contentsOf: input[copied..<n])
            return String(decoding: out, as: UTF8.self)
        }
            ?? {
                var copy = self
                copy.makeContiguousUTF8()
                return copy.replacingAll(target, with: replacement)
            }()
    }
}
