import BatonIR
import BatonSchema

/// How a variable's (or input field's) schema type is spelled in Swift and turned into a
/// `Baton.VariableValue`. Enums go as their text, input objects as their fields, custom scalars as
/// their text.
struct VariableSpelling {
    let schema: Schema
    let references: SharedReferences

    func swiftType(_ type: SchemaType) -> String {
        switch type {
        case .nonNull(let inner): return base(inner)
        default: return base(type) + "?"
        }
    }

    private func base(_ type: SchemaType) -> String {
        switch type {
        case .nonNull(let inner): return base(inner)
        case .list(let element): return "[" + swiftType(element) + "]"
        case .named(let id):
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
    }

    /// Records an input object and every enum and input object its fields reach.
    func noteInput(_ id: TypeID) {
        let named = schema[id]
        guard references.inputObjects.insert(named.name).inserted else { return }
        for field in named.inputFields { _ = swiftType(field.type) }
    }

    /// The expression turning `expression` (of `type`) into a `Baton.VariableValue`.
    func value(_ type: SchemaType, _ expression: String, depth: Int = 0) -> String {
        switch type {
        case .nonNull(let inner): return nonNullValue(inner, expression, depth: depth)
        default:
            let bound = "v\(depth)"
            return "\(expression).map { \(bound) in \(nonNullValue(type, bound, depth: depth + 1)) } ?? Baton.VariableValue.null"
        }
    }

    func nonNullValue(_ type: SchemaType, _ expression: String, depth: Int) -> String {
        switch type {
        case .nonNull(let inner): return nonNullValue(inner, expression, depth: depth)
        case .list(let element):
            let bound = "v\(depth)"
            return "Baton.VariableValue.list(\(expression).map { \(bound) in \(value(element, bound, depth: depth + 1)) })"
        case .named(let id):
            let named = schema[id]
            switch named.kind {
            case .enum: return "Baton.VariableValue.string(\(expression).scalarText)"
            case .inputObject: return "\(expression).variable"
            default:
                switch named.name {
                case "Int": return "Baton.VariableValue.int(\(expression))"
                case "Float": return "Baton.VariableValue.float(\(expression))"
                case "Boolean": return "Baton.VariableValue.bool(\(expression))"
                default: return "Baton.VariableValue.string(\(expression))"
                }
            }
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
