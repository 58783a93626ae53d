import BatonDiagnostics
import BatonSchema
import BatonSyntax

/// Every literal value fits the input type of its position: argument values and variables'
/// default values, checked whole as graphql-core's `validate_input_literal` does (variables
/// are checked by VariablesInAllowedPosition instead).
final class ValuesOfCorrectTypeRule: ValidationRule {
    static let code = "ValuesOfCorrectType"
    let events: RuleEvents = [.value]

    func enterValue(_ value: Value, _ context: ValidationContext) {
        guard let type = context.typeInfo.inputType else { return }
        validate(value, type, context)
    }

    private func report(_ message: String, _ value: Value, _ context: ValidationContext) {
        context.report(Self.code, message, [context.location(value.range)])
    }

    // Values nest no deeper than the parser allows, so plain recursion is safe.
    private func validate(_ value: Value, _ type: SchemaType, _ context: ValidationContext) {
        let schema = context.schema
        if case .variable = value.kind { return }
        switch type {
        case .nonNull(let inner):
            if value.isNull {
                report("Expected value of non-null type '\(schema.text(of: type))' not to be None.", value, context)
                return
            }
            validate(value, inner, context)
        case .list(let item):
            if value.isNull { return }
            if case .list(let items) = value.kind {
                for element in items { validate(element, item, context) }
            } else {
                validate(value, item, context)
            }
        case .named(let id):
            if value.isNull { return }
            switch schema.kind(of: id) {
            case .inputObject: validateObject(value, id, context)
            case .enum: validateEnum(value, id, context)
            case .scalar: validateScalar(value, id, context)
            default: return
            }
        }
    }

    private func validateObject(_ value: Value, _ id: TypeID, _ context: ValidationContext) {
        let schema = context.schema
        let type = schema.types[Int(id.index)]
        guard case .object(let fields) = value.kind else {
            report("Expected value of type '\(type.name)' to be an object, found: \(ValuePrinter.print(value)).", value, context)
            return
        }
        var byName: [String: ObjectField] = [:]
        for field in fields { byName[field.name.value] = field }
        for definition in type.inputFields {
            if let field = byName[definition.name] {
                validate(field.value, definition.type, context)
            } else if definition.isRequired {
                report("Expected value of type '\(type.name)' to include required field '\(definition.name)', found: \(ValuePrinter.print(value)).",
                       value, context)
            }
        }
        var known: [ObjectField] = []
        for field in fields {
            let name = field.name.value
            if type.inputFieldIndex[name] == nil {
                let suggestion = context.options.hideSuggestions
                    ? "" : Suggestions.didYouMean(Suggestions.list(name, options: type.inputFields.map(\.name)))
                let found = (suggestion.isEmpty ? ", found" : ".\(suggestion) Found") + ": \(ValuePrinter.print(value))."
                context.report(Self.code, "Expected value of type '\(type.name)' not to include unknown field '\(name)'" + found,
                               [context.location(field.range)])
            } else {
                known.append(field)
            }
        }
        if type.isOneOf {
            let message = "Within OneOf Input Object type '\(type.name)', exactly one field must be specified, and the value for that field must be non-null."
            if known.count != 1 {
                report(message, value, context)
            } else if known[0].value.isNull {
                report(message, value, context)
            }
        }
    }

    private func validateEnum(_ value: Value, _ id: TypeID, _ context: ValidationContext) {
        let type = context.schema.types[Int(id.index)]
        let printed = ValuePrinter.printReplacingVariables(value)
        func suggestions() -> String {
            context.options.hideSuggestions
                ? "" : Suggestions.didYouMean(Suggestions.list(printed, options: type.enumValues.map(\.name)), "the enum value")
        }
        if case .enumValue(let name) = value.kind {
            if type.enumValue(name) == nil {
                report("Value '\(printed)' does not exist in '\(type.name)' enum." + suggestions(), value, context)
            }
            return
        }
        report("Enum '\(type.name)' cannot represent non-enum value: \(printed)." + suggestions(), value, context)
    }

    private func validateScalar(_ value: Value, _ id: TypeID, _ context: ValidationContext) {
        let name = context.schema.name(of: id)
        let message: String
        switch (name, value.kind) {
        case ("Int", .int(let text)):
            guard let number = Int(text), number >= -2147483648, number <= 2147483647 else {
                message = "Int cannot represent non 32-bit signed integer value: \(ValuePrinter.printReplacingVariables(value))"
                break
            }
            return
        case ("Int", _):
            message = "Int cannot represent non-integer value: \(ValuePrinter.printReplacingVariables(value))"
        case ("Float", .int), ("Float", .float):
            return
        case ("Float", _):
            message = "Float cannot represent non numeric value: \(ValuePrinter.printReplacingVariables(value))"
        case ("String", .string):
            return
        case ("String", _):
            message = "String cannot represent a non string value: \(ValuePrinter.printReplacingVariables(value))"
        case ("Boolean", .boolean):
            return
        case ("Boolean", _):
            message = "Boolean cannot represent a non boolean value: \(ValuePrinter.printReplacingVariables(value))"
        case ("ID", .string), ("ID", .int):
            return
        case ("ID", _):
            message = "ID cannot represent a non-string and non-integer value: \(ValuePrinter.printReplacingVariables(value))"
        default:
            // Custom scalars accept any literal.
            return
        }
        report(message, value, context)
    }
}
