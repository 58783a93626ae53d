import BatonDiagnostics
import BatonSyntax

// The built schema: every named type, field, argument, enum value and directive, resolved and
// indexed, immutable once built. Types are referred to by `TypeID` (an index), so type
// references are small values and the whole schema is `Sendable` without locks.

/// A named type's index in `Schema.types`.
package struct TypeID: Hashable, Sendable, Comparable {
    package let index: Int32

    package init(_ index: Int) { self.index = Int32(index) }

    package static func < (a: TypeID, b: TypeID) -> Bool { a.index < b.index }
}

/// A type reference inside the schema: a named type, possibly wrapped in lists and non-null.
package enum SchemaType: Hashable, Sendable {
    // Only the wrappers are boxed: a named type (most references) costs no allocation.
    case named(TypeID)
    indirect case list(SchemaType)
    indirect case nonNull(SchemaType)

    package var namedType: TypeID {
        switch self {
        case .named(let id): id
        case .list(let t): t.namedType
        case .nonNull(let t): t.namedType
        }
    }

    package var isNonNull: Bool { if case .nonNull = self { true } else { false } }

    /// The type without its outermost non-null.
    package var nullable: SchemaType { if case .nonNull(let t) = self { t } else { self } }

    /// Whether the type, ignoring an outer non-null, is a list.
    package var isList: Bool { if case .list = nullable { true } else { false } }

    /// The element type of a list (ignoring an outer non-null), or nil.
    package var listElement: SchemaType? { if case .list(let t) = nullable { t } else { nil } }
}

package enum NamedTypeKind: String, Sendable, Hashable {
    case scalar = "SCALAR"
    case object = "OBJECT"
    case interface = "INTERFACE"
    case union = "UNION"
    case `enum` = "ENUM"
    case inputObject = "INPUT_OBJECT"

    /// Objects, interfaces and unions: types with selection sets.
    package var isComposite: Bool { self == .object || self == .interface || self == .union }
    package var isAbstract: Bool { self == .interface || self == .union }
    /// Scalars and enums: the types a selection ends on.
    package var isLeaf: Bool { self == .scalar || self == .enum }
    /// Types a variable or argument may have.
    package var isInput: Bool { self == .scalar || self == .enum || self == .inputObject }
    /// Types a field may return.
    package var isOutput: Bool { self != .inputObject }
}

/// Where a definition came from: the server's schema or a client schema extension
/// (`schemaExtensions` in baton.json), whose fields never reach the server.
package enum DefinitionOrigin: Sendable, Hashable {
    case builtIn
    case server
    case client
}

package struct SchemaField: Sendable {
    package var name: String
    /// Kept undecoded until read (see `DescriptionText`).
    package var descriptionText: DescriptionText?
    package var description: String? {
        get { descriptionText?.value }
        set { descriptionText = newValue.map(DescriptionText.init) }
    }
    package var arguments: [InputValue]
    package var type: SchemaType
    /// The `@deprecated` reason, when deprecated (`"No longer supported"` when written bare).
    package var deprecationReason: String?
    package var directives: [Directive]
    package var origin: DefinitionOrigin
    package var location: Location?

    package init(
        name: String, description: String?, arguments: [InputValue], type: SchemaType,
        deprecationReason: String?, directives: [Directive], origin: DefinitionOrigin, location: Location?
    ) {
        self.init(
            name: name, descriptionText: description.map(DescriptionText.init), arguments: arguments, type: type,
            deprecationReason: deprecationReason, directives: directives, origin: origin, location: location)
    }

    package init(
        name: String, descriptionText: DescriptionText?, arguments: [InputValue], type: SchemaType,
        deprecationReason: String?, directives: [Directive], origin: DefinitionOrigin, location: Location?
    ) {
        self.name = name
        self.descriptionText = descriptionText
        self.arguments = arguments
        self.type = type
        self.deprecationReason = deprecationReason
        self.directives = directives
        self.origin = origin
        self.location = location
    }

    package var isDeprecated: Bool { deprecationReason != nil }

    package func argument(_ name: String) -> InputValue? { arguments.first { $0.name == name } }
}

/// An argument or an input object field.
package struct InputValue: Sendable {
    package var name: String
    /// Kept undecoded until read (see `DescriptionText`).
    package var descriptionText: DescriptionText?
    package var description: String? {
        get { descriptionText?.value }
        set { descriptionText = newValue.map(DescriptionText.init) }
    }
    package var type: SchemaType
    /// The default as written in the SDL.
    package var defaultValue: Value?
    /// The source the default value's ranges point into.
    package var defaultValueSource: Source?
    package var deprecationReason: String?
    package var directives: [Directive]
    package var location: Location?

    package init(
        name: String, description: String?, type: SchemaType, defaultValue: Value?, defaultValueSource: Source?,
        deprecationReason: String?, directives: [Directive], location: Location?
    ) {
        self.init(
            name: name, descriptionText: description.map(DescriptionText.init), type: type, defaultValue: defaultValue,
            defaultValueSource: defaultValueSource,
            deprecationReason: deprecationReason, directives: directives, location: location)
    }

    package init(
        name: String, descriptionText: DescriptionText?, type: SchemaType, defaultValue: Value?, defaultValueSource: Source?,
        deprecationReason: String?, directives: [Directive], location: Location?
    ) {
        self.name = name
        self.descriptionText = descriptionText
        self.type = type
        self.defaultValue = defaultValue
        self.defaultValueSource = defaultValueSource
        self.deprecationReason = deprecationReason
        self.directives = directives
        self.location = location
    }

    package var isDeprecated: Bool { deprecationReason != nil }
    /// Required: non-null with no default.
    package var isRequired: Bool { type.isNonNull && defaultValue == nil }
}

package struct EnumValue: Sendable {
    package var name: String
    /// Kept undecoded until read (see `DescriptionText`).
    package var descriptionText: DescriptionText?
    package var description: String? {
        get { descriptionText?.value }
        set { descriptionText = newValue.map(DescriptionText.init) }
    }
    package var deprecationReason: String?
    package var directives: [Directive]
    package var location: Location?

    package init(name: String, description: String?, deprecationReason: String?, directives: [Directive], location: Location?) {
        self.init(
            name: name, descriptionText: description.map(DescriptionText.init), deprecationReason: deprecationReason,
            directives: directives, location: location)
    }

    package init(name: String, descriptionText: DescriptionText?, deprecationReason: String?, directives: [Directive], location: Location?)
    {
        self.name = name
        self.descriptionText = descriptionText
        self.deprecationReason = deprecationReason
        self.directives = directives
        self.location = location
    }

    package var isDeprecated: Bool { deprecationReason != nil }
}

package struct NamedType: Sendable {
    package var id: TypeID
    package var name: String
    package var kind: NamedTypeKind
    /// Kept undecoded until read (see `DescriptionText`).
    package var descriptionText: DescriptionText?
    package var description: String? {
        get { descriptionText?.value }
        set { descriptionText = newValue.map(DescriptionText.init) }
    }
    /// Objects and interfaces, in definition order (extensions' fields after the definition's).
    package var fields: [SchemaField]
    /// Each field's position by name, the first of a repeated name (built on each call:
    /// `fieldPosition(_:)` looks one name up without building anything).
    package var fieldIndex: [String: Int] {
        Dictionary(fields.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })
    }
    /// The index behind `fieldPosition(_:)`, kept in step with `fields` by the builder.
    package var fieldLookup: NameIndex
    /// The interfaces an object or interface implements.
    package var interfaces: [TypeID]
    /// For a union, its members; for an interface, the object types implementing it; both in
    /// schema order. Empty for other kinds.
    package var possibleTypes: [TypeID]
    package var enumValues: [EnumValue]
    package var inputFields: [InputValue]
    /// Each input field's position by name (built on each call; see `inputFieldPosition(_:)`).
    package var inputFieldIndex: [String: Int] {
        Dictionary(inputFields.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })
    }
    package var inputFieldLookup: NameIndex
    /// `@specifiedBy(url:)` of a scalar.
    package var specifiedByURL: String?
    /// `@oneOf` on an input object.
    package var isOneOf: Bool
    package var directives: [Directive]
    package var origin: DefinitionOrigin
    /// The definition, then each extension.
    package var locations: [Location]

    package init(
        id: TypeID, name: String, kind: NamedTypeKind, description: String? = nil,
        fields: [SchemaField] = [], interfaces: [TypeID] = [], possibleTypes: [TypeID] = [],
        enumValues: [EnumValue] = [], inputFields: [InputValue] = [], specifiedByURL: String? = nil,
        isOneOf: Bool = false, directives: [Directive] = [], origin: DefinitionOrigin, locations: [Location] = []
    ) {
        self.init(
            id: id, name: name, kind: kind, descriptionText: description.map(DescriptionText.init), fields: fields, interfaces: interfaces,
            possibleTypes: possibleTypes,
            enumValues: enumValues, inputFields: inputFields, specifiedByURL: specifiedByURL,
            isOneOf: isOneOf, directives: directives, origin: origin, locations: locations)
    }

    package init(
        id: TypeID, name: String, kind: NamedTypeKind, descriptionText: DescriptionText?,
        fields: [SchemaField] = [], interfaces: [TypeID] = [], possibleTypes: [TypeID] = [],
        enumValues: [EnumValue] = [], inputFields: [InputValue] = [], specifiedByURL: String? = nil,
        isOneOf: Bool = false, directives: [Directive] = [], origin: DefinitionOrigin, locations: [Location] = []
    ) {
        self.id = id
        self.name = name
        self.kind = kind
        self.descriptionText = descriptionText
        self.fields = fields
        self.fieldLookup = NameIndex(names: fields.count) { fields[$0].name }
        self.interfaces = interfaces
        self.possibleTypes = possibleTypes
        self.enumValues = enumValues
        self.inputFields = inputFields
        self.inputFieldLookup = NameIndex(names: inputFields.count) { inputFields[$0].name }
        self.specifiedByURL = specifiedByURL
        self.isOneOf = isOneOf
        self.directives = directives
        self.origin = origin
        self.locations = locations
    }

    package func field(_ name: String) -> SchemaField? {
        fieldPosition(name).map { fields[$0] }
    }

    package func inputField(_ name: String) -> InputValue? {
        inputFieldPosition(name).map { inputFields[$0] }
    }

    /// The position in `fields` of the field named `name`.
    package func fieldPosition(_ name: String) -> Int? {
        fields.withUnsafeBufferPointer { fields in fieldLookup.position(of: name) { fields[$0].name } }
    }

    /// The position in `inputFields` of the input field named `name`.
    package func inputFieldPosition(_ name: String) -> Int? {
        inputFields.withUnsafeBufferPointer { fields in inputFieldLookup.position(of: name) { fields[$0].name } }
    }

    package func enumValue(_ name: String) -> EnumValue? {
        enumValues.first { $0.name == name }
    }
}

package struct SchemaDirective: Sendable {
    package var name: String
    package var description: String?
    package var arguments: [InputValue]
    package var locations: [DirectiveLocation]
    package var isRepeatable: Bool
    package var origin: DefinitionOrigin
    package var location: Location?
    /// Directives applied to the definition and by `extend directive` (graphql-core 3.3).
    package var directives: [Directive]

    package init(
        name: String, description: String?, arguments: [InputValue], locations: [DirectiveLocation],
        isRepeatable: Bool, origin: DefinitionOrigin, location: Location?, directives: [Directive] = []
    ) {
        self.directives = directives
        self.name = name
        self.description = description
        self.arguments = arguments
        self.locations = locations
        self.isRepeatable = isRepeatable
        self.origin = origin
        self.location = location
    }

    package func argument(_ name: String) -> InputValue? { arguments.first { $0.name == name } }
}

/// A built, validated schema. Built by `SchemaBuilder`; never mutated afterwards.
package final class Schema: Sendable {
    package let types: [NamedType]
    package let typeIndex: [String: TypeID]
    /// The same positions as `typeIndex`, for `typeID(named:)`.
    private let typeLookup: NameIndex
    package let directives: [SchemaDirective]
    package let directiveIndex: [String: Int]
    package let queryType: TypeID?
    package let mutationType: TypeID?
    package let subscriptionType: TypeID?
    package let description: String?
    /// Every object or interface type's interfaces, by type index, as graphql-core's
    /// subtype map has them: the declared ones (a valid schema declares every transitive
    /// interface, and the checks report any missing). A handful each, so a linear search
    /// beats hashing.
    private let implementations: [[TypeID]]

    /// The meta-fields every selection may ask for, resolved by `field(_:on:)`.
    package let typenameField: SchemaField
    package let schemaField: SchemaField
    package let typeField: SchemaField

    package convenience init(
        types: [NamedType], directives: [SchemaDirective], queryType: TypeID?, mutationType: TypeID?,
        subscriptionType: TypeID?, description: String?,
        typenameField: SchemaField, schemaField: SchemaField, typeField: SchemaField
    ) {
        self.init(
            types: types, typeIndex: Dictionary(types.map { ($0.name, $0.id) }, uniquingKeysWith: { a, _ in a }),
            typeLookup: NameIndex(names: types.count) { types[$0].name }, directives: directives,
            directiveIndex: Dictionary(directives.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a }),
            queryType: queryType, mutationType: mutationType, subscriptionType: subscriptionType,
            description: description, typenameField: typenameField, schemaField: schemaField, typeField: typeField)
    }

    /// With the indexes the builder already has, so they are not built twice.
    init(
        types: [NamedType], typeIndex: [String: TypeID], typeLookup: NameIndex, directives: [SchemaDirective],
        directiveIndex: [String: Int],
        queryType: TypeID?, mutationType: TypeID?, subscriptionType: TypeID?, description: String?,
        typenameField: SchemaField, schemaField: SchemaField, typeField: SchemaField
    ) {
        self.types = types
        self.typeIndex = typeIndex
        self.typeLookup = typeLookup
        self.directives = directives
        self.directiveIndex = directiveIndex
        self.queryType = queryType
        self.mutationType = mutationType
        self.subscriptionType = subscriptionType
        self.description = description
        self.typenameField = typenameField
        self.schemaField = schemaField
        self.typeField = typeField
        var implementations: [[TypeID]] = []
        implementations.reserveCapacity(types.count)
        types.withUnsafeBufferPointer { types in
            for index in types.indices { implementations.append(types[index].interfaces) }
        }
        self.implementations = implementations
    }

    package subscript(id: TypeID) -> NamedType { types[Int(id.index)] }

    package func type(named name: String) -> NamedType? {
        typeID(named: name).map { types[Int($0.index)] }
    }

    /// The ID of the type named `name` (what `typeIndex[name]` gives, found faster).
    package func typeID(named name: String) -> TypeID? {
        types.withUnsafeBufferPointer { types in typeLookup.position(of: name) { types[$0].name } }.map { TypeID($0) }
    }

    package func directive(named name: String) -> SchemaDirective? {
        directiveIndex[name].map { directives[$0] }
    }

    package func rootType(for operation: OperationType) -> TypeID? {
        switch operation {
        case .query: queryType
        case .mutation: mutationType
        case .subscription: subscriptionType
        }
    }

    /// A field of a composite type, including the meta-fields: `__typename` on every
    /// composite type, `__schema` and `__type` on the query root.
    package func field(_ name: String, on type: TypeID) -> SchemaField? {
        types.withUnsafeBufferPointer { types in
            let i = Int(type.index)
            let kind = types[i].kind
            if name.hasPrefix("__") {
                if name == "__typename" && kind.isComposite { return typenameField }
                if type == queryType {
                    if name == "__schema" { return schemaField }
                    if name == "__type" { return typeField }
                }
            }
            guard kind == .object || kind == .interface, let index = fieldPosition(name, onTypeAt: i) else { return nil }
            return types[i].fields[index]
        }
    }

    /// The position of field `name` in the fields of the type at `index`, read in place:
    /// calling `types[index].fieldPosition(name)` would copy the whole type first.
    package func fieldPosition(_ name: String, onTypeAt index: Int) -> Int? {
        types.withUnsafeBufferPointer { types in
            // Borrowed through the pointer: copying the index or the fields out retained them.
            let type = types.baseAddress.unsafelyUnwrapped + index
            return type.pointee.fields.withUnsafeBufferPointer { fields in
                type.pointee.fieldLookup.position(of: name) { fields[$0].name }
            }
        }
    }

    /// The position of input field `name` of the type at `index`, read in place.
    package func inputFieldPosition(_ name: String, onTypeAt index: Int) -> Int? {
        types.withUnsafeBufferPointer { types in
            let type = types.baseAddress.unsafelyUnwrapped + index
            let lookup = type.pointee.inputFieldLookup
            return type.pointee.inputFields.withUnsafeBufferPointer { fields in
                lookup.position(of: name) { fields[$0].name }
            }
        }
    }

    /// A type's kind, read in place.
    func kind(of type: TypeID) -> NamedTypeKind {
        types.withUnsafeBufferPointer { $0[Int(type.index)].kind }
    }

    /// The object types a composite type may be at run time: itself for an object, the
    /// members of a union, the implementations of an interface.
    package func possibleTypes(of type: TypeID) -> [TypeID] {
        switch kind(of: type) {
        case .object: return [type]
        case .interface, .union: return types.withUnsafeBufferPointer { $0[Int(type.index)].possibleTypes }
        default: return []
        }
    }

    /// Whether `sub` is `abstract` itself, one of its possible types, or (for interfaces) an
    /// interface implementing it.
    package func isSubType(_ sub: TypeID, of abstract: TypeID) -> Bool {
        if sub == abstract { return true }
        switch kind(of: abstract) {
        case .union: return types.withUnsafeBufferPointer { $0[Int(abstract.index)].possibleTypes.contains(sub) }
        case .interface: return implementations[Int(sub.index)].contains(abstract)
        default: return false
        }
    }

    /// Whether two composite types can describe the same object (graphql-js `doTypesOverlap`).
    package func typesOverlap(_ a: TypeID, _ b: TypeID) -> Bool {
        if a == b { return true }
        let ka = kind(of: a)
        let kb = kind(of: b)
        if ka.isAbstract {
            if kb.isAbstract {
                let other = Set(possibleTypes(of: b))
                return possibleTypes(of: a).contains { other.contains($0) }
            }
            return isSubType(b, of: a)
        }
        if kb.isAbstract { return isSubType(a, of: b) }
        return false
    }

    /// Whether a value of type `sub` may be used where `sup` is expected (graphql-js
    /// `isTypeSubTypeOf`), as in VariablesInAllowedPosition.
    package func isTypeSubType(_ sub: SchemaType, of sup: SchemaType) -> Bool {
        if sub == sup { return true }
        if case .nonNull(let superInner) = sup {
            if case .nonNull(let subInner) = sub { return isTypeSubType(subInner, of: superInner) }
            return false
        }
        if case .nonNull(let subInner) = sub { return isTypeSubType(subInner, of: sup) }
        if case .list(let superInner) = sup {
            if case .list(let subInner) = sub { return isTypeSubType(subInner, of: superInner) }
            return false
        }
        if case .list = sub { return false }
        let superNamed = sup.namedType
        let subNamed = sub.namedType
        let subKind = kind(of: subNamed)
        return kind(of: superNamed).isAbstract && (subKind == .object || subKind == .interface)
            && isSubType(subNamed, of: superNamed)
    }

    /// The type as GraphQL spells it: `[ID!]!`.
    package func text(of type: SchemaType) -> String {
        switch type {
        case .named(let id): types.withUnsafeBufferPointer { $0[Int(id.index)].name }
        case .list(let t): "[\(text(of: t))]"
        case .nonNull(let t): "\(text(of: t))!"
        }
    }

    /// Resolves a type written in a document against the schema; nil when a name is unknown.
    package func resolve(_ reference: TypeReference) -> SchemaType? {
        switch reference {
        case .named(let name): typeID(named: name.value).map { .named($0) }
        case .list(let inner, _): resolve(inner).map { .list($0) }
        case .nonNull(let inner, _): resolve(inner).map { .nonNull($0) }
        }
    }
}
