import BatonDiagnostics
import BatonSchema
import BatonSyntax

/// The schema or document element a name in a GraphQL text stands for.
package enum GraphQLSymbol: Sendable {
    case field(parent: TypeID, field: SchemaField)
    case argument(InputValue)
    case inputField(type: TypeID, field: InputValue)
    case enumValue(type: TypeID, value: EnumValue)
    case type(TypeID)
    case directive(SchemaDirective)
    case fragment(name: String)
    case variable(name: String, type: SchemaType?)

    /// The element named at `offset` of `source` and the range of its name, found like
    /// completion finds its context (so it works in a text that does not parse).
    package static func at(_ offset: Int, in source: Source, schema: Schema, index: ProjectIndex) -> (
        symbol: GraphQLSymbol, range: SourceRange
    )? {
        guard let token = CursorContext.nameToken(at: offset, in: source) else { return nil }
        let context = CursorContext.at(token.end, in: source, schema: schema)
        let name = Lexer.value(of: token, in: source)
        let symbol: GraphQLSymbol?
        switch context.kind {
        case .selection(let parent):
            symbol = parent.flatMap { parent in schema.field(name, on: parent).map { .field(parent: parent, field: $0) } }
        case .argumentName(let arguments, _):
            symbol = arguments.first { $0.name == name }.map { .argument($0) }
        case .objectFieldName(let type, _):
            symbol = type.flatMap { type in schema[type].inputField(name).map { .inputField(type: type, field: $0) } }
        case .value(let type):
            symbol = type.flatMap { type in
                schema[type.namedType].enumValue(name).map { .enumValue(type: type.namedType, value: $0) }
            }
        case .variable:
            symbol = .variable(name: name, type: context.variables.first { $0.name == name }?.type ?? nil)
        case .directive:
            symbol = schema.directive(named: name).map { .directive($0) }
        case .fragmentSpread:
            symbol = name == "on" ? nil : .fragment(name: name)
        case .typeCondition, .variableType:
            symbol = schema.typeIndex[name].map { .type($0) }
        case .newName, .topLevel:
            if let fragment = index.fragment(named: name), fragment.source.name == source.name,
                fragment.definition.name.range == token.range
            {
                symbol = .fragment(name: name)
            } else {
                symbol = nil
            }
        }
        return symbol.map { ($0, token.range) }
    }

    /// Where the element is declared: in the schema's files, or a fragment in any document.
    package func definition(schema: Schema, index: ProjectIndex) -> Location? {
        switch self {
        case .field(_, let field): Self.name(field.name, in: field.location)
        case .argument(let value): Self.name(value.name, in: value.location)
        case .inputField(_, let field): Self.name(field.name, in: field.location)
        case .enumValue(_, let value): Self.name(value.name, in: value.location)
        case .type(let id): Self.name(schema[id].name, in: schema[id].locations.first)
        case .directive(let directive): Self.name(directive.name, in: directive.location)
        case .fragment(let name):
            index.fragment(named: name).map { Location(source: $0.source, range: $0.definition.name.range) }
        case .variable: nil
        }
    }

    /// The name inside a schema definition's range (which starts at its description).
    static func name(_ name: String, in location: Location?) -> Location? {
        guard let location else { return nil }
        let slice = Source(name: "", text: location.source.slice(location.range))
        guard let token = Lexer.tokenize(slice).tokens.first(where: { $0.kind == .name && Lexer.value(of: $0, in: slice) == name })
        else { return location }
        return Location(source: location.source, range: SourceRange(location.range.start + token.start, location.range.start + token.end))
    }

    /// Markdown for hover: the declaration as GraphQL spells it, the description, the
    /// deprecation, and `accessor` (the Swift lens member it compiles to) when known.
    package func hoverText(schema: Schema, index: ProjectIndex, accessor: String? = nil) -> String {
        var declaration: String
        var description: String?
        var deprecation: String?
        switch self {
        case .field(let parent, let field):
            let arguments = field.arguments.map { "\($0.name): \(schema.text(of: $0.type))" }
            declaration =
                "\(schema[parent].name).\(field.name)" + (arguments.isEmpty ? "" : "(" + arguments.joined(separator: ", ") + ")")
                + ": " + schema.text(of: field.type)
            description = field.description
            deprecation = field.deprecationReason
        case .argument(let value), .inputField(_, let value):
            declaration = "\(value.name): \(schema.text(of: value.type))"
            description = value.description
            deprecation = value.deprecationReason
        case .enumValue(let type, let value):
            declaration = "\(schema[type].name).\(value.name)"
            description = value.description
            deprecation = value.deprecationReason
        case .type(let id):
            let type = schema[id]
            declaration = "\(keyword(type.kind)) \(type.name)"
            description = type.description
        case .directive(let directive):
            declaration = Completion.signature(of: directive, schema: schema)
            description = directive.description
        case .fragment(let name):
            let condition = index.fragment(named: name)?.definition.typeCondition.value
            declaration = "fragment \(name)" + (condition.map { " on \($0)" } ?? "")
        case .variable(let name, let type):
            declaration = "$\(name)" + (type.map { ": " + schema.text(of: $0) } ?? "")
        }
        var parts = ["```graphql\n\(declaration)\n```"]
        if let description, !description.isEmpty { parts.append(description) }
        if let deprecation { parts.append("**Deprecated**: \(deprecation)") }
        if let accessor { parts.append("```swift\n\(accessor)\n```") }
        return parts.joined(separator: "\n\n")
    }

    func keyword(_ kind: NamedTypeKind) -> String {
        switch kind {
        case .scalar: "scalar"
        case .object: "type"
        case .interface: "interface"
        case .union: "union"
        case .enum: "enum"
        case .inputObject: "input"
        }
    }
}
