import BatonDiagnostics
import BatonSchema
import BatonSyntax

/// A completion proposal, in GraphQL terms; the server turns it into an LSP item.
package struct CompletionProposal: Sendable, Hashable {
    package enum Kind: String, Sendable, Hashable {
        case field, argument, inputField, enumValue, value, variable, directive, fragment, type, keyword
    }

    package var label: String
    package var kind: Kind
    /// The type (`String!`), or a fragment's `on Type`.
    package var detail: String?
    package var documentation: String?
    package var isDeprecated: Bool
    /// The text that replaces the word at the cursor (the label when nil).
    package var insertText: String?

    package init(
        label: String, kind: Kind, detail: String? = nil, documentation: String? = nil,
        isDeprecated: Bool = false, insertText: String? = nil
    ) {
        self.label = label
        self.kind = kind
        self.detail = detail
        self.documentation = documentation
        self.isDeprecated = isDeprecated
        self.insertText = insertText
    }
}

/// Completion at a position of a GraphQL text (half typed or not).
package enum Completion {
    /// The proposals at `offset` and the range they replace (the word being typed).
    package static func proposals(at offset: Int, in source: Source, schema: Schema, index: ProjectIndex)
        -> (proposals: [CompletionProposal], replacing: SourceRange)
    {
        let context = CursorContext.at(offset, in: source, schema: schema)
        return (proposals(for: context, schema: schema, index: index), context.word)
    }

    static func proposals(for context: CursorContext, schema: Schema, index: ProjectIndex) -> [CompletionProposal] {
        switch context.kind {
        case .selection(let parent):
            guard let parent else { return [] }
            var result: [CompletionProposal] = []
            let type = schema[parent]
            if type.kind == .object || type.kind == .interface {
                result = type.fields.map { field in
                    CompletionProposal(
                        label: field.name, kind: .field, detail: schema.text(of: field.type),
                        documentation: documentation(field.description, deprecation: field.deprecationReason),
                        isDeprecated: field.isDeprecated)
                }
            }
            if type.kind.isComposite {
                result.append(
                    CompletionProposal(
                        label: "__typename", kind: .field, detail: "String!",
                        documentation: "The name of the object's type."))
            }
            return result
        case .argumentName(let arguments, let given):
            return arguments.filter { !given.contains($0.name) }.map(argument)
        case .objectFieldName(let type, let given):
            guard let type else { return [] }
            return schema[type].inputFields.filter { !given.contains($0.name) }.map { value in
                var proposal = argument(value)
                proposal.kind = .inputField
                return proposal
            }
        case .value(let type):
            return values(of: type, schema: schema) + variables(context, matching: type, schema: schema, dollar: true)
        case .variable(let type):
            return variables(context, matching: type, schema: schema, dollar: false)
        case .directive(let location):
            return schema.directives
                .filter { location == nil || $0.locations.contains(location!) }
                .map { directive in
                    CompletionProposal(
                        label: directive.name, kind: .directive, detail: signature(of: directive, schema: schema),
                        documentation: directive.description)
                }
        case .fragmentSpread(let parent):
            var result = index.fragments.compactMap { fragment -> CompletionProposal? in
                let condition = fragment.definition.typeCondition.value
                if let parent {
                    guard let type = schema.typeIndex[condition], schema.typesOverlap(parent, type) else { return nil }
                }
                return CompletionProposal(label: fragment.definition.name.value, kind: .fragment, detail: "on \(condition)")
            }
            result.append(CompletionProposal(label: "on", kind: .keyword, detail: "inline fragment"))
            return result
        case .typeCondition(let parent):
            return schema.types.filter { type in
                type.kind.isComposite && !type.name.hasPrefix("__") && (parent.map { schema.typesOverlap($0, type.id) } ?? true)
            }.map(typeProposal)
        case .variableType:
            return schema.types.filter { $0.kind.isInput && !$0.name.hasPrefix("__") }.map(typeProposal)
        case .topLevel:
            return ["query", "mutation", "subscription", "fragment"].map { CompletionProposal(label: $0, kind: .keyword) }
        case .newName:
            return []
        }
    }

    static func argument(_ value: InputValue) -> CompletionProposal {
        CompletionProposal(
            label: value.name, kind: .argument, detail: nil,
            documentation: documentation(value.description, deprecation: value.deprecationReason),
            isDeprecated: value.isDeprecated)
    }

    static func typeProposal(_ type: NamedType) -> CompletionProposal {
        CompletionProposal(label: type.name, kind: .type, detail: type.kind.rawValue.lowercased(), documentation: type.description)
    }

    static func values(of type: SchemaType?, schema: Schema) -> [CompletionProposal] {
        guard let type else { return [] }
        let named = schema[type.namedType]
        if type.isList { return [] }
        switch named.kind {
        case .enum:
            return named.enumValues.map { value in
                CompletionProposal(
                    label: value.name, kind: .enumValue, detail: named.name,
                    documentation: documentation(value.description, deprecation: value.deprecationReason),
                    isDeprecated: value.isDeprecated)
            }
        case .scalar where named.name == "Boolean":
            return ["true", "false"].map { CompletionProposal(label: $0, kind: .value, detail: "Boolean") }
        default:
            return []
        }
    }

    /// The operation's variables whose type fits a position of `type` (any when unknown).
    static func variables(_ context: CursorContext, matching type: SchemaType?, schema: Schema, dollar: Bool) -> [CompletionProposal] {
        context.variables.filter { variable in
            guard let type, let variableType = variable.type else { return true }
            return schema.isTypeSubType(variableType, of: type)
        }.map { variable in
            CompletionProposal(
                label: (dollar ? "$" : "") + variable.name, kind: .variable,
                detail: variable.type.map { schema.text(of: $0) })
        }
    }

    static func documentation(_ description: String?, deprecation: String?) -> String? {
        guard let deprecation else { return description }
        let note = "Deprecated: \(deprecation)"
        return description.map { "\($0)\n\n\(note)" } ?? note
    }

    /// `@include(if: Boolean!)`.
    package static func signature(of directive: SchemaDirective, schema: Schema) -> String {
        let arguments = directive.arguments.map { "\($0.name): \(schema.text(of: $0.type))" }
        return "@" + directive.name + (arguments.isEmpty ? "" : "(" + arguments.joined(separator: ", ") + ")")
    }
}
