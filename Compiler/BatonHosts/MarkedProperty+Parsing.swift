import BatonDiagnostics

extension MarkedProperty {
    /// Declaration modifiers that may stand between a marker and `var`.
    static let modifiers: Set<String> = [
        "public", "private", "fileprivate", "internal", "open", "package", "static", "class", "final",
        "lazy", "weak", "unowned", "nonisolated", "override", "dynamic", "required", "convenience",
    ]

    /// Reads `[attributes] [modifiers] var|let name [: Type]` starting at token `first`, or
    /// nil when no property declaration follows.
    static func parse(_ tokens: [SwiftToken], _ bytes: [UInt8], from first: Int) -> MarkedProperty? {
        func text(_ k: Int) -> String { String(decoding: bytes[tokens[k].range.start..<tokens[k].range.end], as: UTF8.self) }
        func isPunctuation(_ k: Int, _ c: Character) -> Bool {
            tokens[k].kind == .punctuation && bytes[tokens[k].range.start] == c.asciiValue!
        }
        /// The index after a balanced `( … )` starting at `k`, bounded.
        func skipParentheses(_ k: Int) -> Int {
            var depth = 0
            var j = k
            while j < tokens.count && j < k + 512 {
                if tokens[j].kind == .endOfFile { return j }
                if isPunctuation(j, "(") { depth += 1 }
                if isPunctuation(j, ")") {
                    depth -= 1
                    if depth == 0 { return j + 1 }
                }
                j += 1
            }
            return j
        }

        var k = first
        var steps = 0
        while k < tokens.count && steps < 64 {
            steps += 1
            let token = tokens[k]
            if token.kind == .atSign {
                // Another attribute: `@MainActor`, `@Baton.Fragment("…")`.
                k += 1
                while k + 1 < tokens.count && tokens[k].kind == .identifier && isPunctuation(k + 1, ".") { k += 2 }
                if k < tokens.count && tokens[k].kind == .identifier { k += 1 }
                if k < tokens.count && isPunctuation(k, "(") { k = skipParentheses(k) }
                continue
            }
            guard token.kind == .identifier else { return nil }
            let word = text(k)
            if modifiers.contains(word) {
                k += 1
                // `private(set)`, `unowned(unsafe)`.
                if k < tokens.count && isPunctuation(k, "(") { k = skipParentheses(k) }
                continue
            }
            guard word == "var" || word == "let", k + 1 < tokens.count, tokens[k + 1].kind == .identifier else { return nil }
            let name = tokens[k + 1]
            var property = MarkedProperty(
                name: text(k + 1).trimmingBackticks, nameRange: name.range, type: nil, typeRange: nil)
            k += 2
            guard k < tokens.count, isPunctuation(k, ":") else { return property }
            k += 1
            // The type: tokens up to `=`, `{`, `}`, `;`, `,` or a line break, outside brackets.
            var depth = 0
            var last = -1
            var j = k
            while j < tokens.count && tokens[j].kind != .endOfFile && j < k + 256 {
                let t = tokens[j]
                if depth == 0 && last >= 0 && bytes[tokens[last].range.end..<t.range.start].contains(where: { $0 == 0x0A || $0 == 0x0D }) {
                    break
                }
                if t.kind == .atSign || t.kind == .stringLiteral { break }
                if t.kind == .punctuation {
                    let c = bytes[t.range.start]
                    if depth == 0
                        && (c == UInt8(ascii: "=") || c == UInt8(ascii: "{") || c == UInt8(ascii: "}")
                            || c == UInt8(ascii: ";") || c == UInt8(ascii: ",") || c == UInt8(ascii: ")"))
                    {
                        break
                    }
                    switch c {
                    case UInt8(ascii: "<"), UInt8(ascii: "["), UInt8(ascii: "("): depth += 1
                    case UInt8(ascii: ">"):
                        // `->` in a function type closes nothing.
                        if !(t.range.start > 0 && bytes[t.range.start - 1] == UInt8(ascii: "-")) { depth -= 1 }
                    case UInt8(ascii: "]"), UInt8(ascii: ")"): depth -= 1
                    default: break
                    }
                }
                last = j
                j += 1
            }
            if last >= k {
                let range = SourceRange(tokens[k].range.start, tokens[last].range.end)
                property.typeRange = range
                property.type = String(decoding: bytes[range.start..<range.end], as: UTF8.self)
            }
            return property
        }
        return nil
    }
}

extension String {
    var trimmingBackticks: String {
        hasPrefix("`") && hasSuffix("`") && count >= 2 ? String(dropFirst().dropLast()) : self
    }
}
