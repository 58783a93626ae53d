import BatonSchema

/// A small deterministic generator (SplitMix64), so every run measures the same documents.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Writes valid fragments over a schema: random object and interface types, scalar fields,
/// nested links two levels deep, inline fragments on abstract types, and literal arguments
/// where a field requires them. The text is what both Baton and graphql-core validate.
struct FragmentGenerator {
    let schema: Schema
    var random: SeededGenerator

    /// The types fragments are written on: objects and interfaces with a few fields.
    let candidates: [NamedType]

    init(schema: Schema, seed: UInt64) {
        self.schema = schema
        self.random = SeededGenerator(seed: seed)
        self.candidates = schema.types.filter { type in
            (type.kind == .object || type.kind == .interface) && type.origin == .server
                && !type.name.hasPrefix("__") && type.fields.count >= 3
        }
    }

    /// One fragment on a random type, named as given: not on the mutation or subscription root,
    /// whose fields all take arguments it cannot write, which would leave only `__typename` there
    /// (refused on a root type, as Relay does).
    mutating func fragment(named name: String) -> (text: String, type: String) {
        let roots = [schema.mutationType, schema.subscriptionType].compactMap { $0 }
        var type = candidates[Int(random.next() % UInt64(candidates.count))]
        while roots.contains(type.id) { type = candidates[Int(random.next() % UInt64(candidates.count))] }
        return ("fragment \(name) on \(type.name) " + selection(on: type.id, depth: 0), type.name)
    }

    /// One fragment on the named type.
    mutating func fragment(named name: String, on type: String) -> String {
        guard let id = schema.typeIndex[type] else { fatalError("\(type) is not in the schema") }
        return "fragment \(name) on \(type) " + selection(on: id, depth: 0)
    }

    mutating func document(fragments count: Int) -> String {
        var text = ""
        for index in 0..<count {
            let type = candidates[Int(random.next() % UInt64(candidates.count))]
            text += "fragment F\(index)_\(type.name) on \(type.name) "
            text += selection(on: type.id, depth: 0)
            text += "\n"
        }
        return text
    }

    private mutating func selection(on type: TypeID, depth: Int) -> String {
        let named = schema[type]
        var parts: [String] = []
        if named.kind == .union {
            parts.append("__typename")
        } else {
            let wanted = 3 + Int(random.next() % 5)
            var used = Set<String>()
            var attempts = 0
            while parts.count < wanted && attempts < wanted * 4 {
                attempts += 1
                let field = named.fields[Int(random.next() % UInt64(named.fields.count))]
                guard !used.contains(field.name), let arguments = requiredArguments(field) else { continue }
                let target = schema[field.type.namedType]
                if target.kind.isLeaf {
                    parts.append(field.name + arguments)
                    used.insert(field.name)
                } else if depth < 2 {
                    parts.append(field.name + arguments + " " + selection(on: target.id, depth: depth + 1))
                    used.insert(field.name)
                }
            }
            if parts.isEmpty { parts.append("__typename") }
        }
        if named.kind.isAbstract, let member = schema.possibleTypes(of: type).first {
            let scalar = schema[member].fields.first { schema[$0.type.namedType].kind.isLeaf && requiredArguments($0) == "" }
            if let scalar { parts.append("... on \(schema[member].name) { \(scalar.name) }") }
        }
        return "{ " + parts.joined(separator: " ") + " }"
    }

    /// Literal values for the field's required arguments; nil when one cannot be written simply.
    private func requiredArguments(_ field: SchemaField) -> String? {
        var written: [String] = []
        for argument in field.arguments where argument.isRequired {
            let named = schema[argument.type.namedType]
            let literal: String
            switch named.name {
            case "Int": literal = "10"
            case "Float": literal = "1.5"
            case "String", "ID": literal = "\"x\""
            case "Boolean": literal = "true"
            default:
                if case .nonNull(.named) = argument.type, named.kind == .enum, let value = named.enumValues.first {
                    literal = value.name
                } else {
                    return nil
                }
            }
            if argument.type.nullable.isList { return nil }
            written.append("\(argument.name): \(literal)")
        }
        return written.isEmpty ? "" : "(" + written.joined(separator: ", ") + ")"
    }
}
