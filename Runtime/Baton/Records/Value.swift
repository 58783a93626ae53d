/// What a slot holds (a missing slot holds no `Value`): null, a scalar, a link to a record, a list of
/// links (each a record or null), or a list of scalars (each a value or null, nesting as the response
/// nested). Custom scalars and enums are strings: their text as the server wrote it.
public enum Value: Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case float(Double)
    case string(String)
    case link(Record)
    case links([Record?])
    case list([Value])

    /// The commit's equality: strings by content, floats by bits (so -0.0 differs from 0.0), links and
    /// lists of links by identity, lists of scalars by value.
    @MainActor func same(as other: Value) -> Bool {
        switch (self, other) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.float(let a), .float(let b)): return a.bitPattern == b.bitPattern
        case (.string(let a), .string(let b)): return a == b
        case (.link(let a), .link(let b)): return a === b
        case (.links(let a), .links(let b)):
            guard a.count == b.count else { return false }
            for index in a.indices where a[index] !== b[index] { return false }
            return true
        case (.list(let a), .list(let b)):
            guard a.count == b.count else { return false }
            for index in a.indices where !a[index].same(as: b[index]) { return false }
            return true
        default: return false
        }
    }
}

extension Value {
    /// A scalar (or list of scalars) the ingest decoded, as the commit writes it: no links, and
    /// text already decoded (a streamed list's values, as the response left them).
    init(decodedScalar value: IngestValue) {
        switch value {
        case .bool(let flag): self = .bool(flag)
        case .int(let number): self = .int(number)
        case .float(let number): self = .float(number)
        case .string(let text): self = .string(text)
        case .list(let values): self = .list(values.map(Value.init(decodedScalar:)))
        case .null, .text, .link, .links: self = .null
        }
    }

    /// The records a list of links holds, at any depth of lists, in order (null entries left out).
    var listedRecords: [Record] {
        switch self {
        case .links(let records): records.compactMap { $0 }
        case .list(let values): values.flatMap(\.listedRecords)
        default: []
        }
    }

    /// Whether a list of links holds `target`, at any depth of lists.
    func holds(record target: Record) -> Bool {
        switch self {
        case .links(let records): records.contains { $0 === target }
        case .list(let values): values.contains { $0.holds(record: target) }
        default: false
        }
    }
}

@MainActor func sameSlot(_ a: Value?, _ b: Value?) -> Bool {
    switch (a, b) {
    case (nil, nil): return true
    case (let a?, let b?): return a.same(as: b)
    default: return false
    }
}
