// "Did you mean …?" suggestions, computed exactly as graphql-core does (`suggestion_list`,
// `did_you_mean`, `or_list`, `and_list`), so messages match the reference implementation.

public enum Suggestions {
    /// The options close enough to `input` (lexical distance at most 40% of its length plus
    /// one), closest first, ties in natural order.
    public static func list(_ input: String, _ options: some Sequence<String>) -> [String] {
        let measure = LexicalDistance(input)
        let threshold = Int(Double(input.unicodeScalars.count) * 0.4) + 1
        var found: [(String, Int)] = []
        for option in options {
            if let distance = measure.distance(to: option, threshold: threshold) {
                found.append((option, distance))
            }
        }
        found.sort { a, b in
            if a.1 != b.1 { return a.1 < b.1 }
            return naturalLess(a.0, b.0)
        }
        return found.map(\.0)
    }

    /// `" Did you mean 'A', 'B', or 'C'?"`, or "" when there is nothing to suggest (at most five).
    public static func didYouMean(_ suggestions: [String], _ subMessage: String? = nil) -> String {
        guard !suggestions.isEmpty else { return "" }
        var message = " Did you mean "
        if let subMessage { message += subMessage + " " }
        return message + orList(suggestions.prefix(5).map { "'\($0)'" }) + "?"
    }

    public static func orList(_ items: [String]) -> String { formatList("or", items) }
    public static func andList(_ items: [String]) -> String { formatList("and", items) }

    static func formatList(_ conjunction: String, _ items: [String]) -> String {
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        case 2: return "\(items[0]) \(conjunction) \(items[1])"
        default: return items.dropLast().joined(separator: ", ") + ", \(conjunction) \(items[items.count - 1])"
        }
    }

    /// graphql-core's `natural_comparison_key`: digit runs compare as numbers.
    static func naturalLess(_ a: String, _ b: String) -> Bool {
        let pa = naturalParts(a), pb = naturalParts(b)
        for (x, y) in zip(pa, pb) {
            switch (x, y) {
            case (.number(let n, let s), .number(let m, let t)):
                if n != m { return n < m }
                if s != t { return s < t }
            case (.text(let s), .text(let t)):
                if s != t { return s < t }
            // Python compares a tuple with a str only at the same index parity, which never
            // mixes; keep a total order anyway.
            case (.text, .number): return false
            case (.number, .text): return true
            }
        }
        return pa.count < pb.count
    }

    private enum Part { case text(String), number(Int, String) }

    private static func naturalParts(_ s: String) -> [Part] {
        var parts: [Part] = []
        var current = ""
        var inDigits = false
        for ch in s.unicodeScalars {
            let isDigit = ch.value >= 48 && ch.value <= 57
            if isDigit != inDigits {
                parts.append(inDigits ? .number(Int(current) ?? 0, current) : .text(current))
                current = ""
                inDigits = isDigit
            }
            current.unicodeScalars.append(ch)
        }
        parts.append(inDigits ? .number(Int(current) ?? 0, current) : .text(current))
        return parts
    }
}

/// Damerau–Levenshtein distance (adjacent swaps count as one edit), case changes counting one.
struct LexicalDistance {
    let input: String
    let inputLower: String
    let inputScalars: [UInt32]

    init(_ input: String) {
        self.input = input
        self.inputLower = input.lowercased()
        self.inputScalars = inputLower.unicodeScalars.map(\.value)
    }

    func distance(to option: String, threshold: Int) -> Int? {
        if option == input { return 0 }
        let optionLower = option.lowercased()
        if optionLower == inputLower { return 1 }
        var a = optionLower.unicodeScalars.map(\.value)
        var b = inputScalars
        if a.count < b.count { swap(&a, &b) }
        let aLen = a.count, bLen = b.count
        if aLen - bLen > threshold { return nil }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: bLen + 1), count: 3)
        for j in 0...bLen { rows[0][j] = j }
        if aLen == 0 { return bLen <= threshold ? bLen : nil }
        for i in 1...aLen {
            let up = (i - 1) % 3, cur = i % 3
            rows[cur][0] = i
            var smallest = i
            if bLen > 0 {
                for j in 1...bLen {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    var cell = min(rows[up][j] + 1, rows[cur][j - 1] + 1, rows[up][j - 1] + cost)
                    if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                        cell = min(cell, rows[(i - 2) % 3][j - 2] + 1)
                    }
                    smallest = min(smallest, cell)
                    rows[cur][j] = cell
                }
            }
            if smallest > threshold { return nil }
        }
        let distance = rows[aLen % 3][bLen]
        return distance <= threshold ? distance : nil
    }
}
