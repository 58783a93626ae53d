import BatonIR
import BatonSchema

/// Whether a constant fits an input type, as GraphQL coerces literals (a single value where a
/// list is expected counts as a list of one). Variables are checked by `variableFits`.
enum InputValueCheck {
    static func fits(_ value: IRValue, _ type: SchemaType, _ schema: Schema) -> Bool {
        switch type {
        case .nonNull(let inner):
            return !value.isNull && fits(value, inner, schema)
        case .list(let element):
            if value.isNull { return true }
            if case .list(let items) = value { return items.allSatisfy { fits($0, element, schema) } }
            return fits(value, element, schema)
        case .named(let id):
            if value.isNull || value.variableName != nil { return true }
            let named = schema[id]
            switch named.kind {
            case .scalar:
                switch named.name {
                case "Int": if case .int = value { return true } else { return false }
                case "Float":
                    switch value {
                    case .int, .float: return true
                    default: return false
                    }
                case "String": if case .string = value { return true } else { return false }
                case "Boolean": if case .boolean = value { return true } else { return false }
                case "ID":
                    switch value {
                    case .int, .string: return true
                    default: return false
                    }
                default: return true
                }
            case .enum:
                if case .enumValue(let name) = value { return named.enumValue(name) != nil }
                return false
            case .inputObject:
                guard case .object(let fields) = value else { return false }
                for field in fields {
                    guard let definition = named.inputField(field.name), fits(field.value, definition.type, schema) else { return false }
                }
                return named.inputFields.allSatisfy { definition in
                    !definition.isRequired || fields.contains { $0.name == definition.name }
                }
            default:
                return false
            }
        }
    }

    /// Whether a variable of `variableType` (with a default or not) may be used where
    /// `expected` is wanted (the specification's "allowed position").
    static func variableFits(_ variableType: SchemaType, hasDefault: Bool, _ expected: SchemaType, _ schema: Schema) -> Bool {
        if case .nonNull(let inner) = expected, !variableType.isNonNull, hasDefault {
            return schema.isTypeSubType(variableType, of: inner)
        }
        return schema.isTypeSubType(variableType, of: expected)
    }
}
