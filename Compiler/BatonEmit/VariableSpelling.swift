import BatonIR
import BatonSchema

/// How a variable's (or input field's) schema type is spelled in Swift and turned into a
/// `Baton.VariableValue`. Enums go as their text, input objects as their fields, custom scalars as
/// their text.
struct VariableSpelling {
    let schema: Schema
    let references: SharedReferences

    func swiftType(_ type: SchemaType) -> String {
        Self.swiftType(type) { inputLeaf($0) }
    }

    /// The Swift type of a value of `type`: optional unless non-null, an array per list, `leaf`
    /// spelling the named type. Output values (optimistic responses) spell their own leaves.
    static func swiftType(_ type: SchemaType, leaf: (TypeID) -> String) -> String {
        switch type {
        case .nonNull(let inner): return base(inner, leaf: leaf)
        default: return base(type, leaf: leaf) + "?"
        }
    }

    private static func base(_ type: SchemaType, leaf: (TypeID) -> String) -> String {
        switch type {
        case .nonNull(let inner): return base(inner, leaf: leaf)
        case .list(let element): return "[" + swiftType(element, leaf: leaf) + "]"
        case .named(let id): return leaf(id)
        }
    }

    private func inputLeaf(_ id: TypeID) -> String {
        let named = schema[id]
        switch named.kind {
        case .enum:
            references.enums.insert(named.name)
            return LensNaming.enumTypeName(named.name)
        case .inputObject:
            noteInput(id)
            return LensNaming.inputTypeName(named.name)
        default:
            switch named.name {
            case "Int": return "Int"
            case "Float": return "Double"
            case "Boolean": return "Bool"
            default: return "String"
            }
        }
    }

    /// Records an input object and every enum and input object its fields reach.
    func noteInput(_ id: TypeID) {
        let named = schema[id]
        guard references.inputObjects.insert(named.name).inserted else { return }
        for field in named.inputFields { _ = swiftType(field.type) }
    }

    /// The expression turning `expression` (of `type`) into a `Baton.VariableValue`.
    func value(_ type: SchemaType, _ expression: String, depth: Int = 0) -> String {
        Self.value(type, expression, depth: depth) { inputValue($0, $1) }
    }

    func nonNullValue(_ type: SchemaType, _ expression: String, depth: Int) -> String {
        Self.nonNullValue(type, expression, depth: depth) { inputValue($0, $1) }
    }

    /// `expression` of `type` as a `Baton.VariableValue`: null for nil, a list per list, `leaf`
    /// turning a value of the named type.
    static func value(
        _ type: SchemaType, _ expression: String, depth: Int,
        leaf: (TypeID, String) -> String
    ) -> String {
        switch type {
        case .nonNull(let inner): return nonNullValue(inner, expression, depth: depth, leaf: leaf)
        default:
            let bound = "v\(depth)"
            return
                "\(expression).map { \(bound) in \(nonNullValue(type, bound, depth: depth + 1, leaf: leaf)) } ?? Baton.VariableValue.null"
        }
    }

    static func nonNullValue(
        _ type: SchemaType, _ expression: String, depth: Int,
        leaf: (TypeID, String) -> String
    ) -> String {
        switch type {
        case .nonNull(let inner): return nonNullValue(inner, expression, depth: depth, leaf: leaf)
        case .list(let element):
            let bound = "v\(depth)"
            return "Baton.VariableValue.list(\(expression).map { \(bound) in \(value(element, bound, depth: depth + 1, leaf: leaf)) })"
        case .named(let id): return leaf(id, expression)
        }
    }

    private func inputValue(_ id: TypeID, _ expression: String) -> String {
        schema[id].kind == .inputObject ? "\(expression).variable" : Self.scalarValue(schema[id], expression)
    }

    /// A scalar or enum value as a `Baton.VariableValue`: enums as their text, `Int`, `Float` and
    /// `Boolean` as numbers and flags, every other scalar as its text.
    static func scalarValue(_ named: NamedType, _ expression: String) -> String {
        if named.kind == .enum { return "Baton.VariableValue.string(\(expression).scalarText)" }
        switch named.name {
        case "Int": return "Baton.VariableValue.int(\(expression))"
        case "Float": return "Baton.VariableValue.float(\(expression))"
        case "Boolean": return "Baton.VariableValue.bool(\(expression))"
        default: return "Baton.VariableValue.string(\(expression))"
        }
    }

    /// A Swift literal for a constant default value, or nil when there is none to write.
    func literal(_ value: IRValue, type: SchemaType) -> String? {
        switch value {
        case .null: return "nil"
        case .int(let text):
            if case .named(let id) = type.nullable, schema[id].name == "Float" { return text + ".0" }
            return text
        case .float(let text): return text
        case .string(let text, _): return SwiftSpelling.stringLiteral(text)
        case .boolean(let flag): return flag ? "true" : "false"
        case .enumValue(let name): return "." + SwiftSpelling.identifier(LensNaming.enumCaseName(name))
        case .list(let items):
            guard let element = type.listElement else { return nil }
            let parts = items.map { literal($0, type: element) }
            if parts.contains(where: { $0 == nil }) { return nil }
            return "[" + parts.map { $0! }.joined(separator: ", ") + "]"
        case .variable, .object: return nil
        }
    }
}
