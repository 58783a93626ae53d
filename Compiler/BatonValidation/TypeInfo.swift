import BatonSchema
import BatonSyntax

/// The output type at a point of the traversal, trivially copyable: its named type and that
/// type's kind, and the field definition whose type it is. Keeping a `SchemaType` on the stack
/// retained and released its boxed wrappers at every field; the full type is read from the
/// field only when a rule asks for it (`TypeInfo.type`).
struct OutputTypeRef {
    /// The named type; nil when unknown or not an output type.
    let named: TypeID?
    let kind: NamedTypeKind
    /// The field whose type this is; nil for a type named by an operation or a type condition.
    let field: FieldDefRef?

    static let none = OutputTypeRef(named: nil, kind: .scalar, field: nil)
}

/// The schema types at the current point of a traversal (graphql-js's `TypeInfo`): the output
/// type of the current field or fragment, the composite type whose selection set encloses it,
/// the field and directive being visited, and the input type expected by the current argument
/// or value. The traversal pushes and pops; rules only read.
struct TypeInfo {
    let schema: Schema
    private(set) var typeStack: [OutputTypeRef] = []
    private(set) var parentTypeStack: [TypeID?] = []
    private(set) var inputTypeStack: [SchemaType?] = []
    private(set) var fieldDefStack: [FieldDefRef?] = []
    /// Whether the current input position has a default value (an argument or input field
    /// with a default in the schema).
    private(set) var defaultStack: [Bool] = []
    /// The directive being visited, when the schema defines it.
    private(set) var directive: SchemaDirective?
    /// The argument definition being visited, when known.
    private(set) var argument: InputValue?
    /// Field lookups already made (see `FieldLookupCache`).
    private var fieldLookups: FieldLookupCache

    /// `expectedFields`: about how many distinct fields the traversal will meet (see
    /// `FieldLookupCache`).
    init(schema: Schema, expectedFields: Int = 0) {
        self.schema = schema
        self.fieldLookups = FieldLookupCache(expectedPairs: expectedFields)
    }

    /// The current output type, read from its field definition when it has one.
    var type: SchemaType? {
        guard let top = typeStack.last, let named = top.named else { return nil }
        if let field = top.field { return schema.fieldType(field) }
        return .named(named)
    }
    /// The named type of `type`, without making `type`.
    var namedType: TypeID? { typeStack.last?.named }
    /// The kind of `namedType`, when there is one.
    var namedTypeKind: NamedTypeKind? {
        guard let top = typeStack.last, top.named != nil else { return nil }
        return top.kind
    }
    var parentType: TypeID? { parentTypeStack.last ?? nil }
    var inputType: SchemaType? { inputTypeStack.last ?? nil }
    var parentInputType: SchemaType? {
        inputTypeStack.count > 1 ? inputTypeStack[inputTypeStack.count - 2] : nil
    }
    var fieldDef: FieldDefRef? { fieldDefStack.last ?? nil }
    var hasDefaultValue: Bool { defaultStack.last ?? false }

    /// A named type as the current output type, when it is one.
    private func output(_ named: TypeID?) -> OutputTypeRef {
        guard let named else { return .none }
        let kind = schema.kind(of: named)
        return kind.isOutput ? OutputTypeRef(named: named, kind: kind, field: nil) : .none
    }

    private func asInput(_ type: SchemaType?) -> SchemaType? {
        guard let type else { return nil }
        return schema.kind(of: type.namedType).isInput ? type : nil
    }

    mutating func enterSelectionSet() {
        if let top = typeStack.last, let named = top.named, top.kind.isComposite {
            parentTypeStack.append(named)
        } else {
            parentTypeStack.append(nil)
        }
    }

    mutating func leaveSelectionSet() { parentTypeStack.removeLast() }

    mutating func enterField(_ name: String) {
        guard let parent = parentType else {
            fieldDefStack.append(nil)
            typeStack.append(.none)
            return
        }
        let found = fieldLookups.lookup(name, on: parent, in: schema)
        fieldDefStack.append(found.field)
        typeStack.append(found)
    }

    mutating func leaveField() {
        fieldDefStack.removeLast()
        typeStack.removeLast()
    }

    mutating func enterDirective(_ name: String) { directive = schema.directive(named: name) }
    mutating func leaveDirective() { directive = nil }

    mutating func enterOperation(_ operation: OperationType) {
        if let root = schema.rootType(for: operation), schema.kind(of: root) == .object {
            typeStack.append(OutputTypeRef(named: root, kind: .object, field: nil))
        } else {
            typeStack.append(.none)
        }
    }

    /// Leaves an operation, an inline fragment or a fragment definition.
    mutating func leaveTypedDefinition() { typeStack.removeLast() }

    mutating func enterInlineFragment(_ typeCondition: Name?) {
        if let typeCondition {
            typeStack.append(output(schema.namedType(typeCondition)))
        } else {
            typeStack.append(output(namedType))
        }
    }

    mutating func enterFragmentDefinition(_ typeCondition: Name) {
        typeStack.append(output(schema.namedType(typeCondition)))
    }

    mutating func enterVariableDefinition(_ type: TypeReference) {
        inputTypeStack.append(asInput(schema.resolve(type)))
    }

    mutating func leaveVariableDefinition() { inputTypeStack.removeLast() }

    /// An argument of the current directive when the schema knows it, else of the current field
    /// (graphql-js falls back to the field even inside an unknown directive).
    mutating func enterArgument(_ name: String) {
        var definition: InputValue?
        if let directive {
            definition = directive.argument(name)
        } else if let field = fieldDef {
            definition = schema.fieldArguments(field).first { $0.name == name }
        }
        argument = definition
        defaultStack.append(definition?.defaultValue != nil)
        inputTypeStack.append(asInput(definition?.type))
    }

    mutating func leaveArgument() {
        argument = nil
        defaultStack.removeLast()
        inputTypeStack.removeLast()
    }

    mutating func enterListValue() {
        defaultStack.append(false)
        inputTypeStack.append(inputType?.listElement)
    }

    mutating func enterObjectField(_ name: String) {
        var field: InputValue?
        if let named = inputType?.namedType, schema.kind(of: named) == .inputObject {
            field = schema.inputFieldPosition(name, onTypeAt: Int(named.index))
                .map { schema.types[Int(named.index)].inputFields[$0] }
        }
        defaultStack.append(field?.defaultValue != nil)
        inputTypeStack.append(asInput(field?.type))
    }

    /// Leaves a list value or an object field.
    mutating func leaveInputPosition() {
        defaultStack.removeLast()
        inputTypeStack.removeLast()
    }
}
