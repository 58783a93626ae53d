@_spi(Generated) import Baton
import BatonJSON
import Foundation

/// What a generated accessor returns, as the JSON a manifest row compares it with.
package protocol LensReading {
    var readJSON: JSONValue { get }
}

extension String: LensReading { package var readJSON: JSONValue { .string(self) } }
extension Int: LensReading { package var readJSON: JSONValue { .number(self) } }
extension Double: LensReading { package var readJSON: JSONValue { .number(self) } }
extension Bool: LensReading { package var readJSON: JSONValue { .bool(self) } }
extension Decimal: LensReading {
    package var readJSON: JSONValue { (try? JSONParser.parse(text: "\(self)")) ?? .null }
}

/// Absent reads as null.
extension Optional: LensReading where Wrapped: LensReading {
    package var readJSON: JSONValue { map(\.readJSON) ?? .null }
}

extension Array: LensReading where Element: LensReading {
    package var readJSON: JSONValue { .array(map(\.readJSON)) }
}

/// A lens over a record, read where a row expects an object or null: an object naming the record,
/// so a present record never equals an expected null.
package struct RecordReading: LensReading {
    let key: String?
    package var readJSON: JSONValue { key.map { .object(["__record": .string($0)]) } ?? .null }

    package static func record<L: Baton.Lens>(_ lens: L?) -> RecordReading { RecordReading(key: lens?.recordKey) }
}

/// A row's path names an element a list does not have.
struct ReadIndexError: Error, CustomStringConvertible {
    var index: Int
    var count: Int
    var description: String { "index \(index) is past the list's \(count) elements" }
}

extension Collection where Index == Int {
    /// The element at a row's list index; an index past the end fails the row instead of trapping.
    func at(_ index: Int) throws -> Element {
        guard index >= 0, index < count else { throw ReadIndexError(index: index, count: count) }
        return self[startIndex + index]
    }
}

enum ReadComparison {
    /// Whether a lens's read equals a row's value. Numbers compare by value (`2` is `2.0`, `1.50`
    /// is `1.5`), the rest structurally.
    static func matches(_ read: JSONValue, _ expected: JSONValue) -> Bool {
        switch (read.kind, expected.kind) {
        case (.number(let a), .number(let b)):
            return Decimal(string: a.text) == Decimal(string: b.text)
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { matches($0, $1) }
        case (.object(let a), .object(let b)):
            return a.count == b.count
                && a.members.allSatisfy { member in
                    b[member.key].map { matches(member.value, $0) } ?? false
                }
        default:
            return read == expected
        }
    }

    /// A value as a reason line shows it: compact JSON, cut short.
    static func spelled(_ value: JSONValue) -> String {
        shortened(String(decoding: JSONSerializer.bytes(value), as: UTF8.self))
    }

    /// A text a reason line quotes, cut to `limit` characters so one line stays readable.
    static func shortened(_ text: String, limit: Int = 160) -> String {
        text.count > limit ? String(text.prefix(limit - 3)) + "..." : text
    }
}
