import BatonDiagnostics
import BatonJSON
import BatonSchema
import BatonSyntax

/// A server's introspection result as SDL, printed as graphql-core's `print_schema` prints the
/// schema `build_client_schema` makes of it: the schema definition when its root names are not the
/// defaults, the directives the specification does not define, then every named type but the
/// built-in scalars and introspection types, in the server's order; descriptions, deprecations,
/// default values, `@specifiedBy` and `@oneOf` kept.
package enum IntrospectionSDL {
    package struct Failure: Error, Equatable, CustomStringConvertible {
        package let message: String
        package var description: String { message }

        package init(message: String) { self.message = message }
    }

    /// The standard introspection query, with every optional part a current server answers:
    /// descriptions, `specifiedByURL`, `isRepeatable`, deprecated arguments and input fields,
    /// `isOneOf`. `basic` leaves out the parts an older server rejects.
    package static func query(basic: Bool = false) -> String {
        let deprecated = basic ? "" : "(includeDeprecated: true)"
        let inputDeprecation = basic ? "" : " isDeprecated deprecationReason"
        let oneOf = basic ? "" : " isOneOf"
        let typeRef =
            "kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } } } } }"
        return """
            query IntrospectionQuery { __schema { description queryType { name } mutationType { name } \
            subscriptionType { name } types { ...FullType } directives { name description isRepeatable \
            locations args\(deprecated) { ...InputValue } } } } \
            fragment FullType on __Type { kind name description specifiedByURL\(oneOf) \
            fields(includeDeprecated: true) { name description args\(deprecated) { ...InputValue } \
            type { ...TypeRef } isDeprecated deprecationReason } inputFields\(deprecated) { ...InputValue } \
            interfaces { ...TypeRef } enumValues(includeDeprecated: true) { name description isDeprecated \
            deprecationReason } possibleTypes { ...TypeRef } } \
            fragment InputValue on __InputValue { name description type { ...TypeRef } defaultValue\(inputDeprecation) } \
            fragment TypeRef on __Type { \(typeRef) }
            """
    }

    /// The SDL of a response to `query()`; a failure says why there is none (not JSON, errors
    /// without a schema, a schema of the wrong shape).
    package static func sdl(response bytes: [UInt8]) throws(Failure) -> String {
        let response: JSONValue
        do {
            response = try JSONParser.parse(bytes: bytes)
        } catch {
            throw Failure(message: "the answer is not JSON (\(error.message)): \(snippet(bytes))")
        }
        guard let schema = response["data"]?["__schema"], schema.objectValue != nil else {
            let messages = (response["errors"]?.arrayValue ?? []).compactMap { $0["message"]?.stringValue }
            if messages.isEmpty { throw Failure(message: "the answer has no __schema: \(snippet(bytes))") }
            throw Failure(message: "introspection was refused: \(messages.joined(separator: "; "))")
        }
        var printer = Printer()
        return try printer.print(schema)
    }

    /// The start of a body on one line, for a message.
    static func snippet(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes.prefix(160), as: UTF8.self)
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return bytes.count > 160 ? line + "…" : line
    }

    private static let specifiedScalars: Set<String> = ["String", "Int", "Float", "Boolean", "ID"]
    private static let specifiedDirectives: Set<String> = ["include", "skip", "deprecated", "specifiedBy", "oneOf"]
    private static let defaultDeprecationReason = "No longer supported"

    private struct Printer {
        mutating func print(_ schema: JSONValue) throws(Failure) -> String {
            guard let types = schema["types"]?.arrayValue else { throw Failure(message: "__schema.types is missing") }
            var blocks: [String] = []
            let names = Set(types.compactMap { $0["name"]?.stringValue })
            let query = try Self.name(schema["queryType"]?["name"]?.stringValue, "the query type")
            let mutation = try Self.name(schema["mutationType"]?["name"]?.stringValue, "the mutation type")
            let subscription = try Self.name(schema["subscriptionType"]?["name"]?.stringValue, "the subscription type")
            let description = schema["description"]?.stringValue
            // graphql-core prints `schema { … }` unless each root is the type of its default name
            // (and a missing root leaves that name unused).
            func isDefault(_ root: String?, _ name: String) -> Bool {
                root == name || (root == nil && !names.contains(name))
            }
            if query != nil || mutation != nil || subscription != nil,
                description != nil || !isDefault(query, "Query") || !isDefault(mutation, "Mutation")
                    || !isDefault(subscription, "Subscription")
            {
                var text = Self.description(description) + "schema {\n"
                if let query { text += "  query: \(query)\n" }
                if let mutation { text += "  mutation: \(mutation)\n" }
                if let subscription { text += "  subscription: \(subscription)\n" }
                blocks.append(text + "}")
            }
            for directive in schema["directives"]?.arrayValue ?? [] {
                guard let name = try Self.name(directive["name"]?.stringValue, "a directive") else {
                    throw Failure(message: "a directive without a name")
                }
                if IntrospectionSDL.specifiedDirectives.contains(name) { continue }
                var locations: [String] = []
                for location in directive["locations"]?.arrayValue ?? [] {
                    if let location = try Self.name(location.stringValue, "a location of @\(name)") { locations.append(location) }
                }
                blocks.append(
                    Self.description(directive["description"]?.stringValue) + "directive @\(name)"
                        + (try Self.arguments(directive["args"]?.arrayValue ?? [], indentation: ""))
                        + (directive["isRepeatable"]?.boolValue == true ? " repeatable" : "")
                        + " on " + locations.joined(separator: " | "))
            }
            for type in types {
                guard let name = try Self.name(type["name"]?.stringValue, "a type"), let kind = type["kind"]?.stringValue else {
                    throw Failure(message: "a type without a name or kind")
                }
                if name.hasPrefix("__") || (kind == "SCALAR" && IntrospectionSDL.specifiedScalars.contains(name)) { continue }
                blocks.append(try Self.type(type, name: name, kind: kind))
            }
            // Nothing of its own (every type built in or introspection's): an empty file is no
            // schema, and a GraphQL document needs a definition.
            guard !blocks.isEmpty else { throw Failure(message: "the answer's schema defines no types of its own") }
            return blocks.joined(separator: "\n\n") + "\n"
        }

        static func type(_ type: JSONValue, name: String, kind: String) throws(Failure) -> String {
            let head = description(type["description"]?.stringValue)
            switch kind {
            case "SCALAR":
                let url = type["specifiedByURL"]?.stringValue.map { " @specifiedBy(url: \(StringLiterals.quoted($0)))" }
                return head + "scalar \(name)" + (url ?? "")
            case "OBJECT", "INTERFACE":
                let keyword = kind == "OBJECT" ? "type" : "interface"
                let interfaces = try (type["interfaces"]?.arrayValue ?? []).map { (ref) throws(Failure) in try typeName(ref) }
                var fields: [String] = []
                for (index, field) in (type["fields"]?.arrayValue ?? []).enumerated() {
                    guard let fieldName = try Self.name(field["name"]?.stringValue, "a field of \(name)"), let fieldType = field["type"]
                    else {
                        throw Failure(message: "a field of \(name) without a name or type")
                    }
                    fields.append(
                        description(field["description"]?.stringValue, indentation: "  ", firstInBlock: index == 0)
                            + "  \(fieldName)" + (try arguments(field["args"]?.arrayValue ?? [], indentation: "  "))
                            + ": \(try typeReference(fieldType))" + deprecated(field))
                }
                return head + "\(keyword) \(name)"
                    + (interfaces.isEmpty ? "" : " implements " + interfaces.joined(separator: " & ")) + block(fields)
            case "UNION":
                let members = try (type["possibleTypes"]?.arrayValue ?? []).map { (ref) throws(Failure) in try typeName(ref) }
                return head + "union \(name)" + (members.isEmpty ? "" : " = " + members.joined(separator: " | "))
            case "ENUM":
                var values: [String] = []
                for (index, value) in (type["enumValues"]?.arrayValue ?? []).enumerated() {
                    guard let valueName = try Self.name(value["name"]?.stringValue, "a value of \(name)") else {
                        throw Failure(message: "a value of \(name) without a name")
                    }
                    values.append(
                        description(value["description"]?.stringValue, indentation: "  ", firstInBlock: index == 0)
                            + "  \(valueName)" + deprecated(value))
                }
                return head + "enum \(name)" + block(values)
            case "INPUT_OBJECT":
                var fields: [String] = []
                for (index, field) in (type["inputFields"]?.arrayValue ?? []).enumerated() {
                    fields.append(
                        description(field["description"]?.stringValue, indentation: "  ", firstInBlock: index == 0)
                            + "  " + (try inputValue(field)))
                }
                let oneOf = type["isOneOf"]?.boolValue == true ? " @oneOf" : ""
                return head + "input \(name)" + oneOf + block(fields)
            default:
                throw Failure(message: "type \(name) has an unknown kind \(kind)")
            }
        }

        /// A name the answer gives, checked to be a GraphQL name (`/[_A-Za-z][_0-9A-Za-z]*/`): any
        /// other text would be written into the SDL and break it, or change what it says.
        static func name(_ text: String?, _ what: String) throws(Failure) -> String? {
            guard let text else { return nil }
            let utf8 = Array(text.utf8)
            func isStart(_ byte: UInt8) -> Bool { byte == 95 || (65...90).contains(byte) || (97...122).contains(byte) }
            guard let first = utf8.first, isStart(first), utf8.allSatisfy({ isStart($0) || (48...57).contains($0) }) else {
                throw Failure(message: "\(what) has a name that is not a GraphQL name: \(StringLiterals.quoted(String(text.prefix(80))))")
            }
            return text
        }

        static func block(_ items: [String]) -> String {
            items.isEmpty ? "" : " {\n" + items.joined(separator: "\n") + "\n}"
        }

        static func arguments(_ arguments: [JSONValue], indentation: String) throws(Failure) -> String {
            guard !arguments.isEmpty else { return "" }
            // On one line unless an argument has a description, as graphql-core prints them.
            if arguments.allSatisfy({ $0["description"]?.stringValue == nil }) {
                var printed: [String] = []
                for argument in arguments { printed.append(try inputValue(argument)) }
                return "(" + printed.joined(separator: ", ") + ")"
            }
            var lines: [String] = []
            for (index, argument) in arguments.enumerated() {
                lines.append(
                    description(argument["description"]?.stringValue, indentation: "  " + indentation, firstInBlock: index == 0)
                        + "  " + indentation + (try inputValue(argument)))
            }
            return "(\n" + lines.joined(separator: "\n") + "\n\(indentation))"
        }

        static func inputValue(_ value: JSONValue) throws(Failure) -> String {
            guard let name = try Self.name(value["name"]?.stringValue, "an argument or input field"), let type = value["type"] else {
                throw Failure(message: "an argument or input field without a name or type")
            }
            var text = "\(name): \(try typeReference(type))"
            if let defaultValue = value["defaultValue"]?.stringValue {
                // It must be a constant GraphQL value, and the value parsed is what is written, as
                // graphql-core prints it: the text as sent could carry a comment (`#`) past the
                // value, which would swallow the rest of the line in the file.
                guard case .success(let parsed) = Parser.parseValue(Source(name: "defaultValue", text: defaultValue), const: true)
                else {
                    throw Failure(message: "the default value of \(name) is not a GraphQL value: \(defaultValue.prefix(80))")
                }
                text += " = \(ValuePrinter.print(parsed))"
            }
            return text + deprecated(value)
        }

        static func deprecated(_ element: JSONValue) -> String {
            guard element["isDeprecated"]?.boolValue == true else { return "" }
            guard let reason = element["deprecationReason"]?.stringValue, reason != IntrospectionSDL.defaultDeprecationReason
            else { return " @deprecated" }
            return " @deprecated(reason: \(StringLiterals.quoted(reason)))"
        }

        static func typeName(_ reference: JSONValue) throws(Failure) -> String {
            guard let name = try Self.name(reference["name"]?.stringValue, "a type reference") else {
                throw Failure(message: "a type reference without a name")
            }
            return name
        }

        static func typeReference(_ reference: JSONValue, depth: Int = 0) throws(Failure) -> String {
            guard depth < 32 else { throw Failure(message: "a type reference nests too deep") }
            switch reference["kind"]?.stringValue {
            case "NON_NULL":
                guard let inner = reference["ofType"], inner.objectValue != nil else { throw Failure(message: "NON_NULL without ofType") }
                return try typeReference(inner, depth: depth + 1) + "!"
            case "LIST":
                guard let inner = reference["ofType"], inner.objectValue != nil else { throw Failure(message: "LIST without ofType") }
                return "[" + (try typeReference(inner, depth: depth + 1)) + "]"
            default:
                return try typeName(reference)
            }
        }

        /// graphql-core's `print_description`: a block string when the text can be one, otherwise a
        /// quoted string; inside a block, a blank line before every description but the first.
        static func description(_ text: String?, indentation: String = "", firstInBlock: Bool = true) -> String {
            guard let text else { return "" }
            let literal = isPrintableAsBlockString(text) ? StringLiterals.block(text) : StringLiterals.quoted(text)
            let prefix = !indentation.isEmpty && !firstInBlock ? "\n" + indentation : indentation
            return prefix + literal.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n" + indentation)
                + "\n"
        }

        /// graphql-core's `is_printable_as_block_string`.
        static func isPrintableAsBlockString(_ value: String) -> Bool {
            if value.isEmpty { return true }
            var isEmptyLine = true
            var hasIndent = false
            var hasCommonIndent = true
            var seenNonEmptyLine = false
            for scalar in value.unicodeScalars {
                switch scalar {
                case "\n":
                    if isEmptyLine && !seenNonEmptyLine { return false }
                    seenNonEmptyLine = true
                    isEmptyLine = true
                    hasIndent = false
                case " ", "\t":
                    hasIndent = hasIndent || isEmptyLine
                case _ where scalar.value <= 0x0F:
                    return false
                default:
                    hasCommonIndent = hasCommonIndent && hasIndent
                    isEmptyLine = false
                }
            }
            if isEmptyLine { return false }
            if hasCommonIndent && seenNonEmptyLine { return false }
            return true
        }
    }
}
