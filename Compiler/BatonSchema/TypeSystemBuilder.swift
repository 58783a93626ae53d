import BatonDiagnostics
import BatonSyntax

// The builder's working state: the model under construction and, beside it, the AST nodes
// each part came from.

/// A member's place in its type's nodes: `typeNodes[type][node]`'s `member`-th field, input
/// field or enum value. Indices rather than copies keep building free of reference counting.
struct MemberRef: Sendable {
    var node: Int32
    var member: Int32
}

/// An AST node with the source it was parsed from.
struct Located<Node: Sendable>: Sendable {
    let node: Node
    let source: Source

    func location(_ range: SourceRange) -> Location { Location(source: source, range: range) }
}

/// What the schema held before the client extensions were added: the "existing schema"
/// their validation refers to.
struct ServerSnapshot {
    let typeCount: Int
    let fieldCounts: [Int]
    let enumValueCounts: [Int]
    let inputFieldCounts: [Int]
    let directiveCount: Int
    let hasSchemaDefinitionOrRoot: Bool
    let rootTypes: [OperationType: TypeID]
}

/// The mutable state of a build: the model under construction plus, beside it, the AST nodes
/// each part came from, which validation needs for its positions.
///
/// The builder is used by one thread and its properties are never accessed overlapping, so the
/// hot ones skip the run-time exclusivity check (a thread-local lookup on every access,
/// several percent of building a large schema).
final class TypeSystemBuilder {
    @exclusivity(unchecked) var types: [NamedType] = []
    /// Type positions by name (`typeID(_:)`); the schema's `typeIndex` dictionary is made once
    /// at the end.
    @exclusivity(unchecked) var typeLookup = NameIndex(capacity: 2048)
    /// Per type: its definition (absent for a built-in) then each extension applied.
    @exclusivity(unchecked) var typeNodes: [[Located<TypeDefinition>]] = []
    /// Whether `typeNodes[i][0]` is the definition (false for extensions of a built-in).
    @exclusivity(unchecked) var hasDefinitionNode: [Bool] = []
    /// Parallel to `types[i].fields`, `.inputFields`, `.enumValues`.
    @exclusivity(unchecked) var fieldNodes: [[MemberRef]] = []
    @exclusivity(unchecked) var inputFieldNodes: [[MemberRef]] = []
    @exclusivity(unchecked) var enumValueNodes: [[MemberRef]] = []
    /// Type names whose nodes had a name collision or an unknown reference: only for these
    /// do the SDL rules need to look at every member (the others are known to be fine).
    @exclusivity(unchecked) var needsFullCheck = Set<String>()
    /// Whether some type definition reused a name (so UniqueTypeNames has work to do).
    var typeNameCollision = false
    /// Interfaces and union members as written (known names only), before filtering.
    @exclusivity(unchecked) var writtenInterfaces: [[TypeID]] = []
    @exclusivity(unchecked) var writtenMembers: [[TypeID]] = []

    @exclusivity(unchecked) var directives: [SchemaDirective] = []
    var directiveIndex: [String: Int] = [:]
    @exclusivity(unchecked) var directiveNodes: [Located<DirectiveDefinition>?] = []

    var schemaNodes: [(Located<SchemaDefinition>, DefinitionOrigin)] = []
    var rootTypes: [OperationType: TypeID] = [:]
    var rootTypeNodes: [OperationType: Located<OperationTypeDefinition>] = [:]
    var description: String?

    init() {
        types.reserveCapacity(2048)
        typeNodes.reserveCapacity(2048)
    }

    // Reading one property through `types[i]` copies the whole `NamedType` (Array's getter
    // returns the element); these read it in place.
    @inline(__always) func kindOf(_ index: Int) -> NamedTypeKind { types.withUnsafeBufferPointer { $0[index].kind } }
    @inline(__always) func nameOf(_ index: Int) -> String { types.withUnsafeBufferPointer { $0[index].name } }
    @inline(__always) func originOf(_ index: Int) -> DefinitionOrigin { types.withUnsafeBufferPointer { $0[index].origin } }

    func typeID(_ name: String) -> TypeID? {
        typeID(name, hash: NameIndex.hash(name))
    }

    @inline(__always) func typeID(_ name: String, hash: UInt64) -> TypeID? {
        types.withUnsafeBufferPointer { types in
            typeLookup.position(of: name, hash: hash) { types[$0].name }.map { TypeID($0) }
        }
    }

    func snapshot() -> ServerSnapshot {
        let roots = computeRoots()
        return ServerSnapshot(
            typeCount: types.count, fieldCounts: types.map(\.fields.count),
            enumValueCounts: types.map(\.enumValues.count),
            inputFieldCounts: types.map(\.inputFields.count), directiveCount: directives.count,
            hasSchemaDefinitionOrRoot: roots.hasDefinition || !roots.types.isEmpty,
            rootTypes: roots.types)
    }

    // MARK: Passes

    func addPass(_ documents: [Document], origin: DefinitionOrigin) {
        var newTypes: [Int] = []
        let firstTypeOfPass = types.count
        var newDirectives: [(Int, Located<DirectiveDefinition>)] = []
        var extensionNodes: [Located<TypeDefinition>] = []
        var directiveExtensions: [DirectiveDefinition] = []

        // Names first, so references resolve whatever order definitions come in.
        for document in documents {
            let source = document.source
            for definition in document.definitions {
                switch definition {
                case .type(let t):
                    if t.isExtension {
                        extensionNodes.append(Located(node: t, source: source))
                        continue
                    }
                    let nameHash = NameIndex.hash(t.name.value)
                    if typeID(t.name.value, hash: nameHash) != nil {
                        // A duplicate or a built-in's name: the rules will look closely.
                        typeNameCollision = true
                        needsFullCheck.insert(t.name.value)
                        continue
                    }
                    let id = TypeID(types.count)
                    types.append(
                        NamedType(
                            id: id, name: t.name.value, kind: t.kind.schemaKind,
                            descriptionText: t.description?.text, directives: t.directives, origin: origin,
                            locations: [Location(source: source, range: t.range)]))
                    typeLookup.insert(hash: nameHash, position: types.count - 1)
                    typeNodes.append([Located(node: t, source: source)])
                    hasDefinitionNode.append(true)
                    fieldNodes.append([])
                    inputFieldNodes.append([])
                    enumValueNodes.append([])
                    writtenInterfaces.append([])
                    writtenMembers.append([])
                    newTypes.append(id.index.asInt)
                case .directive(let d):
                    // `extend directive @a @tag` only adds directives, once every definition is in.
                    if d.isExtension {
                        directiveExtensions.append(d)
                        continue
                    }
                    let located = Located(node: d, source: source)
                    if let existing = directiveIndex[d.name.value] {
                        // The server's SDL may redefine a built-in directive; it then replaces it.
                        if origin == .server && directives[existing].origin == .builtIn {
                            directives[existing].origin = .server
                            directiveNodes[existing] = located
                            newDirectives.append((existing, located))
                        }
                        continue
                    }
                    directiveIndex[d.name.value] = directives.count
                    directives.append(
                        SchemaDirective(
                            name: d.name.value, description: d.description?.value, arguments: [],
                            locations: [], isRepeatable: d.isRepeatable, origin: origin,
                            location: Location(source: source, range: d.range)))
                    directiveNodes.append(located)
                    newDirectives.append((directives.count - 1, located))
                case .schema(let s):
                    schemaNodes.append((Located(node: s, source: source), origin))
                case .operation, .fragment:
                    continue
                }
            }
        }
        // Extensions join their type's nodes; members are built per type, definition first.
        var extendedTypes: [Int] = []
        var firstNewNode: [Int: Int] = [:]
        for ext in extensionNodes {
            guard let id = typeID(ext.node.name.value) else {
                needsFullCheck.insert(ext.node.name.value)
                continue
            }
            let index = id.index.asInt
            // The server's SDL cannot extend a built-in type (graphql-core: not defined), and
            // an extension of another kind is refused.
            guard !(origin == .server && originOf(index) == .builtIn),
                kindOf(index) == ext.node.kind.schemaKind
            else {
                needsFullCheck.insert(ext.node.name.value)
                continue
            }
            if firstNewNode[index] == nil {
                firstNewNode[index] = typeNodes[index].count
                if index < firstTypeOfPass { extendedTypes.append(index) }
            }
            if typeNodes[index].isEmpty { hasDefinitionNode[index] = false }
            typeNodes[index].append(ext)
            types[index].locations.append(ext.location(ext.node.range))
            types[index].directives += ext.node.directives
        }

        for (index, located) in newDirectives { buildDirective(index, located, origin: origin) }
        for d in directiveExtensions {
            if let index = directiveIndex[d.name.value] { directives[index].directives += d.directives }
        }
        for index in newTypes {
            addMembers(to: index, fromNode: 0, origin: origin)
            applyTypeDirectives(index)
        }
        for index in extendedTypes {
            addMembers(to: index, fromNode: firstNewNode[index]!, origin: origin)
            applyTypeDirectives(index)
        }
    }

    private func buildDirective(_ index: Int, _ located: Located<DirectiveDefinition>, origin: DefinitionOrigin) {
        let d = located.node
        var arguments: [InputValue] = []
        var seen = Set<String>()
        for arg in d.arguments where seen.insert(arg.name.value).inserted {
            if let value = inputValue(arg, located.source) { arguments.append(value) }
        }
        directives[index].arguments = arguments
        directives[index].description = d.description?.value
        directives[index].isRepeatable = d.isRepeatable
        directives[index].location = located.location(d.range)
        directives[index].locations = d.locations.compactMap { DirectiveLocation(rawValue: $0.value) }
        directives[index].directives = d.directives
    }

    /// Builds the members of `typeNodes[index][fromNode...]` into the type, in local arrays
    /// so nothing is copied or rehashed on the way.
    private func addMembers(to index: Int, fromNode: Int, origin: DefinitionOrigin) {
        let kind = kindOf(index)
        let nodes = typeNodes[index]
        let typeName = nameOf(index)
        switch kind {
        case .object, .interface:
            var fields: [SchemaField] = []
            var fieldLookup = NameIndex()
            var refs: [MemberRef] = []
            swap(&fields, &types[index].fields)
            swap(&fieldLookup, &types[index].fieldLookup)
            swap(&refs, &fieldNodes[index])
            var interfaces: [TypeID] = []
            swap(&interfaces, &writtenInterfaces[index])
            fieldLookup.reserve(fields.count + nodes[fromNode...].reduce(0) { $0 + $1.node.fields.count })
            for n in fromNode..<nodes.count {
                let t = nodes[n].node
                let source = nodes[n].source
                for name in t.interfaces {
                    if let id = typeID(name.value) { interfaces.append(id) } else { needsFullCheck.insert(typeName) }
                }
                let count = t.fields.count
                fields.reserveCapacity(fields.count + count)
                refs.reserveCapacity(refs.count + count)
                // Through a buffer pointer: `t.fields[m].x` would copy the whole definition.
                t.fields.withUnsafeBufferPointer { definitions in
                    for m in definitions.indices {
                        let name = definitions[m].name.value
                        let nameHash = NameIndex.hash(name)
                        let known = fields.withUnsafeBufferPointer { fields in
                            fieldLookup.position(of: name, hash: nameHash) { fields[$0].name }
                        }
                        guard known == nil else {
                            needsFullCheck.insert(typeName)
                            continue
                        }
                        guard let type = resolve(definitions[m].type) else {
                            needsFullCheck.insert(typeName)
                            continue
                        }
                        var arguments: [InputValue] = []
                        definitions[m].arguments.withUnsafeBufferPointer { argumentNodes in
                            guard !argumentNodes.isEmpty else { return }
                            arguments.reserveCapacity(argumentNodes.count)
                            // A linear search suits real fields; a hostile one with thousands
                            // of arguments gets a set.
                            var names: Set<String>? = argumentNodes.count > 32 ? [] : nil
                            for a in argumentNodes.indices {
                                let name = argumentNodes[a].name.value
                                let seen: Bool
                                if names == nil {
                                    seen = Self.holds(arguments, name)
                                } else {
                                    seen = !names!.insert(name).inserted
                                }
                                if seen {
                                    needsFullCheck.insert(typeName)
                                    continue
                                }
                                if let value = inputValue(argumentNodes, a, source) {
                                    arguments.append(value)
                                } else {
                                    needsFullCheck.insert(typeName)
                                }
                            }
                        }
                        // Every member computed into a constant before the field is made: with
                        // a call or the mutable `arguments` among its arguments, the new field
                        // was copied into the array (and the original destroyed).
                        let argumentList = arguments
                        let directives = definitions[m].directives
                        let description = definitions[m].description?.text
                        let deprecation = deprecationReason(directives)
                        let location = Location(source: source, range: definitions[m].range)
                        fieldLookup.insert(hash: nameHash, position: fields.count)
                        fields.append(
                            SchemaField(
                                name: name, descriptionText: description, arguments: argumentList, type: type,
                                deprecationReason: deprecation, directives: directives, origin: origin,
                                location: location))
                        refs.append(MemberRef(node: Int32(n), member: Int32(m)))
                    }
                }
            }
            swap(&fields, &types[index].fields)
            swap(&fieldLookup, &types[index].fieldLookup)
            swap(&refs, &fieldNodes[index])
            swap(&interfaces, &writtenInterfaces[index])
        case .union:
            for n in fromNode..<nodes.count {
                for name in nodes[n].node.unionMembers {
                    if let id = typeID(name.value) {
                        writtenMembers[index].append(id)
                    } else {
                        needsFullCheck.insert(typeName)
                    }
                }
            }
        case .enum:
            var values: [EnumValue] = []
            swap(&values, &types[index].enumValues)
            // Names seen through a NameIndex over `values` (a Set<String> hashed each name with
            // SipHash and grew as it went).
            var names = NameIndex(names: values.count) { values[$0].name }
            names.reserve(values.count + nodes[fromNode...].reduce(0) { $0 + $1.node.enumValues.count })
            for n in fromNode..<nodes.count {
                let t = nodes[n].node
                let source = nodes[n].source
                t.enumValues.withUnsafeBufferPointer { definitions in
                    for m in definitions.indices {
                        let name = definitions[m].name.value
                        let nameHash = NameIndex.hash(name)
                        let known = values.withUnsafeBufferPointer { values in
                            names.position(of: name, hash: nameHash) { values[$0].name }
                        }
                        guard known == nil else {
                            needsFullCheck.insert(typeName)
                            continue
                        }
                        names.insert(hash: nameHash, position: values.count)
                        let directives = definitions[m].directives
                        let description = definitions[m].description?.text
                        let deprecation = deprecationReason(directives)
                        let location = Location(source: source, range: definitions[m].range)
                        values.append(
                            EnumValue(
                                name: name, descriptionText: description, deprecationReason: deprecation,
                                directives: directives, location: location))
                        enumValueNodes[index].append(MemberRef(node: Int32(n), member: Int32(m)))
                    }
                }
            }
            swap(&values, &types[index].enumValues)
        case .inputObject:
            var fields: [InputValue] = []
            var fieldLookup = NameIndex()
            swap(&fields, &types[index].inputFields)
            swap(&fieldLookup, &types[index].inputFieldLookup)
            fieldLookup.reserve(fields.count + nodes[fromNode...].reduce(0) { $0 + $1.node.inputFields.count })
            for n in fromNode..<nodes.count {
                let t = nodes[n].node
                for m in t.inputFields.indices {
                    let name = t.inputFields[m].name.value
                    let nameHash = NameIndex.hash(name)
                    let known = fields.withUnsafeBufferPointer { fields in
                        fieldLookup.position(of: name, hash: nameHash) { fields[$0].name }
                    }
                    guard known == nil, let value = inputValue(t.inputFields[m], nodes[n].source) else {
                        needsFullCheck.insert(typeName)
                        continue
                    }
                    fieldLookup.insert(hash: nameHash, position: fields.count)
                    fields.append(value)
                    inputFieldNodes[index].append(MemberRef(node: Int32(n), member: Int32(m)))
                }
            }
            swap(&fields, &types[index].inputFields)
            swap(&fieldLookup, &types[index].inputFieldLookup)
        case .scalar:
            break
        }
    }

    func fieldNode(_ typeIndex: Int, _ fieldIndex: Int) -> Located<FieldDefinition> {
        let ref = fieldNodes[typeIndex][fieldIndex]
        let node = typeNodes[typeIndex][Int(ref.node)]
        return Located(node: node.node.fields[Int(ref.member)], source: node.source)
    }

    func inputFieldNode(_ typeIndex: Int, _ fieldIndex: Int) -> Located<InputValueDefinition> {
        let ref = inputFieldNodes[typeIndex][fieldIndex]
        let node = typeNodes[typeIndex][Int(ref.node)]
        return Located(node: node.node.inputFields[Int(ref.member)], source: node.source)
    }

    /// `@specifiedBy` and `@oneOf` read from every node of the type.
    private func applyTypeDirectives(_ index: Int) {
        for directive in types.withUnsafeBufferPointer({ $0[index].directives }) {
            switch directive.name.value {
            case "specifiedBy":
                if case .string(let url, _)? = directive.argument("url")?.value.kind { types[index].specifiedByURL = url }
            case "oneOf":
                types[index].isOneOf = kindOf(index) == .inputObject
            default:
                break
            }
        }
    }

    /// Whether `values` holds one named `name`, read in place (`contains(where:)` copied each
    /// value to compare its name).
    private static func holds(_ values: [InputValue], _ name: String) -> Bool {
        values.withUnsafeBufferPointer { values in
            for i in values.indices where values[i].name == name { return true }
            return false
        }
    }

    /// `inputValue(_:_:)` of `definitions[index]`, read in place rather than copied out.
    private func inputValue(
        _ definitions: UnsafeBufferPointer<InputValueDefinition>, _ index: Int,
        _ source: Source
    ) -> InputValue? {
        guard let type = resolve(definitions[index].type) else { return nil }
        // Members first, then the value (see `addMembers`).
        let name = definitions[index].name.value
        let description = definitions[index].description?.text
        let defaultValue = definitions[index].defaultValue
        let directives = definitions[index].directives
        let deprecation = deprecationReason(directives)
        let location = Location(source: source, range: definitions[index].range)
        return InputValue(
            name: name, descriptionText: description, type: type, defaultValue: defaultValue,
            defaultValueSource: defaultValue == nil ? nil : source,
            deprecationReason: deprecation, directives: directives, location: location)
    }

    private func inputValue(_ definition: InputValueDefinition, _ source: Source) -> InputValue? {
        guard let type = resolve(definition.type) else { return nil }
        return InputValue(
            name: definition.name.value, descriptionText: definition.description?.text, type: type,
            defaultValue: definition.defaultValue, defaultValueSource: definition.defaultValue == nil ? nil : source,
            deprecationReason: deprecationReason(definition.directives), directives: definition.directives,
            location: Location(source: source, range: definition.range))
    }

    func resolve(_ reference: TypeReference) -> SchemaType? {
        switch reference {
        case .named(let name):
            return typeID(name.value).map { .named($0) }
        case .list(let inner, _):
            return resolve(inner).map { .list($0) }
        case .nonNull(let inner, _):
            // `T!` is the commonest wrapped type: one shared box per type instead of one each.
            if case .named(let name) = inner {
                guard let id = typeID(name.value) else { return nil }
                let index = Int(id.index)
                if index < nonNullNamed.count, let shared = nonNullNamed[index] { return shared }
                if index >= nonNullNamed.count {
                    nonNullNamed.append(contentsOf: repeatElement(nil, count: index + 1 - nonNullNamed.count))
                }
                let type = SchemaType.nonNull(.named(id))
                nonNullNamed[index] = type
                return type
            }
            return resolve(inner).map { .nonNull($0) }
        }
    }

    @exclusivity(unchecked) private var nonNullNamed: [SchemaType?] = []

    private func deprecationReason(_ directives: [Directive]) -> String? {
        guard !directives.isEmpty, let deprecated = directives.first(where: { $0.name.value == "deprecated" }) else {
            return nil
        }
        if case .string(let reason, _)? = deprecated.argument("reason")?.value.kind { return reason }
        return "No longer supported"
    }

    // MARK: Finishing

    func defaultRoots() -> [OperationType: TypeID] {
        var roots: [OperationType: TypeID] = [:]
        for (operation, name) in [(OperationType.query, "Query"), (.mutation, "Mutation"), (.subscription, "Subscription")] {
            if let id = typeID(name), originOf(id.index.asInt) != .builtIn { roots[operation] = id }
        }
        return roots
    }

    /// Root types from `schema { … }` and `extend schema { … }` (the first per operation),
    /// else, without a schema definition, the types named Query, Mutation and Subscription.
    func computeRoots() -> (
        types: [OperationType: TypeID], nodes: [OperationType: Located<OperationTypeDefinition>],
        hasDefinition: Bool
    ) {
        var roots: [OperationType: TypeID] = [:]
        var nodes: [OperationType: Located<OperationTypeDefinition>] = [:]
        var hasSchemaDefinition = false
        for (located, origin) in schemaNodes where origin != .builtIn {
            if !located.node.isExtension { hasSchemaDefinition = true }
            for operationType in located.node.operationTypes where nodes[operationType.operation] == nil {
                nodes[operationType.operation] = Located(node: operationType, source: located.source)
                if let id = typeID(operationType.type.value) { roots[operationType.operation] = id }
            }
        }
        if !hasSchemaDefinition {
            for (operation, id) in defaultRoots() where nodes[operation] == nil { roots[operation] = id }
        }
        return (roots, nodes, hasSchemaDefinition)
    }

    /// The IDs kept by `include`, each once, in order (a set only for long lists).
    private func uniqued(_ ids: [TypeID], _ include: (TypeID) -> Bool) -> [TypeID] {
        var result: [TypeID] = []
        var seen: Set<TypeID>? = ids.count > 32 ? [] : nil
        for id in ids where include(id) {
            let new: Bool
            if seen == nil {
                new = !result.contains(id)
            } else {
                new = seen!.insert(id).inserted
            }
            if new { result.append(id) }
        }
        return result
    }

    func finish() -> Schema {
        // Interfaces and union members keep only what the model can stand for; the checks
        // report the rest from `writtenInterfaces` / `writtenMembers`.
        for index in types.indices {
            switch kindOf(index) {
            case .object, .interface:
                let interfaces = uniqued(writtenInterfaces[index]) {
                    self.kindOf($0.index.asInt) == .interface && $0.index.asInt != index
                }
                if !interfaces.isEmpty { types[index].interfaces = interfaces }
            case .union:
                types[index].possibleTypes = uniqued(writtenMembers[index]) { self.kindOf($0.index.asInt) == .object }
            default:
                break
            }
        }
        for index in types.indices where kindOf(index) == .object {
            for interface in types.withUnsafeBufferPointer({ $0[index].interfaces }) {
                types[interface.index.asInt].possibleTypes.append(TypeID(index))
            }
        }

        let roots = computeRoots()
        rootTypes = roots.types
        rootTypeNodes = roots.nodes
        description = schemaNodes.first { !$0.0.node.isExtension && $0.1 != .builtIn }?.0.node.description?.value

        let typename = SchemaField(
            name: "__typename", description: "The name of the current Object type at runtime.",
            arguments: [], type: .nonNull(named("String")), deprecationReason: nil, directives: [],
            origin: .builtIn, location: nil)
        let schemaField = SchemaField(
            name: "__schema", description: "Access the current type schema of this server.",
            arguments: [], type: .nonNull(named("__Schema")), deprecationReason: nil,
            directives: [], origin: .builtIn, location: nil)
        let nameArgument = InputValue(
            name: "name", description: nil, type: .nonNull(named("String")), defaultValue: nil,
            defaultValueSource: nil, deprecationReason: nil, directives: [], location: nil)
        let typeField = SchemaField(
            name: "__type", description: "Request the type information of a single type.",
            arguments: [nameArgument], type: named("__Type"), deprecationReason: nil,
            directives: [], origin: .builtIn, location: nil)
        var typeIndex: [String: TypeID] = [:]
        typeIndex.reserveCapacity(types.count)
        // In place: iterating `types` would copy each whole type.
        types.withUnsafeBufferPointer { types in
            for i in types.indices { typeIndex[types[i].name] = types[i].id }
        }
        return Schema(
            types: types, typeIndex: typeIndex, typeLookup: typeLookup, directives: directives, directiveIndex: directiveIndex,
            queryType: rootTypes[.query],
            mutationType: rootTypes[.mutation], subscriptionType: rootTypes[.subscription],
            description: description, typenameField: typename, schemaField: schemaField, typeField: typeField)
    }

    private func named(_ name: String) -> SchemaType { .named(typeID(name)!) }
}

extension Int32 {
    @inline(__always) var asInt: Int { Int(self) }
}

extension TypeDefinitionKind {
    var schemaKind: NamedTypeKind {
        switch self {
        case .scalar: .scalar
        case .object: .object
        case .interface: .interface
        case .union: .union
        case .enum: .enum
        case .inputObject: .inputObject
        }
    }
}
