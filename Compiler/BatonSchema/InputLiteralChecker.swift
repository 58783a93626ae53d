import BatonDiagnostics
import BatonSyntax

/// Checks a literal against an input type the way graphql-core's `validate_input_literal`
/// does without variable values (variables are left to the document rules), reporting
/// graphql-core's messages. Used for SDL default values and directive arguments, and by the
/// document validator's ValuesOfCorrectType.
package struct InputLiteralChecker {
    package enum PathComponent: Hashable, Sendable {
        case index(Int)
        case field(String)
    }

    package struct Problem: Sendable {
        package var message: String
        /// The value node the problem is about.
        package var range: SourceRange
        /// Where inside the checked value, as graphql-core's `print_path_list` renders it.
        package var path: [PathComponent]

        /// `" at [1].name"`, or "" at the top.
        package var pathDescription: String {
            guard !path.isEmpty else { return "" }
            return " at "
                + path.map { component in
                    switch component {
                    case .index(let i): "[\(i)]"
                    case .field(let name): ".\(name)"
                    }
                }.joined()
        }
    }

    package let types: [NamedType]
    /// Leave "Did you mean …?" suggestions out of messages.
    package var hideSuggestions: Bool

    package init(schema: Schema, hideSuggestions: Bool = false) {
        self.types = schema.types
        self.hideSuggestions = hideSuggestions
    }

    init(types: [NamedType]) {
        self.types = types
        self.hideSuggestions = false
    }

    private func didYouMean(_ input: String, _ options: [String], _ subMessage: String? = nil) -> String {
        hideSuggestions ? "" : Suggestions.didYouMean(Suggestions.list(input, options: options), subMessage)
    }

    package func check(_ value: Value, as type: SchemaType) -> [Problem] {
        var problems: [Problem] = []
        var path: [PathComponent] = []
        check(value, type, &path, &problems)
        return problems
    }

    private func text(_ type: SchemaType) -> String {
        switch type {
        case .named(let id): types[id.index.asInt].name
        case .list(let t): "[\(text(t))]"
        case .nonNull(let t): "\(text(t))!"
        }
    }

    private func check(_ value: Value, _ type: SchemaType, _ path: inout [PathComponent], _ problems: inout [Problem]) {
        func report(_ message: String, _ node: Value) {
            problems.append(Problem(message: message, range: node.range, path: path))
        }
        if case .variable = value.kind { return }
        switch type {
        case .nonNull(let inner):
            if value.isNull {
                report("Expected value of non-null type '\(text(type))' not to be None.", value)
                return
            }
            check(value, inner, &path, &problems)
            return
        case .list(let item):
            if value.isNull { return }
            if case .list(let items) = value.kind {
                for (i, element) in items.enumerated() {
                    path.append(.index(i))
                    check(element, item, &path, &problems)
                    path.removeLast()
                }
            } else {
                // A single value stands for a list of one.
                check(value, item, &path, &problems)
            }
            return
        case .named(let id):
            if value.isNull { return }
            let named = types[id.index.asInt]
            switch named.kind {
            case .inputObject:
                checkObject(value, named, &path, &problems)
            case .enum:
                // Printed as graphql-core prints a rejected literal: after `replace_variables`
                // with no values (a variable becomes null, an object field holding one is left out).
                if case .enumValue(let name) = value.kind {
                    if named.enumValue(name) == nil {
                        let printed = ValuePrinter.printReplacingVariables(value)
                        report(
                            "Value '\(printed)' does not exist in '\(named.name)' enum."
                                + didYouMean(printed, named.enumValues.map(\.name), "the enum value"), value)
                    }
                } else {
                    let printed = ValuePrinter.printReplacingVariables(value)
                    report(
                        "Enum '\(named.name)' cannot represent non-enum value: \(printed)."
                            + didYouMean(printed, named.enumValues.map(\.name), "the enum value"), value)
                }
            case .scalar:
                if named.origin == .builtIn, let message = Self.scalarProblem(named.name, value) {
                    report(message, value)
                }
            default:
                break  // Not an input type: reported where the type is declared.
            }
        }
    }

    private func checkObject(_ value: Value, _ type: NamedType, _ path: inout [PathComponent], _ problems: inout [Problem]) {
        guard case .object(let fields) = value.kind else {
            problems.append(
                Problem(
                    message: "Expected value of type '\(type.name)' to be an object, found: \(ValuePrinter.print(value)).",
                    range: value.range, path: path))
            return
        }
        // The last field of a repeated name counts, as in graphql-core's dict of field nodes
        // (the repetition itself is UniqueInputFieldNames' finding).
        var byName: [String: ObjectField] = [:]
        for field in fields { byName[field.name.value] = field }
        for definition in type.inputFields {
            if let provided = byName[definition.name] {
                path.append(.field(definition.name))
                check(provided.value, definition.type, &path, &problems)
                path.removeLast()
            } else if definition.isRequired {
                problems.append(
                    Problem(
                        message:
                            "Expected value of type '\(type.name)' to include required field '\(definition.name)', found: \(ValuePrinter.print(value)).",
                        range: value.range, path: path))
            }
        }
        var known: [ObjectField] = []
        for field in fields {
            if type.inputField(field.name.value) == nil {
                let suggestion = didYouMean(field.name.value, type.inputFields.map(\.name))
                problems.append(
                    Problem(
                        message: "Expected value of type '\(type.name)' not to include unknown field '\(field.name.value)'"
                            + (suggestion.isEmpty ? ", found" : ".\(suggestion) Found") + ": \(ValuePrinter.print(value)).",
                        range: field.range, path: path))
            } else {
                known.append(field)
            }
        }
        if type.isOneOf {
            let message =
                "Within OneOf Input Object type '\(type.name)', exactly one field must be specified, and the value for that field must be non-null."
            if known.count != 1 {
                problems.append(Problem(message: message, range: value.range, path: path))
            } else if known[0].value.isNull {
                problems.append(Problem(message: message, range: value.range, path: path + [.field(known[0].name.value)]))
            }
        }
    }

    /// graphql-core's `parse_literal` messages for the specified scalars; the value printed
    /// with variables replaced, as graphql-core prints a rejected literal.
    static func scalarProblem(_ scalar: String, _ value: Value) -> String? {
        switch scalar {
        case "Int":
            guard case .int(let text) = value.kind else {
                return "Int cannot represent non-integer value: \(ValuePrinter.printReplacingVariables(value))"
            }
            if let n = Int64(text), n >= -2_147_483_648 && n <= 2_147_483_647 { return nil }
            return "Int cannot represent non 32-bit signed integer value: \(ValuePrinter.printReplacingVariables(value))"
        case "Float":
            switch value.kind {
            case .int, .float: return nil
            default: return "Float cannot represent non numeric value: \(ValuePrinter.printReplacingVariables(value))"
            }
        case "String":
            if case .string = value.kind { return nil }
            return "String cannot represent a non string value: \(ValuePrinter.printReplacingVariables(value))"
        case "Boolean":
            if case .boolean = value.kind { return nil }
            return "Boolean cannot represent a non boolean value: \(ValuePrinter.printReplacingVariables(value))"
        case "ID":
            switch value.kind {
            case .string, .int: return nil
            default: return "ID cannot represent a non-string and non-integer value: \(ValuePrinter.printReplacingVariables(value))"
            }
        default:
            return nil
        }
    }
}
