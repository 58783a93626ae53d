import BatonDiagnostics

// The syntax tree of a GraphQL document, executable and type-system alike, as the grammar of
// the specification (Appendix B) describes it. Nodes are values; each keeps the UTF-8 range it
// was parsed from in its document's `Source`, so every later stage can point back at the text.

/// A parsed document: the definitions of one source, in order.
public struct Document: Sendable {
    public var source: Source
    public var definitions: [Definition]

    public init(source: Source, definitions: [Definition]) {
        self.source = source
        self.definitions = definitions
    }

    public func location(_ range: SourceRange) -> Location { Location(source: source, range: range) }

    public var operations: [OperationDefinition] {
        definitions.compactMap { if case .operation(let o) = $0 { return o } else { return nil } }
    }

    public var fragments: [FragmentDefinition] {
        definitions.compactMap { if case .fragment(let f) = $0 { return f } else { return nil } }
    }
}

public enum Definition: Sendable {
    case operation(OperationDefinition)
    case fragment(FragmentDefinition)
    /// `schema { … }` or `extend schema …`.
    case schema(SchemaDefinition)
    /// A type definition or a type extension (`extend type …`).
    case type(TypeDefinition)
    case directive(DirectiveDefinition)

    public var range: SourceRange {
        switch self {
        case .operation(let d): d.range
        case .fragment(let d): d.range
        case .schema(let d): d.range
        case .type(let d): d.range
        case .directive(let d): d.range
        }
    }

    /// Whether the definition belongs to an executable document (an operation or a fragment).
    public var isExecutable: Bool {
        switch self {
        case .operation, .fragment: true
        default: false
        }
    }
}

public struct Name: Hashable, Sendable, CustomStringConvertible {
    public var value: String
    public var range: SourceRange

    public init(_ value: String, range: SourceRange) {
        self.value = value
        self.range = range
    }

    public var description: String { value }
}

// MARK: - Executable definitions

public enum OperationType: String, Sendable, Hashable, CaseIterable {
    case query, mutation, subscription
}

public struct OperationDefinition: Sendable {
    public var operation: OperationType
    /// Nil for an anonymous operation, including the `{ … }` shorthand.
    public var name: Name?
    public var variableDefinitions: [VariableDefinition]
    public var directives: [Directive]
    public var selectionSet: SelectionSet
    /// The range of the `query`/`mutation`/`subscription` keyword; nil for the shorthand.
    public var operationKeywordRange: SourceRange?
    public var range: SourceRange
    /// A description before the operation keyword (executable descriptions, newer spec
    /// and graphql-core 3.3); never on the shorthand.
    public var description: Description?

    public init(operation: OperationType, name: Name?, variableDefinitions: [VariableDefinition],
                directives: [Directive], selectionSet: SelectionSet,
                operationKeywordRange: SourceRange?, range: SourceRange, description: Description? = nil) {
        self.description = description
        self.operation = operation
        self.name = name
        self.variableDefinitions = variableDefinitions
        self.directives = directives
        self.selectionSet = selectionSet
        self.operationKeywordRange = operationKeywordRange
        self.range = range
    }
}

public struct VariableDefinition: Sendable {
    /// The variable's name without `$`; its range covers `$name`.
    public var variable: Name
    public var type: TypeReference
    public var defaultValue: Value?
    public var directives: [Directive]
    public var range: SourceRange
    /// A description before `$name` (executable descriptions).
    public var description: Description?

    public init(variable: Name, type: TypeReference, defaultValue: Value?, directives: [Directive], range: SourceRange,
                description: Description? = nil) {
        self.description = description
        self.variable = variable
        self.type = type
        self.defaultValue = defaultValue
        self.directives = directives
        self.range = range
    }
}

public struct SelectionSet: Sendable {
    public var selections: [Selection]
    /// From `{` to `}` inclusive.
    public var range: SourceRange

    public init(selections: [Selection], range: SourceRange) {
        self.selections = selections
        self.range = range
    }
}

/// A field is one reference (see `Field`) and the rarer spreads and inline fragments are boxed,
/// so a selection is one word: arrays of selections stay small, and copying one out of its
/// array (every walk does) retains one object instead of each of the node's members.
public enum Selection: Sendable {
    case field(Field)
    indirect case fragmentSpread(FragmentSpread)
    indirect case inlineFragment(InlineFragment)

    public var range: SourceRange {
        switch self {
        case .field(let f): f.range
        case .fragmentSpread(let s): s.range
        case .inlineFragment(let i): i.range
        }
    }

    public var directives: [Directive] {
        switch self {
        case .field(let f): f.directives
        case .fragmentSpread(let s): s.directives
        case .inlineFragment(let i): i.directives
        }
    }

    /// For a field, the key its value has in a response (the alias, else the name); nil for a
    /// spread or an inline fragment. Inlinable, so reading it from an array element does not
    /// copy the whole field.
    @inlinable public var responseKey: String? {
        if case .field(let f) = self { return f.alias?.value ?? f.name.value }
        return nil
    }
}

/// A field selection. Its members live in one shared, immutable object: a field is copied
/// wherever a selection is switched over (the validation walk, every rule), and copying the
/// members one by one (names, arrays) cost more than the rest of the walk. Setting a member
/// makes a new object, so a `Field` behaves as a value.
public struct Field: Sendable {
    @usableFromInline
    final class Storage: Sendable {
        @usableFromInline let alias: Name?
        @usableFromInline let name: Name
        @usableFromInline let arguments: [Argument]
        @usableFromInline let directives: [Directive]
        @usableFromInline let selectionSet: SelectionSet?
        @usableFromInline let range: SourceRange

        @usableFromInline
        init(alias: Name?, name: Name, arguments: [Argument], directives: [Directive],
             selectionSet: SelectionSet?, range: SourceRange) {
            self.alias = alias
            self.name = name
            self.arguments = arguments
            self.directives = directives
            self.selectionSet = selectionSet
            self.range = range
        }
    }

    @usableFromInline var storage: Storage

    public init(alias: Name?, name: Name, arguments: [Argument], directives: [Directive],
                selectionSet: SelectionSet?, range: SourceRange) {
        storage = Storage(alias: alias, name: name, arguments: arguments, directives: directives,
                          selectionSet: selectionSet, range: range)
    }

    @inlinable public var alias: Name? {
        get { storage.alias }
        set { self = Field(alias: newValue, name: name, arguments: arguments, directives: directives,
                           selectionSet: selectionSet, range: range) }
    }

    @inlinable public var name: Name {
        get { storage.name }
        set { self = Field(alias: alias, name: newValue, arguments: arguments, directives: directives,
                           selectionSet: selectionSet, range: range) }
    }

    @inlinable public var arguments: [Argument] {
        get { storage.arguments }
        set { self = Field(alias: alias, name: name, arguments: newValue, directives: directives,
                           selectionSet: selectionSet, range: range) }
    }

    @inlinable public var directives: [Directive] {
        get { storage.directives }
        set { self = Field(alias: alias, name: name, arguments: arguments, directives: newValue,
                           selectionSet: selectionSet, range: range) }
    }

    @inlinable public var selectionSet: SelectionSet? {
        get { storage.selectionSet }
        set { self = Field(alias: alias, name: name, arguments: arguments, directives: directives,
                           selectionSet: newValue, range: range) }
    }

    @inlinable public var range: SourceRange {
        get { storage.range }
        set { self = Field(alias: alias, name: name, arguments: arguments, directives: directives,
                           selectionSet: selectionSet, range: newValue) }
    }

    /// The key the field's value has in a response: the alias, else the name.
    @inlinable public var responseKey: String { storage.alias?.value ?? storage.name.value }
}

public struct Argument: Sendable {
    public var name: Name
    public var value: Value
    public var range: SourceRange

    public init(name: Name, value: Value, range: SourceRange) {
        self.name = name
        self.value = value
        self.range = range
    }
}

public struct FragmentSpread: Sendable {
    public var name: Name
    public var directives: [Directive]
    public var range: SourceRange

    public init(name: Name, directives: [Directive], range: SourceRange) {
        self.name = name
        self.directives = directives
        self.range = range
    }
}

public struct InlineFragment: Sendable {
    public var typeCondition: Name?
    public var directives: [Directive]
    public var selectionSet: SelectionSet
    public var range: SourceRange

    public init(typeCondition: Name?, directives: [Directive], selectionSet: SelectionSet, range: SourceRange) {
        self.typeCondition = typeCondition
        self.directives = directives
        self.selectionSet = selectionSet
        self.range = range
    }
}

public struct FragmentDefinition: Sendable {
    public var name: Name
    public var typeCondition: Name
    public var directives: [Directive]
    public var selectionSet: SelectionSet
    public var range: SourceRange
    /// A description before `fragment` (executable descriptions).
    public var description: Description?

    public init(name: Name, typeCondition: Name, directives: [Directive], selectionSet: SelectionSet, range: SourceRange,
                description: Description? = nil) {
        self.description = description
        self.name = name
        self.typeCondition = typeCondition
        self.directives = directives
        self.selectionSet = selectionSet
        self.range = range
    }
}

public struct Directive: Sendable {
    public var name: Name
    public var arguments: [Argument]
    /// From `@` to the end of the arguments.
    public var range: SourceRange

    public init(name: Name, arguments: [Argument], range: SourceRange) {
        self.name = name
        self.arguments = arguments
        self.range = range
    }

    public func argument(_ name: String) -> Argument? {
        arguments.first { $0.name.value == name }
    }
}

// MARK: - Values and types

public struct Value: Sendable {
    public indirect enum Kind: Sendable {
        /// `$name`; the string is the name without `$`.
        case variable(String)
        /// The integer as written, so values beyond 64 bits keep their text.
        case int(String)
        /// The float as written.
        case float(String)
        /// The string's value after escapes (and, for a block string, the spec's indentation
        /// removal). `block` says which form was written, so a printer can keep it.
        case string(String, block: Bool)
        case boolean(Bool)
        case null
        case enumValue(String)
        case list([Value])
        case object([ObjectField])
    }

    public var kind: Kind
    public var range: SourceRange

    public init(_ kind: Kind, range: SourceRange) {
        self.kind = kind
        self.range = range
    }

    public var isNull: Bool { if case .null = kind { true } else { false } }

    public var variableName: String? { if case .variable(let n) = kind { n } else { nil } }
}

public struct ObjectField: Sendable {
    public var name: Name
    public var value: Value
    public var range: SourceRange

    public init(name: Name, value: Value, range: SourceRange) {
        self.name = name
        self.value = value
        self.range = range
    }
}

/// A type as written in a document: `Character`, `[ID!]`, `String!`.
public enum TypeReference: Sendable {
    // Only the wrappers are boxed: a named type (most references) costs no allocation.
    case named(Name)
    indirect case list(TypeReference, range: SourceRange)
    indirect case nonNull(TypeReference, range: SourceRange)

    public var range: SourceRange {
        switch self {
        case .named(let n): n.range
        case .list(_, let r): r
        case .nonNull(_, let r): r
        }
    }

    /// The named type at the bottom of any wrapping.
    public var namedType: Name {
        switch self {
        case .named(let n): n
        case .list(let t, _): t.namedType
        case .nonNull(let t, _): t.namedType
        }
    }

    /// The type as GraphQL spells it: `[ID!]!`.
    public var text: String {
        switch self {
        case .named(let n): n.value
        case .list(let t, _): "[\(t.text)]"
        case .nonNull(let t, _): "\(t.text)!"
        }
    }
}

// MARK: - Type-system definitions

/// A description string before a type-system definition.
public struct Description: Sendable {
    /// The value, decoded from the source when read (see `DescriptionText`).
    public var text: DescriptionText
    public var block: Bool
    public var range: SourceRange

    public var value: String {
        get { text.value }
        set { text = DescriptionText(newValue) }
    }

    public init(value: String, block: Bool, range: SourceRange) {
        self.text = DescriptionText(value)
        self.block = block
        self.range = range
    }

    public init(text: DescriptionText, block: Bool, range: SourceRange) {
        self.text = text
        self.block = block
        self.range = range
    }
}

public struct SchemaDefinition: Sendable {
    /// `extend schema …` rather than `schema …`.
    public var isExtension: Bool
    public var description: Description?
    public var directives: [Directive]
    public var operationTypes: [OperationTypeDefinition]
    public var range: SourceRange

    public init(isExtension: Bool, description: Description?, directives: [Directive],
                operationTypes: [OperationTypeDefinition], range: SourceRange) {
        self.isExtension = isExtension
        self.description = description
        self.directives = directives
        self.operationTypes = operationTypes
        self.range = range
    }
}

public struct OperationTypeDefinition: Sendable {
    public var operation: OperationType
    public var type: Name
    public var range: SourceRange

    public init(operation: OperationType, type: Name, range: SourceRange) {
        self.operation = operation
        self.type = type
        self.range = range
    }
}

public enum TypeDefinitionKind: String, Sendable, Hashable {
    case scalar, object = "type", interface, union, `enum`, inputObject = "input"

    /// The keyword that introduces the definition.
    public var keyword: String { rawValue }
}

/// A type definition or extension of any kind. Only the members its kind allows are filled:
/// fields for objects and interfaces, `unionMembers` for unions, `enumValues` for enums,
/// `inputFields` for input objects.
public struct TypeDefinition: Sendable {
    public var kind: TypeDefinitionKind
    /// `extend type …` and the like.
    public var isExtension: Bool
    public var description: Description?
    public var name: Name
    public var interfaces: [Name]
    public var directives: [Directive]
    public var fields: [FieldDefinition]
    public var unionMembers: [Name]
    public var enumValues: [EnumValueDefinition]
    public var inputFields: [InputValueDefinition]
    public var range: SourceRange

    public init(kind: TypeDefinitionKind, isExtension: Bool, description: Description?, name: Name,
                interfaces: [Name] = [], directives: [Directive] = [], fields: [FieldDefinition] = [],
                unionMembers: [Name] = [], enumValues: [EnumValueDefinition] = [],
                inputFields: [InputValueDefinition] = [], range: SourceRange) {
        self.kind = kind
        self.isExtension = isExtension
        self.description = description
        self.name = name
        self.interfaces = interfaces
        self.directives = directives
        self.fields = fields
        self.unionMembers = unionMembers
        self.enumValues = enumValues
        self.inputFields = inputFields
        self.range = range
    }
}

public struct FieldDefinition: Sendable {
    public var description: Description?
    public var name: Name
    public var arguments: [InputValueDefinition]
    public var type: TypeReference
    public var directives: [Directive]
    public var range: SourceRange

    public init(description: Description?, name: Name, arguments: [InputValueDefinition], type: TypeReference,
                directives: [Directive], range: SourceRange) {
        self.description = description
        self.name = name
        self.arguments = arguments
        self.type = type
        self.directives = directives
        self.range = range
    }
}

/// An argument definition or an input object field.
public struct InputValueDefinition: Sendable {
    public var description: Description?
    public var name: Name
    public var type: TypeReference
    public var defaultValue: Value?
    public var directives: [Directive]
    public var range: SourceRange

    public init(description: Description?, name: Name, type: TypeReference, defaultValue: Value?,
                directives: [Directive], range: SourceRange) {
        self.description = description
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.directives = directives
        self.range = range
    }
}

public struct EnumValueDefinition: Sendable {
    public var description: Description?
    public var name: Name
    public var directives: [Directive]
    public var range: SourceRange

    public init(description: Description?, name: Name, directives: [Directive], range: SourceRange) {
        self.description = description
        self.name = name
        self.directives = directives
        self.range = range
    }
}

public struct DirectiveDefinition: Sendable {
    public var description: Description?
    public var name: Name
    public var arguments: [InputValueDefinition]
    public var isRepeatable: Bool
    /// The locations as written (`FIELD`, `FRAGMENT_SPREAD`, ...), each with its range.
    public var locations: [Name]
    public var range: SourceRange
    /// Directives applied to the directive definition (`directive @a @tag on FIELD`), which
    /// graphql-core 3.3 accepts.
    public var directives: [Directive]
    /// `extend directive @a @tag` (graphql-core 3.3): only `name` and `directives` are set;
    /// there are no arguments and no locations.
    public var isExtension: Bool

    public init(description: Description?, name: Name, arguments: [InputValueDefinition], isRepeatable: Bool,
                locations: [Name], range: SourceRange, directives: [Directive] = [], isExtension: Bool = false) {
        self.directives = directives
        self.isExtension = isExtension
        self.description = description
        self.name = name
        self.arguments = arguments
        self.isRepeatable = isRepeatable
        self.locations = locations
        self.range = range
    }
}

/// Where a directive may appear (the specification's DirectiveLocation).
public enum DirectiveLocation: String, Sendable, Hashable, CaseIterable {
    // Executable locations.
    case query = "QUERY"
    case mutation = "MUTATION"
    case subscription = "SUBSCRIPTION"
    case field = "FIELD"
    case fragmentDefinition = "FRAGMENT_DEFINITION"
    case fragmentSpread = "FRAGMENT_SPREAD"
    case inlineFragment = "INLINE_FRAGMENT"
    case variableDefinition = "VARIABLE_DEFINITION"
    // Type-system locations.
    case schema = "SCHEMA"
    case scalar = "SCALAR"
    case object = "OBJECT"
    case fieldDefinition = "FIELD_DEFINITION"
    case argumentDefinition = "ARGUMENT_DEFINITION"
    case interface = "INTERFACE"
    case union = "UNION"
    case `enum` = "ENUM"
    case enumValue = "ENUM_VALUE"
    case inputObject = "INPUT_OBJECT"
    case inputFieldDefinition = "INPUT_FIELD_DEFINITION"
}
