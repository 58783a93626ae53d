import BatonDiagnostics

/// A JSON value as read from a text (with the range it was spelled at) or built in code
/// (with an empty range).
///
/// Equality and hashing compare structure only, never ranges: two documents spelling the
/// same value with different whitespace are equal. Numbers compare by their text, so `1`
/// and `1.0` differ (the text is what a config or a protocol message actually said).
package struct JSONValue: Sendable {
    package enum Kind: Sendable {
        case null
        case bool(Bool)
        case number(JSONNumber)
        case string(String)
        case array([JSONValue])
        case object(JSONObject)
    }

    package var kind: Kind
    /// UTF-8 offsets of the value's spelling, quotes and brackets included.
    package var range: SourceRange

    package init(_ kind: Kind, range: SourceRange = .empty) {
        self.kind = kind
        self.range = range
    }

    // MARK: Building values in code

    package static let null = JSONValue(.null)
    package static func bool(_ value: Bool) -> JSONValue { JSONValue(.bool(value)) }
    package static func string(_ value: String) -> JSONValue { JSONValue(.string(value)) }
    package static func number(_ value: Int) -> JSONValue { JSONValue(.number(JSONNumber(value))) }
    /// A non-finite double has no JSON spelling and becomes `null`.
    package static func number(_ value: Double) -> JSONValue {
        guard let number = JSONNumber(value) else { return .null }
        return JSONValue(.number(number))
    }
    package static func array(_ values: [JSONValue]) -> JSONValue { JSONValue(.array(values)) }
    package static func object(_ object: JSONObject) -> JSONValue { JSONValue(.object(object)) }

    // MARK: Reading values

    package var isNull: Bool { if case .null = kind { return true } else { return false } }
    package var boolValue: Bool? { if case .bool(let b) = kind { return b } else { return nil } }
    package var numberValue: JSONNumber? { if case .number(let n) = kind { return n } else { return nil } }
    package var intValue: Int? { numberValue?.intValue }
    package var doubleValue: Double? { numberValue?.doubleValue }
    package var stringValue: String? { if case .string(let s) = kind { return s } else { return nil } }
    package var arrayValue: [JSONValue]? { if case .array(let a) = kind { return a } else { return nil } }
    package var objectValue: JSONObject? { if case .object(let o) = kind { return o } else { return nil } }

    /// The member named `key` when this is an object holding it.
    package subscript(key: String) -> JSONValue? {
        objectValue?[key]
    }

    /// The element at `index` when this is an array long enough.
    package subscript(index: Int) -> JSONValue? {
        guard let array = arrayValue, array.indices.contains(index) else { return nil }
        return array[index]
    }

    /// The kind's name as messages say it: "an object", "a string", ...
    package var kindDescription: String {
        switch kind {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// Where the value is spelled, for diagnostics about a parsed document.
    package func location(in source: Source) -> Location {
        Location(source: source, range: range)
    }
}

extension JSONValue: Equatable, Hashable {
    package static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a.kind, b.kind) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)): return x == y
        default: return false
        }
    }

    package func hash(into hasher: inout Hasher) {
        switch kind {
        case .null: hasher.combine(0)
        case .bool(let b):
            hasher.combine(1)
            hasher.combine(b)
        case .number(let n):
            hasher.combine(2)
            hasher.combine(n)
        case .string(let s):
            hasher.combine(3)
            hasher.combine(s)
        case .array(let a):
            hasher.combine(4)
            hasher.combine(a)
        case .object(let o):
            hasher.combine(5)
            hasher.combine(o)
        }
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    package init(nilLiteral: ()) { self = .null }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(integerLiteral value: Int) { self = .number(value) }
    package init(floatLiteral value: Double) { self = .number(value) }
    package init(stringLiteral value: String) { self = .string(value) }
    package init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// Keeps the literal's order.
    package init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements))
    }
}

extension JSONValue: CustomStringConvertible {
    /// The compact serialization.
    package var description: String { serialized() }
}
