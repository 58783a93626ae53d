/// A JSON number kept as the text that spelled it, so no precision is lost before a caller
/// decides what it wants (an LSP request id, a float argument, a 64-bit id beyond Double).
package struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The number's text, valid by RFC 8259's grammar.
    package let text: String

    /// Trusts the caller that `text` follows the JSON number grammar; the parser and the
    /// numeric initializers are the only producers.
    init(validatedText text: String) {
        self.text = text
    }

    package init(_ value: Int) {
        self.text = String(value)
    }

    /// Nil for infinities and NaN, which JSON cannot spell.
    package init?(_ value: Double) {
        guard value.isFinite else { return nil }
        // Swift prints the shortest round-tripping digits; "1e+20" and "1.0" are valid JSON.
        self.text = value.description
    }

    /// A GraphQL number literal as JavaScript's `JSON.stringify` prints it back: an integral
    /// value that fits 64 bits without fraction or exponent (`2.0` → `2`), anything else as
    /// written. The range is checked before converting (no trap on `1e20`).
    package init(javaScriptLiteral text: String) {
        if let value = Double(text), value >= -9.223372036854775808e18, value < 9.223372036854775808e18,
            Double(Int64(value)) == value
        {
            self.text = String(Int64(value))
        } else {
            self.text = text
        }
    }

    /// The value as an Int when it is integral and fits: `12`, `-3`, also `1.0` and `2e3`.
    package var intValue: Int? {
        if let exact = Int(text) { return exact }
        // Range check, truncate, compare: no libm call (`rounded()` would need linking it).
        guard let double = Double(text), double >= -9.223372036854775808e18, double < 9.223372036854775808e18 else {
            return nil
        }
        let int = Int(double)
        return Double(int) == double ? int : nil
    }

    /// The nearest Double; out-of-range magnitudes give ±infinity, as `strtod` does.
    package var doubleValue: Double {
        Double(text) ?? .nan
    }

    /// Whether the text has no fraction and no exponent.
    package var isIntegerText: Bool {
        !text.utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
    }

    package var description: String { text }
}
