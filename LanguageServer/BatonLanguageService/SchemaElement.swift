import BatonDiagnostics
import BatonSchema
import BatonSyntax

/// A schema element named by its place in the schema, independent of one built `Schema`:
/// what references look for in the project's documents.
package enum SchemaElement: Hashable, Sendable {
    /// Whose argument an argument is.
    package enum Owner: Hashable, Sendable {
        case field(type: String, name: String)
        case directive(String)
    }

    case type(String)
    case field(type: String, name: String)
    case argument(owner: Owner, name: String)
    case inputField(type: String, name: String)
    case enumValue(type: String, name: String)
    case directive(String)

    /// The schema element named at `offset` of a document's GraphQL `source` and its name's
    /// range (nil for fragments, variables and names the schema does not know).
    package static func at(_ offset: Int, in source: Source, schema: Schema, index: ProjectIndex) -> (
        element: SchemaElement, range: SourceRange
    )? {
        guard let found = GraphQLSymbol.at(offset, in: source, schema: schema, index: index) else { return nil }
        let element: SchemaElement
        switch found.symbol {
        case .field(let parent, let field): element = .field(type: schema[parent].name, name: field.name)
        case .argument(let value):
            // The owner: the directive or field whose argument list the name is in.
            let context = CursorContext.at(found.range.end, in: source, schema: schema)
            if let directive = context.directive {
                element = .argument(owner: .directive(directive.name), name: value.name)
            } else if let field = context.field {
                element = .argument(owner: .field(type: schema[field.parent].name, name: field.field.name), name: value.name)
            } else {
                return nil
            }
        case .inputField(let type, let field): element = .inputField(type: schema[type].name, name: field.name)
        case .enumValue(let type, let value): element = .enumValue(type: schema[type].name, name: value.name)
        case .type(let id): element = .type(schema[id].name)
        case .directive(let directive): element = .directive(directive.name)
        case .fragment, .variable: return nil
        }
        return (element, found.range)
    }

    /// The schema element named at `offset` of a schema file (its SDL parsed again): a
    /// definition's name, a type named in a field, argument, interface or union, or a
    /// directive applied in the schema.
    package static func inSchemaFile(_ source: Source, at offset: Int) -> (element: SchemaElement, range: SourceRange)? {
        var hit: (SchemaElement, SourceRange)?
        func check(_ name: Name, _ element: @autoclosure () -> SchemaElement) {
            if hit == nil, name.range.start <= offset, offset <= name.range.end { hit = (element(), name.range) }
        }
        func directives(_ list: [Directive]) {
            for directive in list {
                check(directive.name, .directive(directive.name.value))
                for argument in directive.arguments {
                    check(argument.name, .argument(owner: .directive(directive.name.value), name: argument.name.value))
                }
            }
        }
        func inputValues(_ values: [InputValueDefinition], owner: Owner?, inputType: String?) {
            for value in values {
                if let owner { check(value.name, .argument(owner: owner, name: value.name.value)) }
                if let inputType { check(value.name, .inputField(type: inputType, name: value.name.value)) }
                check(value.type.namedType, .type(value.type.namedType.value))
                directives(value.directives)
            }
        }
        for definition in Parser.parse(source).document.definitions {
            guard definition.range.start <= offset, offset <= definition.range.end else { continue }
            switch definition {
            case .type(let type):
                let typeName = type.name.value
                check(type.name, .type(typeName))
                for name in type.interfaces + type.unionMembers { check(name, .type(name.value)) }
                directives(type.directives)
                for field in type.fields {
                    check(field.name, .field(type: typeName, name: field.name.value))
                    inputValues(field.arguments, owner: .field(type: typeName, name: field.name.value), inputType: nil)
                    check(field.type.namedType, .type(field.type.namedType.value))
                    directives(field.directives)
                }
                for value in type.enumValues {
                    check(value.name, .enumValue(type: typeName, name: value.name.value))
                    directives(value.directives)
                }
                inputValues(type.inputFields, owner: nil, inputType: typeName)
            case .directive(let directive):
                check(directive.name, .directive(directive.name.value))
                inputValues(directive.arguments, owner: .directive(directive.name.value), inputType: nil)
                directives(directive.directives)
            case .schema(let schemaDefinition):
                for operation in schemaDefinition.operationTypes { check(operation.type, .type(operation.type.value)) }
                directives(schemaDefinition.directives)
            case .operation, .fragment:
                break
            }
        }
        return hit
    }

    /// The element in `schema`, as hover and definition know it.
    package func symbol(in schema: Schema) -> GraphQLSymbol? {
        switch self {
        case .type(let name):
            return schema.typeIndex[name].map { .type($0) }
        case .field(let type, let name):
            guard let id = schema.typeIndex[type], let field = schema[id].field(name) else { return nil }
            return .field(parent: id, field: field)
        case .argument(.field(let type, let field), let name):
            return schema.typeIndex[type].flatMap { schema[$0].field(field)?.argument(name) }.map { .argument($0) }
        case .argument(.directive(let directive), let name):
            return schema.directive(named: directive)?.argument(name).map { .argument($0) }
        case .inputField(let type, let name):
            guard let id = schema.typeIndex[type], let field = schema[id].inputField(name) else { return nil }
            return .inputField(type: id, field: field)
        case .enumValue(let type, let name):
            guard let id = schema.typeIndex[type], let value = schema[id].enumValue(name) else { return nil }
            return .enumValue(type: id, value: value)
        case .directive(let name):
            return schema.directive(named: name).map { .directive($0) }
        }
    }

    /// Every use of the element in the project's documents, as locations of the names in
    /// their GraphQL sources, in file order. A field is used where it is selected on its
    /// type, on a type implementing it (an interface's field) or on an interface the type
    /// implements (a selection there reads the type's field too).
    package func uses(in index: ProjectIndex, schema: Schema) -> [Location] {
        var walker = UseWalker(target: self, schema: schema)
        for entry in index.entries {
            walker.source = entry.hostDocument.source
            walker.document(entry.document)
        }
        return walker.found
    }
}

/// The typed walk behind `SchemaElement.uses`: each selection set with its parent type, each
/// value with its input type.
struct UseWalker {
    let target: SchemaElement
    let schema: Schema
    var source = Source(name: "", text: "")
    var found: [Location] = []

    init(target: SchemaElement, schema: Schema) {
        self.target = target
        self.schema = schema
    }

    mutating func hit(_ name: Name, _ element: SchemaElement) {
        if element == target { found.append(Location(source: source, range: name.range)) }
    }

    mutating func document(_ document: Document) {
        for definition in document.definitions {
            switch definition {
            case .operation(let operation):
                for variable in operation.variableDefinitions {
                    typeReference(variable.type)
                    directives(variable.directives)
                    if let value = variable.defaultValue { self.value(value, schema.resolve(variable.type)) }
                }
                directives(operation.directives)
                selectionSet(operation.selectionSet, parent: schema.rootType(for: operation.operation))
            case .fragment(let fragment):
                hit(fragment.typeCondition, .type(fragment.typeCondition.value))
                directives(fragment.directives)
                selectionSet(fragment.selectionSet, parent: schema.typeIndex[fragment.typeCondition.value])
            default:
                break
            }
        }
    }

    mutating func typeReference(_ reference: TypeReference) {
        hit(reference.namedType, .type(reference.namedType.value))
    }

    mutating func selectionSet(_ set: SelectionSet, parent: TypeID?) {
        for selection in set.selections {
            switch selection {
            case .field(let field):
                let schemaField = parent.flatMap { schema.field(field.name.value, on: $0) }
                let owner = parent.flatMap { reads(field.name.value, on: $0) }
                if let owner { hit(field.name, .field(type: owner, name: field.name.value)) }
                for argument in field.arguments {
                    if let owner {
                        hit(argument.name, .argument(owner: .field(type: owner, name: field.name.value), name: argument.name.value))
                    }
                    value(argument.value, schemaField?.argument(argument.name.value)?.type)
                }
                directives(field.directives)
                if let inner = field.selectionSet { selectionSet(inner, parent: schemaField?.type.namedType) }
            case .inlineFragment(let inline):
                if let condition = inline.typeCondition { hit(condition, .type(condition.value)) }
                directives(inline.directives)
                selectionSet(inline.selectionSet, parent: inline.typeCondition.map { schema.typeIndex[$0.value] } ?? parent)
            case .fragmentSpread(let spread):
                directives(spread.directives)
            }
        }
    }

    /// The type whose field `name` the target names, when selecting `name` on `parent` reads
    /// it: `parent` itself, an interface `parent` implements, or a type implementing `parent`.
    func reads(_ name: String, on parent: TypeID) -> String? {
        let wanted: String
        switch target {
        case .field(let type, let field) where field == name: wanted = type
        case .argument(.field(let type, let field), _) where field == name: wanted = type
        default: return nil
        }
        let parentType = schema[parent]
        if parentType.name == wanted { return wanted }
        guard let wantedID = schema.typeIndex[wanted] else { return nil }
        if parentType.interfaces.contains(wantedID) || schema[wantedID].interfaces.contains(parent) { return wanted }
        return nil
    }

    mutating func directives(_ list: [Directive]) {
        for directive in list {
            let name = directive.name.value
            hit(directive.name, .directive(name))
            let definition = schema.directive(named: name)
            for argument in directive.arguments {
                hit(argument.name, .argument(owner: .directive(name), name: argument.name.value))
                value(argument.value, definition?.argument(argument.name.value)?.type)
            }
        }
    }

    mutating func value(_ value: Value, _ type: SchemaType?) {
        switch value.kind {
        case .enumValue(let name):
            if let type {
                let named = Name(name, range: value.range)
                hit(named, .enumValue(type: schema[type.namedType].name, name: name))
            }
        case .list(let items):
            for item in items { self.value(item, type?.listElement ?? type) }
        case .object(let fields):
            let inputType = type.map { schema[$0.namedType] }
            for field in fields {
                if let inputType { hit(field.name, .inputField(type: inputType.name, name: field.name.value)) }
                self.value(field.value, inputType?.inputField(field.name.value)?.type)
            }
        default:
            break
        }
    }
}
