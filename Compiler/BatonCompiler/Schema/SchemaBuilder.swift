import BatonDiagnostics
import BatonSyntax

/// The schema built from SDL documents, with every finding of type-system validation.
public struct SchemaBuildResult: Sendable {
    /// Nil only when errors make the schema unusable (never so far: definitions with errors
    /// are left out or repaired, so the schema stays consistent).
    public var schema: Schema?
    public var diagnostics: [Diagnostic]

    public init(schema: Schema?, diagnostics: [Diagnostic]) {
        self.schema = schema
        self.diagnostics = diagnostics
    }
}

/// Builds a `Schema` from SDL: the server's documents, then the client schema extensions
/// (Relay's: fields on server types and client-only types), over the built-in definitions.
///
/// Validation follows graphql-core 3.3.2: the server documents are checked like one document
/// by `build_ast_schema` (the SDL rules), the client extensions like a document given to
/// `extend_schema` (so redefining a server type reads "already exists in the schema"), and the
/// result by `validate_schema`. Definitions with errors are left out, so the schema returned
/// is always consistent.
public enum SchemaBuilder {
    public static func build(_ documents: [Document], clientExtensions: [Document] = []) -> SchemaBuildResult {
        let builder = TypeSystemBuilder()
        builder.addPass([BuiltIns.document], origin: .builtIn)
        builder.addPass(documents, origin: .server)
        let serverSnapshot = builder.snapshot()
        builder.addPass(clientExtensions, origin: .client)
        let schema = builder.finish()

        var diagnostics: [Diagnostic] = []
        var sdl = SDLValidator(schema: schema, builder: builder, existing: nil)
        sdl.validate(documents)
        diagnostics += sdl.diagnostics
        if !clientExtensions.isEmpty {
            var client = SDLValidator(schema: schema, builder: builder, existing: serverSnapshot)
            client.validate(clientExtensions)
            diagnostics += client.diagnostics
        }
        var checks = SchemaChecks(schema: schema, builder: builder)
        checks.run()
        diagnostics += checks.diagnostics
        return SchemaBuildResult(schema: schema, diagnostics: diagnostics)
    }
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
final class TypeSystemBuilder {
    var types: [NamedType] = []
    var typeIndex: [String: TypeID] = [:]
    /// Per type: its definition (absent for a built-in) then each extension applied.
    var typeNodes: [[Located<TypeDefinition>]] = []
    /// Whether `typeNodes[i][0]` is the definition (false for extensions of a built-in).
    var hasDefinitionNode: [Bool] = []
    /// Parallel to `types[i].fields`, `.inputFields`, `.enumValues`.
    var fieldNodes: [[Located<FieldDefinition>]] = []
    var inputFieldNodes: [[Located<InputValueDefinition>]] = []
    var enumValueNodes: [[Located<EnumValueDefinition>]] = []
    /// Interfaces and union members as written (known names only), before filtering.
    var writtenInterfaces: [[TypeID]] = []
    var writtenMembers: [[TypeID]] = []

    var directives: [SchemaDirective] = []
    var directiveIndex: [String: Int] = [:]
    var directiveNodes: [Located<DirectiveDefinition>?] = []

    var schemaNodes: [(Located<SchemaDefinition>, DefinitionOrigin)] = []
    var rootTypes: [OperationType: TypeID] = [:]
    var rootTypeNodes: [OperationType: Located<OperationTypeDefinition>] = [:]
    var description: String?

    init() {
        types.reserveCapacity(2048)
        typeNodes.reserveCapacity(2048)
    }

    func snapshot() -> ServerSnapshot {
        let roots = computeRoots()
        return ServerSnapshot(typeCount: types.count, fieldCounts: types.map(\.fields.count),
                              enumValueCounts: types.map(\.enumValues.count),
                              inputFieldCounts: types.map(\.inputFields.count), directiveCount: directives.count,
                              hasSchemaDefinitionOrRoot: roots.hasDefinition || !roots.types.isEmpty,
                              rootTypes: roots.types)
    }

    // MARK: Passes

    func addPass(_ documents: [Document], origin: DefinitionOrigin) {
        var newTypes: [Int] = []
        var newDirectives: [(Int, Located<DirectiveDefinition>)] = []
        var extensions: [(Int, Located<TypeDefinition>)] = []
        var extensionNodes: [Located<TypeDefinition>] = []

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
                    if typeIndex[t.name.value] != nil { continue } // a duplicate or a built-in: reported by rules
                    let id = TypeID(types.count)
                    types.append(NamedType(id: id, name: t.name.value, kind: t.kind.schemaKind,
                                           description: t.description?.value, directives: t.directives, origin: origin,
                                           locations: [Location(source: source, range: t.range)]))
                    typeIndex[t.name.value] = id
                    typeNodes.append([Located(node: t, source: source)])
                    hasDefinitionNode.append(true)
                    fieldNodes.append([])
                    inputFieldNodes.append([])
                    enumValueNodes.append([])
                    writtenInterfaces.append([])
                    writtenMembers.append([])
                    newTypes.append(id.index.asInt)
                case .directive(let d):
                    // `extend directive @a @tag` only adds directives; they are read from the AST.
                    if d.isExtension { continue }
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
                    directives.append(SchemaDirective(name: d.name.value, description: d.description?.value, arguments: [],
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
        for ext in extensionNodes {
            guard let id = typeIndex[ext.node.name.value] else { continue }
            let index = id.index.asInt
            // The server's SDL cannot extend a built-in type (graphql-core: not defined).
            if origin == .server && types[index].origin == .builtIn { continue }
            guard types[index].kind == ext.node.kind.schemaKind else { continue }
            extensions.append((index, ext))
        }

        for (index, located) in newDirectives { buildDirective(index, located, origin: origin) }
        for index in newTypes { addMembers(of: typeNodes[index][0], to: index, origin: origin) }
        for (index, ext) in extensions {
            if typeNodes[index].isEmpty { hasDefinitionNode[index] = false }
            typeNodes[index].append(ext)
            types[index].locations.append(ext.location(ext.node.range))
            types[index].directives += ext.node.directives
            addMembers(of: ext, to: index, origin: origin)
        }
        for index in newTypes { applyTypeDirectives(index) }
        for (index, _) in extensions { applyTypeDirectives(index) }
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
    }

    private func addMembers(of located: Located<TypeDefinition>, to index: Int, origin: DefinitionOrigin) {
        let t = located.node
        let source = located.source
        switch t.kind {
        case .object, .interface:
            for name in t.interfaces {
                if let id = typeIndex[name.value] { writtenInterfaces[index].append(id) }
            }
            if !t.fields.isEmpty {
                types[index].fields.reserveCapacity(types[index].fields.count + t.fields.count)
                fieldNodes[index].reserveCapacity(fieldNodes[index].count + t.fields.count)
            }
            for field in t.fields {
                guard types[index].fieldIndex[field.name.value] == nil, let type = resolve(field.type) else { continue }
                var arguments: [InputValue] = []
                arguments.reserveCapacity(field.arguments.count)
                for arg in field.arguments where !arguments.contains(where: { $0.name == arg.name.value }) {
                    if let value = inputValue(arg, source) { arguments.append(value) }
                }
                types[index].fieldIndex[field.name.value] = types[index].fields.count
                types[index].fields.append(SchemaField(
                    name: field.name.value, description: field.description?.value, arguments: arguments, type: type,
                    deprecationReason: deprecationReason(field.directives), directives: field.directives, origin: origin,
                    location: Location(source: source, range: field.range)))
                fieldNodes[index].append(Located(node: field, source: source))
            }
        case .union:
            for name in t.unionMembers {
                if let id = typeIndex[name.value] { writtenMembers[index].append(id) }
            }
        case .enum:
            var names = Set(types[index].enumValues.map(\.name))
            for value in t.enumValues where names.insert(value.name.value).inserted {
                types[index].enumValues.append(EnumValue(
                    name: value.name.value, description: value.description?.value,
                    deprecationReason: deprecationReason(value.directives), directives: value.directives,
                    location: Location(source: source, range: value.range)))
                enumValueNodes[index].append(Located(node: value, source: source))
            }
        case .inputObject:
            for field in t.inputFields where types[index].inputFieldIndex[field.name.value] == nil {
                guard let value = inputValue(field, source) else { continue }
                types[index].inputFieldIndex[field.name.value] = types[index].inputFields.count
                types[index].inputFields.append(value)
                inputFieldNodes[index].append(Located(node: field, source: source))
            }
        case .scalar:
            break
        }
    }

    /// `@specifiedBy` and `@oneOf` read from every node of the type.
    private func applyTypeDirectives(_ index: Int) {
        for directive in types[index].directives {
            switch directive.name.value {
            case "specifiedBy":
                if case .string(let url, _)? = directive.argument("url")?.value.kind { types[index].specifiedByURL = url }
            case "oneOf":
                types[index].isOneOf = types[index].kind == .inputObject
            default:
                break
            }
        }
    }

    private func inputValue(_ definition: InputValueDefinition, _ source: Source) -> InputValue? {
        guard let type = resolve(definition.type) else { return nil }
        return InputValue(name: definition.name.value, description: definition.description?.value, type: type,
                          defaultValue: definition.defaultValue, defaultValueSource: definition.defaultValue == nil ? nil : source,
                          deprecationReason: deprecationReason(definition.directives), directives: definition.directives,
                          location: Location(source: source, range: definition.range))
    }

    func resolve(_ reference: TypeReference) -> SchemaType? {
        switch reference {
        case .named(let name): typeIndex[name.value].map { .named($0) }
        case .list(let inner, _): resolve(inner).map { .list($0) }
        case .nonNull(let inner, _): resolve(inner).map { .nonNull($0) }
        }
    }

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
            if let id = typeIndex[name], types[id.index.asInt].origin != .builtIn { roots[operation] = id }
        }
        return roots
    }

    /// Root types from `schema { … }` and `extend schema { … }` (the first per operation),
    /// else, without a schema definition, the types named Query, Mutation and Subscription.
    func computeRoots() -> (types: [OperationType: TypeID], nodes: [OperationType: Located<OperationTypeDefinition>],
                            hasDefinition: Bool) {
        var roots: [OperationType: TypeID] = [:]
        var nodes: [OperationType: Located<OperationTypeDefinition>] = [:]
        var hasSchemaDefinition = false
        for (located, origin) in schemaNodes where origin != .builtIn {
            if !located.node.isExtension { hasSchemaDefinition = true }
            for operationType in located.node.operationTypes where nodes[operationType.operation] == nil {
                nodes[operationType.operation] = Located(node: operationType, source: located.source)
                if let id = typeIndex[operationType.type.value] { roots[operationType.operation] = id }
            }
        }
        if !hasSchemaDefinition {
            for (operation, id) in defaultRoots() where nodes[operation] == nil { roots[operation] = id }
        }
        return (roots, nodes, hasSchemaDefinition)
    }

    func finish() -> Schema {
        // Interfaces and union members keep only what the model can stand for; the checks
        // report the rest from `writtenInterfaces` / `writtenMembers`.
        for index in types.indices {
            switch types[index].kind {
            case .object, .interface:
                var seen = Set<TypeID>()
                types[index].interfaces = writtenInterfaces[index].filter {
                    types[$0.index.asInt].kind == .interface && $0.index.asInt != index && seen.insert($0).inserted
                }
            case .union:
                var seen = Set<TypeID>()
                types[index].possibleTypes = writtenMembers[index].filter {
                    types[$0.index.asInt].kind == .object && seen.insert($0).inserted
                }
            default:
                break
            }
        }
        for index in types.indices where types[index].kind == .object {
            for interface in types[index].interfaces {
                types[interface.index.asInt].possibleTypes.append(TypeID(index))
            }
        }

        let roots = computeRoots()
        rootTypes = roots.types
        rootTypeNodes = roots.nodes
        description = schemaNodes.first { !$0.0.node.isExtension && $0.1 != .builtIn }?.0.node.description?.value

        let typename = SchemaField(name: "__typename", description: "The name of the current Object type at runtime.",
                                   arguments: [], type: .nonNull(named("String")), deprecationReason: nil, directives: [],
                                   origin: .builtIn, location: nil)
        let schemaField = SchemaField(name: "__schema", description: "Access the current type schema of this server.",
                                      arguments: [], type: .nonNull(named("__Schema")), deprecationReason: nil,
                                      directives: [], origin: .builtIn, location: nil)
        let nameArgument = InputValue(name: "name", description: nil, type: .nonNull(named("String")), defaultValue: nil,
                                      defaultValueSource: nil, deprecationReason: nil, directives: [], location: nil)
        let typeField = SchemaField(name: "__type", description: "Request the type information of a single type.",
                                    arguments: [nameArgument], type: named("__Type"), deprecationReason: nil,
                                    directives: [], origin: .builtIn, location: nil)
        return Schema(types: types, directives: directives, queryType: rootTypes[.query],
                      mutationType: rootTypes[.mutation], subscriptionType: rootTypes[.subscription],
                      description: description, typenameField: typename, schemaField: schemaField, typeField: typeField)
    }

    private func named(_ name: String) -> SchemaType { .named(typeIndex[name]!) }
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
