// "Did you mean …?" suggestions and word lists, computed exactly as graphql-core does
// (`suggestion_list`, `did_you_mean`, `natural_comparison_key`, `or_list`, `and_list`), so
// messages match the reference implementation word for word. Shared by schema building and
// document validation.

package enum Suggestions {
    /// At most this many suggestions are shown.
    package static let maxShown = 5

    /// The options close enough to `input` to be suggested: within a Damerau-Levenshtein
    /// distance of 40% of the input's length (case differences cost 1), nearest first, ties in
    /// natural order.
    package static func list(_ input: String, options: some Sequence<String>) -> [String] {
        let measure = LexicalDistance(input)
        let threshold = Int(Double(measure.inputCount) * 0.4) + 1
        var found: [(option: String, distance: Int, key: NaturalKey)] = []
        var seen = Set<String>()
        for option in options where seen.insert(option).inserted {
            if let distance = measure.distance(to: option, threshold: threshold) {
                found.append((option, distance, NaturalKey(option)))
            }
        }
        found.sort { a, b in
            if a.distance != b.distance { return a.distance < b.distance }
            return a.key < b.key
        }
        return found.map(\.option)
    }

    /// `" Did you mean 'a', 'b', or 'c'?"`, or the empty string when there is nothing to suggest.
    package static func didYouMean(_ suggestions: [String], _ subMessage: String? = nil) -> String {
        guard !suggestions.isEmpty else { return "" }
        var message = " Did you mean "
        if let subMessage { message += subMessage + " " }
        let quoted = suggestions.prefix(maxShown).map { "'\($0)'" }
        return message + orList(quoted) + "?"
    }

    /// `A`, `A or B`, `A, B, or C`.
    package static func orList(_ items: [String]) -> String { list(items, joinedWith: "or") }

    /// `A`, `A and B`, `A, B, and C`.
    package static func andList(_ items: [String]) -> String { list(items, joinedWith: "and") }

    private static func list(_ items: [String], joinedWith conjunction: String) -> String {
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        case 2: return "\(items[0]) \(conjunction) \(items[1])"
        default: return items.dropLast().joined(separator: ", ") + ", \(conjunction) " + items[items.count - 1]
        }
    }
}

/// Damerau-Levenshtein distance from one input to many options, on lowercased Unicode scalars,
/// abandoning an option as soon as every cell of a row exceeds the threshold.
struct LexicalDistance {
    let input: String
    let inputLower: String
    let inputScalars: [UInt32]
    var inputCount: Int { inputScalars.count }

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
        let aLen = a.count
        let bLen = b.count
        if aLen - bLen > threshold { return nil }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: bLen + 1), count: 3)
        for j in 0...bLen { rows[0][j] = j }
        if aLen >= 1 {
            for i in 1...aLen {
                let up = (i - 1) % 3
                let current = i % 3
                rows[current][0] = i
                var smallest = i
                if bLen >= 1 {
                    for j in 1...bLen {
                        let cost = a[i - 1] == b[j - 1] ? 0 : 1
                        var cell = min(rows[up][j] + 1, rows[current][j - 1] + 1, rows[up][j - 1] + cost)
                        if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                            cell = min(cell, rows[(i - 2) % 3][j - 2] + 1)
                        }
                        smallest = min(smallest, cell)
                        rows[current][j] = cell
                    }
                }
                if smallest > threshold { return nil }
            }
        }
        let distance = rows[aLen % 3][bLen]
        return distance <= threshold ? distance : nil
    }
}

/// A sort key comparing runs of digits by their numeric value ("Type2" before "Type10"),
/// like graphql-core's `natural_comparison_key`.
package struct NaturalKey: Comparable {
    package enum Part: Comparable {
        case text(String)
        case number(Int, String)

        package static func < (a: Part, b: Part) -> Bool {
            switch (a, b) {
            case (.text(let x), .text(let y)): return x.unicodeScalars.lexicographicallyPrecedes(y.unicodeScalars)
            case (.number(let x, let xs), .number(let y, let ys)):
                return x != y ? x < y : xs.unicodeScalars.lexicographicallyPrecedes(ys.unicodeScalars)
            // Parts alternate text/number at the same positions, so mixed pairs do not occur.
            case (.text, .number): return true
            case (.number, .text): return false
            }
        }
    }

    package let parts: [Part]

    package init(_ string: String) {
        var parts: [Part] = []
        var text = ""
        var digits = ""
        for scalar in string.unicodeScalars {
            if scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue, value >= 0, value < 10 {
                if digits.isEmpty {
                    parts.append(.text(text))
                    text = ""
                }
                digits.unicodeScalars.append(scalar)
            } else {
                if !digits.isEmpty {
                    parts.append(.number(Int(digitsValue(digits)), digits))
                    digits = ""
                }
                text.unicodeScalars.append(scalar)
            }
        }
        if !digits.isEmpty {
            parts.append(.number(Int(digitsValue(digits)), digits))
            parts.append(.text(""))
        } else {
            parts.append(.text(text))
        }
        self.parts = parts
    }

    package static func < (a: NaturalKey, b: NaturalKey) -> Bool {
        a.parts.lexicographicallyPrecedes(b.parts)
    }
}

private func digitsValue(_ digits: String) -> Int {
    var value = 0
    for scalar in digits.unicodeScalars {
        let digit = Int(scalar.properties.numericValue ?? 0)
        let (m, o1) = value.multipliedReportingOverflow(by: 10)
        let (s, o2) = m.addingReportingOverflow(digit)
        if o1 || o2 { return Int.max }
        value = s
    }
    return value
}
