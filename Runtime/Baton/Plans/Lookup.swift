import Foundation

/// A query-root link `baton.json`'s `lookups` names (`Query.character(id:)`): when the store lacks
/// the link, the availability check binds it to the live entity the field's arguments name, so a
/// detail screen opened from a list shows cached records at once. The compiler checks the entry
/// against the schema and writes the types to try (one for a typed lookup, every member of the
/// field's interface or union for `node(id:)`) and where each key value comes from.
public struct Lookup: Sendable {
    public let types: [TypeID]
    /// In the order of the types' key fields: a variable, or a constant as the document's JSON.
    public let values: [KeySegment]

    public init(_ types: [TypeID], _ values: [KeySegment]) {
        self.types = types
        self.values = values
    }

    /// The record keys to try under `variables`, as the ingest composes keys; none when a value is
    /// null, absent, or not a string or a whole number.
    func keys(_ variables: Variables) -> [String] {
        var texts: [String] = []
        for value in values {
            guard let text = Self.keyText(value, variables) else { return [] }
            texts.append(text)
        }
        return types.map { RecordKey.entity($0.name, texts) }
    }

    static func keyText(_ value: KeySegment, _ variables: Variables) -> String? {
        switch value {
        case .variable(let name):
            switch variables[name] {
            case .string(let text)?: return text
            case .int(let number)?: return String(number)
            default: return nil
            }
        case .literal(let json):
            if json.hasPrefix("\"") { return try? JSONDecoder().decode(String.self, from: Data(json.utf8)) }
            let digits = json.hasPrefix("-") ? json.dropFirst() : Substring(json)
            return !digits.isEmpty && digits.allSatisfy(\.isASCII) && digits.allSatisfy(\.isNumber) ? json : nil
        }
    }
}
