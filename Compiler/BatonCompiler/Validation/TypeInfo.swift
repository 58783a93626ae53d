import BatonSchema
import BatonSyntax

/// The schema types at the current point of a traversal (graphql-js's `TypeInfo`): the output
/// type of the current field or fragment, the composite type whose selection set encloses it,
/// the field and directive being visited, and the input type expected by the current argument
/// or value. The traversal pushes and pops; rules only read.
struct TypeInfo {
    let schema: Schema
    private(set) var typeStack: [SchemaType?] = []
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

    init(schema: Schema) {
        self.schema = schema
    }

    var type: SchemaType? { typeStack.last ?? nil }
    var parentType: TypeID? { parentTypeStack.last ?? nil }
    var inputType: SchemaType? { inputTypeStack.last ?? nil }
    var parentInputType: SchemaType? {
        inputTypeStack.count > 1 ? inputTypeStack[inputTypeStack.count - 2] : nil
    }
    var fieldDef: FieldDefRef? { fieldDefStack.last ?? nil }
    var hasDefaultValue: Bool { defaultStack.last ?? false }

    private func asOutput(_ type: SchemaType?) -> SchemaType? {
        guard let type else { return nil }
        return schema.kind(of: type.namedType).isOutput ? type : nil
    }

    private func asInput(_ type: SchemaType?) -> SchemaType? {
        guard let type else { return nil }
        return schema.kind(of: type.namedType).isInput ? type : nil
    }

    mutating func enterSelectionSet() {
        if let named = type?.namedType, schema.kind(of: named).isComposite {
            parentTypeStack.append(named)
        } else {
            parentTypeStack.append(nil)
        }
    }

    mutating func leaveSelectionSet() { parentTypeStack.removeLast() }

    mutating func enterField(_ name: String) {
        var ref: FieldDefRef?
        if let parent = parentType { ref = schema.fieldRef(name, on: parent) }
        fieldDefStack.append(ref)
        typeStack.append(asOutput(ref.map { schema.fieldType($0) }))
    }

    mutating func leaveField() {
        fieldDefStack.removeLast()
        typeStack.removeLast()
    }

    mutating func enterDirective(_ name: String) { directive = schema.directive(named: name) }
    mutating func leaveDirective() { directive = nil }

    mutating func enterOperation(_ operation: OperationType) {
        if let root = schema.rootType(for: operation), schema.kind(of: root) == .object {
            typeStack.append(.named(root))
        } else {
            typeStack.append(nil)
        }
    }

    /// Leaves an operation, an inline fragment or a fragment definition.
    mutating func leaveTypedDefinition() { typeStack.removeLast() }

    mutating func enterInlineFragment(_ typeCondition: Name?) {
        if let typeCondition {
            typeStack.append(asOutput(schema.namedType(typeCondition).map { .named($0) }))
        } else {
            typeStack.append(asOutput(type.map { .named($0.namedType) }))
        }
    }

    mutating func enterFragmentDefinition(_ typeCondition: Name) {
        typeStack.append(asOutput(schema.namedType(typeCondition).map { .named($0) }))
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
