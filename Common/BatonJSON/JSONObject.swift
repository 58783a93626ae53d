import BatonDiagnostics

/// One `"key": value` pair of an object, with the range of the key's spelling (quotes included)
/// so a config checker can point at an unknown or misspelled key.
package struct JSONMember: Sendable, Hashable {
    package var key: String
    package var keyRange: SourceRange
    package var value: JSONValue

    package init(key: String, keyRange: SourceRange = .empty, value: JSONValue) {
        self.key = key
        self.keyRange = keyRange
        self.value = value
    }

    /// Equality ignores the key's range, like `JSONValue`'s.
    package static func == (a: JSONMember, b: JSONMember) -> Bool {
        a.key == b.key && a.value == b.value
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(value)
    }
}

/// A JSON object: its members in written order. RFC 8259 lets a key repeat; lookups by key
/// answer the last occurrence (what JavaScript and Python do), and `duplicateMembers` lets a
/// checker report repeats.
package struct JSONObject: Sendable, Hashable {
    package var members: [JSONMember]

    package init(members: [JSONMember] = []) {
        self.members = members
    }

    package init(_ pairs: [(String, JSONValue)]) {
        self.members = pairs.map { JSONMember(key: $0.0, value: $0.1) }
    }

    package var count: Int { members.count }
    package var isEmpty: Bool { members.isEmpty }
    package var keys: [String] { members.map(\.key) }

    /// The last member named `key`. Setting replaces that member's value in place, appends a
    /// new member, or (with nil) removes every member of that name.
    package subscript(key: String) -> JSONValue? {
        get { member(named: key)?.value }
        set {
            if let newValue {
                if let index = members.lastIndex(where: { $0.key == key }) {
                    members[index].value = newValue
                } else {
                    members.append(JSONMember(key: key, value: newValue))
                }
            } else {
                members.removeAll { $0.key == key }
            }
        }
    }

    package func member(named key: String) -> JSONMember? {
        members.last { $0.key == key }
    }

    /// Members whose key was already used earlier in the object, in order.
    package var duplicateMembers: [JSONMember] {
        var seen = Set<String>()
        return members.filter { !seen.insert($0.key).inserted }
    }

    /// A dictionary view for large objects looked up many times (last occurrence wins).
    package var dictionary: [String: JSONValue] {
        Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    package init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }
}
