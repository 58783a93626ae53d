import BatonDiagnostics

// The syntax tree of a GraphQL document, executable and type-system alike, as the grammar of
// the specification (Appendix B) describes it. Nodes are values; each keeps the UTF-8 range it
// was parsed from in its document's `Source`, so every later stage can point back at the text.

/// A parsed document: the definitions of one source, in order.
package struct Document: Sendable {
    package var source: Source
    package var definitions: [Definition]

    package init(source: Source, definitions: [Definition]) {
        self.source = source
        self.definitions = definitions
    }

    package func location(_ range: SourceRange) -> Location { Location(source: source, range: range) }

    package var operations: [OperationDefinition] {
        definitions.compactMap { if case .operation(let o) = $0 { return o } else { return nil } }
    }

    package var fragments: [FragmentDefinition] {
        definitions.compactMap { if case .fragment(let f) = $0 { return f } else { return nil } }
    }
}

package enum Definition: Sendable {
    case operation(OperationDefinition)
    case fragment(FragmentDefinition)
    /// `schema { … }` or `extend schema …`.
    case schema(SchemaDefinition)
    /// A type definition or a type extension (`extend type …`).
    case type(TypeDefinition)
    case directive(DirectiveDefinition)

    package var range: SourceRange {
        switch self {
        case .operation(let d): d.range
        case .fragment(let d): d.range
        case .schema(let d): d.range
        case .type(let d): d.range
        case .directive(let d): d.range
        }
    }

    /// Whether the definition belongs to an executable document (an operation or a fragment).
    package var isExecutable: Bool {
        switch self {
        case .operation, .fragment: true
        default: false
        }
    }
}

package struct Name: Hashable, Sendable, CustomStringConvertible {
    package var value: String
    package var range: SourceRange

    package init(_ value: String, range: SourceRange) {
        self.value = value
        self.range = range
    }

    package var description: String { value }
}

// MARK: - Executable definitions

package enum OperationType: String, Sendable, Hashable, CaseIterable {
    case query, mutation, subscription
}

package struct OperationDefinition: Sendable {
    package var operation: OperationType
    /// Nil for an anonymous operation, including the `{ … }` shorthand.
    package var name: Name?
    package var variableDefinitions: [VariableDefinition]
    package var directives: [Directive]
    package var selectionSet: SelectionSet
    /// The range of the `query`/`mutation`/`subscription` keyword; nil for the shorthand.
    package var operationKeywordRange: SourceRange?
    package var range: SourceRange
    /// A description before the operation keyword (executable descriptions, newer spec
    /// and graphql-core 3.3); never on the shorthand.
    package var description: Description?

    package init(
        operation: OperationType, name: Name?, variableDefinitions: [VariableDefinition],
        directives: [Directive], selectionSet: SelectionSet,
        operationKeywordRange: SourceRange?, range: SourceRange, description: Description? = nil
    ) {
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

package struct VariableDefinition: Sendable {
    /// The variable's name without `$`; its range covers `$name`.
    package var variable: Name
    package var type: TypeReference
    package var defaultValue: Value?
    package var directives: [Directive]
    package var range: SourceRange
    /// A description before `$name` (executable descriptions).
    package var description: Description?

    package init(
        variable: Name, type: TypeReference, defaultValue: Value?, directives: [Directive], range: SourceRange,
        description: Description? = nil
    ) {
        self.description = description
        self.variable = variable
        self.type = type
        self.defaultValue = defaultValue
        self.directives = directives
        self.range = range
    }
}

package struct SelectionSet: Sendable {
    package var selections: [Selection]
    /// From `{` to `}` inclusive.
    package var range: SourceRange

    package init(selections: [Selection], range: SourceRange) {
        self.selections = selections
        self.range = range
    }
}

/// A field is one reference (see `Field`) and the rarer spreads and inline fragments are boxed,
/// so a selection is one word: arrays of selections stay small, and copying one out of its
/// array (every walk does) retains one object instead of each of the node's members.
package enum Selection: Sendable {
    case field(Field)
    indirect case fragmentSpread(FragmentSpread)
    indirect case inlineFragment(InlineFragment)

    package var range: SourceRange {
        switch self {
        case .field(let f): f.range
        case .fragmentSpread(let s): s.range
        case .inlineFragment(let i): i.range
        }
    }

    package var directives: [Directive] {
        switch self {
        case .field(let f): f.directives
        case .fragmentSpread(let s): s.directives
        case .inlineFragment(let i): i.directives
        }
    }

    /// For a field, the key its value has in a response (the alias, else the name); nil for a
    /// spread or an inline fragment. Inlinable, so reading it from an array element does not
    /// copy the whole field.
    @inlinable package var responseKey: String? {
        if case .field(let f) = self { return f.alias?.value ?? f.name.value }
        return nil
    }
}

/// A field selection. Its members live in one shared, immutable object: a field is copied
/// wherever a selection is switched over (the validation walk, every rule), and copying the
/// members one by one (names, arrays) cost more than the rest of the walk. Setting a member
/// makes a new object, so a `Field` behaves as a value.
package struct Field: Sendable {
    @usableFromInline
    final class Storage: Sendable {
        @usableFromInline let alias: Name?
        @usableFromInline let name: Name
        @usableFromInline let arguments: [Argument]
        @usableFromInline let directives: [Directive]
        @usableFromInline let selectionSet: SelectionSet?
        @usableFromInline let range: SourceRange

        @usableFromInline
        init(
            alias: Name?, name: Name, arguments: [Argument], directives: [Directive],
            selectionSet: SelectionSet?, range: SourceRange
        ) {
            self.alias = alias
            self.name = name
            self.arguments = arguments
            self.directives = directives
            self.selectionSet = selectionSet
            self.range = range
        }
    }

    @usableFromInline var storage: Storage

    package init(
        alias: Name?, name: Name, arguments: [Argument], directives: [Directive],
        selectionSet: SelectionSet?, range: SourceRange
    ) {
        storage = Storage(
            alias: alias, name: name, arguments: arguments, directives: directives,
            selectionSet: selectionSet, range: range)
    }

    @inlinable package var alias: Name? {
        get { storage.alias }
        set {
            self = Field(
                alias: newValue, name: name, arguments: arguments, directives: directives,
                selectionSet: selectionSet, range: range)
        }
    }

    @inlinable package var name: Name {
        get { storage.name }
        set {
            self = Field(
                alias: alias, name: newValue, arguments: arguments, directives: directives,
                selectionSet: selectionSet, range: range)
        }
    }

    @inlinable package var arguments: [Argument] {
        get { storage.arguments }
        set {
            self = Field(
                alias: alias, name: name, arguments: newValue, directives: directives,
                selectionSet: selectionSet, range: range)
        }
    }

    @inlinable package var directives: [Directive] {
        get { storage.directives }
        set {
            self = Field(
                alias: alias, name: name, arguments: arguments, directives: newValue,
                selectionSet: selectionSet, range: range)
        }
    }

    @inlinable package var selectionSet: SelectionSet? {
        get { storage.selectionSet }
        set {
            self = Field(
                alias: alias, name: name, arguments: arguments, directives: directives,
                selectionSet: newValue, range: range)
        }
    }

    @inlinable package var range: SourceRange {
        get { storage.range }
        set {
            self = Field(
                alias: alias, name: name, arguments: arguments, directives: directives,
                selectionSet: selectionSet, range: newValue)
        }
    }

    /// The key the field's value has in a response: the alias, else the name.
    @inlinable package var responseKey: String { storage.alias?.value ?? storage.name.value }
}

package struct Argument: Sendable {
    package var name: Name
    package var value: Value
    package var range: SourceRange

    package init(name: Name, value: Value, range: SourceRange) {
        self.name = name
        self.value = value
        self.range = range
    }
}

package struct FragmentSpread: Sendable {
    package var name: Name
    package var directives: [Directive]
    package var range: SourceRange

    package init(name: Name, directives: [Directive], range: SourceRange) {
        self.name = name
        self.directives = directives
        self.range = range
    }
}

package struct InlineFragment: Sendable {
    package var typeCondition: Name?
    package var directives: [Directive]
    package var selectionSet: SelectionSet
    package var range: SourceRange

    package init(typeCondition: Name?, directives: [Directive], selectionSet: SelectionSet, range: SourceRange) {
        self.typeCondition = typeCondition
        self.directives = directives
        self.selectionSet = selectionSet
        self.range = range
    }
}

package struct FragmentDefinition: Sendable {
    package var name: Name
    package var typeCondition: Name
    package var directives: [Directive]
    package var selectionSet: SelectionSet
    package var range: SourceRange
    /// A description before `fragment` (executable descriptions).
    package var description: Description?

    package init(
        name: Name, typeCondition: Name, directives: [Directive], selectionSet: SelectionSet, range: SourceRange,
        description: Description? = nil
    ) {
        self.description = description
        self.name = name
        self.typeCondition = typeCondition
        self.directives = directives
        self.selectionSet = selectionSet
        self.range = range
    }
}

package struct Directive: Sendable {
    package var name: Name
    package var arguments: [Argument]
    /// From `@` to the end of the arguments.
    package var range: SourceRange

    package init(name: Name, arguments: [Argument], range: SourceRange) {
        self.name = name
        self.arguments = arguments
        self.range = range
    }

    package func argument(_ name: String) -> Argument? {
        arguments.first { $0.name.value == name }
    }
}

// MARK: - Values and types

package struct Value: Sendable {
    package indirect enum Kind: Sendable {
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

    package var kind: Kind
    package var range: SourceRange

    package init(_ kind: Kind, range: SourceRange) {
        self.kind = kind
        self.range = range
    }

    package var isNull: Bool { if case .null = kind { true } else { false } }

    package var variableName: String? { if case .variable(let n) = kind { n } else { nil } }
}

package struct ObjectField: Sendable {
    package var name: Name
    package var value: Value
    package var range: SourceRange

    package init(name: Name, value: Value, range: SourceRange) {
        self.name = name
        self.value = value
        self.range = range
    }
}

/// A type as written in a document: `Character`, `[ID!]`, `String!`.
package enum TypeReference: Sendable {
    // Only the wrappers are boxed: a named type (most references) costs no allocation.
    case named(Name)
    indirect case list(TypeReference, range: SourceRange)
    indirect case nonNull(TypeReference, range: SourceRange)

    package var range: SourceRange {
        switch self {
        case .named(let n): n.range
        case .list(_, let r): r
        case .nonNull(_, let r): r
        }
    }

    /// The named type at the bottom of any wrapping.
    package var namedType: Name {
        switch self {
        case .named(let n): n
        case .list(let t, _): t.namedType
        case .nonNull(let t, _): t.namedType
        }
    }

    /// The type as GraphQL spells it: `[ID!]!`.
    package var text: String {
        switch self {
        case .named(let n): n.value
        case .list(let t, _): "[\(t.text)]"
        case .nonNull(let t, _): "\(t.text)!"
        }
    }
}

// MARK: - Type-system definitions

/// A description string before a type-system definition.
package struct Description: Sendable {
    /// The value, decoded from the source when read (see `DescriptionText`).
    package var text: DescriptionText
    package var block: Bool
    package var range: SourceRange

    package var value: String {
        get { text.value }
        set { text = DescriptionText(newValue) }
    }

    package init(value: String, block: Bool, range: SourceRange) {
        self.text = DescriptionText(value)
        self.block = block
        self.range = range
    }

    package init(text: DescriptionText, block: Bool, range: SourceRange) {
        self.text = text
        self.block = block
        self.range = range
    }
}

package struct SchemaDefinition: Sendable {
    /// `extend schema …` rather than `schema …`.
    package var isExtension: Bool
    package var description: Description?
    package var directives: [Directive]
    package var operationTypes: [OperationTypeDefinition]
    package var range: SourceRange

    package init(
        isExtension: Bool, description: Description?, directives: [Directive],
        operationTypes: [OperationTypeDefinition], range: SourceRange
    ) {
        self.isExtension = isExtension
        self.description = description
        self.directives = directives
        self.operationTypes = operationTypes
        self.range = range
    }
}

package struct OperationTypeDefinition: Sendable {
    package var operation: OperationType
    package var type: Name
    package var range: SourceRange

    package init(operation: OperationType, type: Name, range: SourceRange) {
        self.operation = operation
        self.type = type
        self.range = range
    }
}

package enum TypeDefinitionKind: String, Sendable, Hashable {
    case scalar
    case object = "type"
    case interface, union, `enum`
    case inputObject = "input"

    /// The keyword that introduces the definition.
    package var keyword: String { rawValue }
}

/// A type definition or extension of any kind. Only the members its kind allows are filled:
/// fields for objects and interfaces, `unionMembers` for unions, `enumValues` for enums,
/// `inputFields` for input objects.
package struct TypeDefinition: Sendable {
    package var kind: TypeDefinitionKind
    /// `extend type …` and the like.
    package var isExtension: Bool
    package var description: Description?
    package var name: Name
    package var interfaces: [Name]
    package var directives: [Directive]
    package var fields: [FieldDefinition]
    package var unionMembers: [Name]
    package var enumValues: [EnumValueDefinition]
    package var inputFields: [InputValueDefinition]
    package var range: SourceRange

    package init(
        kind: TypeDefinitionKind, isExtension: Bool, description: Description?, name: Name,
        interfaces: [Name] = [], directives: [Directive] = [], fields: [FieldDefinition] = [],
        unionMembers: [Name] = [], enumValues: [EnumValueDefinition] = [],
        inputFields: [InputValueDefinition] = [], range: SourceRange
    ) {
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

package struct FieldDefinition: Sendable {
    package var description: Description?
    package var name: Name
    package var arguments: [InputValueDefinition]
    package var type: TypeReference
    package var directives: [Directive]
    package var range: SourceRange

    package init(
        description: Description?, name: Name, arguments: [InputValueDefinition], type: TypeReference,
        directives: [Directive], range: SourceRange
    ) {
        self.description = description
        self.name = name
        self.arguments = arguments
        self.type = type
        self.directives = directives
        self.range = range
    }
}

/// An argument definition or an input object field.
package struct InputValueDefinition: Sendable {
    package var description: Description?
    package var name: Name
    package var type: TypeReference
    package var defaultValue: Value?
    package var directives: [Directive]
    package var range: SourceRange

    package init(
        description: Description?, name: Name, type: TypeReference, defaultValue: Value?,
        directives: [Directive], range: SourceRange
    ) {
        self.description = description
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.directives = directives
        self.range = range
    }
}

package struct EnumValueDefinition: Sendable {
    package var description: Description?
    package var name: Name
    package var directives: [Directive]
    package var range: SourceRange

    package init(description: Description?, name: Name, directives: [Directive], range: SourceRange) {
        self.description = description
        self.name = name
        self.directives = directives
        self.range = range
    }
}

package struct DirectiveDefinition: Sendable {
    package var description: Description?
    package var name: Name
    package var arguments: [InputValueDefinition]
    package var isRepeatable: Bool
    /// The locations as written (`FIELD`, `FRAGMENT_SPREAD`, ...), each with its range.
    package var locations: [Name]
    package var range: SourceRange
    /// Directives applied to the directive definition (`directive @a @tag on FIELD`), which
    /// graphql-core 3.3 accepts.
    package var directives: [Directive]
    /// `extend directive @a @tag` (graphql-core 3.3): only `name` and `directives` are set;
    /// there are no arguments and no locations.
    package var isExtension: Bool

    package init(
        description: Description?, name: Name, arguments: [InputValueDefinition], isRepeatable: Bool,
        locations: [Name], range: SourceRange, directives: [Directive] = [], isExtension: Bool = false
    ) {
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
package enum DirectiveLocation: String, Sendable, Hashable, CaseIterable {
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
