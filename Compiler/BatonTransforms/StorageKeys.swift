import BatonIR
import BatonSchema

/// Storage keys (GENERATED-CODE.md, "Shared file"): a field's key is its name, then, when it has arguments,
/// `(name:value,…)` with the arguments sorted by name and each value as JSON with object keys
/// sorted — `notes(after:"c2",first:2)`, `character(id:"9")`. An argument whose value is null is
/// left out (a constant `null` here, a null or absent variable when the runtime renders the key),
/// so `notes(first:2)` names the first page whether or not `after` was written; nulls inside
/// lists and objects stay. A key without variables is a constant; one with variables is a
/// template the runtime renders once per owner. A mutation-root field is keyed by its name
/// alone, or by its alias as `name(as:"alias")`.
package struct StorageKey: Hashable, Sendable {
    package var fieldName: String
    /// Sorted by name; constant nulls already left out.
    package var arguments: [KeyArgument]

    package init(fieldName: String, arguments: [KeyArgument]) {
        self.fieldName = fieldName
        self.arguments = arguments
    }

    package var isConstant: Bool { arguments.allSatisfy { $0.segments.allSatisfy { if case .literal = $0 { true } else { false } } } }

    /// The key of a field whose arguments hold no variable.
    package var constant: String? { isConstant ? render([:]) : nil }

    /// The key with the variables' values, each given as JSON text (sorted object keys); a
    /// variable that is absent or null drops an argument that is only that variable.
    package func render(_ variables: [String: String]) -> String {
        var parts: [String] = []
        for argument in arguments {
            if argument.segments.count == 1, case .variable(let name) = argument.segments[0] {
                guard let value = variables[name], value != "null" else { continue }
                parts.append(argument.name + ":" + value)
                continue
            }
            var text = argument.name + ":"
            for segment in argument.segments {
                switch segment {
                case .literal(let literal): text += literal
                case .variable(let name): text += variables[name] ?? "null"
                }
            }
            parts.append(text)
        }
        return parts.isEmpty ? fieldName : fieldName + "(" + parts.joined(separator: ",") + ")"
    }

    /// The key of a field as selected (after fragment arguments are bound).
    package static func of(_ field: IRField, schema: Schema) -> StorageKey {
        if field.parentType == schema.mutationType {
            guard let alias = field.alias, alias != field.name else { return StorageKey(fieldName: field.name, arguments: []) }
            return StorageKey(fieldName: field.name, arguments: [KeyArgument(name: "as", segments: [.literal(JSONText.string(alias))])])
        }
        let arguments = field.arguments
            .filter { !$0.value.isNull }
            .sorted { $0.name < $1.name }
            .map { KeyArgument(name: $0.name, segments: segments($0.value)) }
        return StorageKey(fieldName: field.name, arguments: arguments)
    }

    static func segments(_ value: IRValue) -> [KeySegment] {
        var result: [KeySegment] = []
        func literal(_ text: String) {
            if case .literal(let previous)? = result.last {
                result[result.count - 1] = .literal(previous + text)
            } else {
                result.append(.literal(text))
            }
        }
        func visit(_ value: IRValue) {
            switch value {
            case .variable(let name): result.append(.variable(name))
            case .list(let items):
                literal("[")
                for (i, item) in items.enumerated() {
                    if i > 0 { literal(",") }
                    visit(item)
                }
                literal("]")
            case .object(let fields):
                literal("{")
                for (i, field) in fields.sorted(by: { $0.name < $1.name }).enumerated() {
                    if i > 0 { literal(",") }
                    literal(JSONText.string(field.name) + ":")
                    visit(field.value)
                }
                literal("}")
            case .int(let text), .float(let text): literal(text)
            default: literal(JSONText.constant(value))
            }
        }
        visit(value)
        return result
    }
}

package struct KeyArgument: Hashable, Sendable {
    package var name: String
    package var segments: [KeySegment]

    package init(name: String, segments: [KeySegment]) {
        self.name = name
        self.segments = segments
    }
}

package enum KeySegment: Hashable, Sendable {
    case literal(String)
    case variable(String)
}
