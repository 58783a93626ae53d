import BatonDiagnostics
import BatonSyntax

/// Runs graphql-core's `specified_sdl_rules` over SDL documents in one walk, calling each
/// rule at each node in the reference's rule order, so findings come out in the order
/// graphql-core reports them. Each rule lives in its own file as an extension.
///
/// `existing` is nil for the server's documents (graphql-core's `build_ast_schema`: no
/// schema yet) and the server snapshot for client extensions (`extend_schema`).
struct SDLValidator {
    let schema: Schema
    let builder: TypeSystemBuilder
    let existing: ServerSnapshot?
    var diagnostics: [Diagnostic] = []
    /// The source of the document being walked.
    var source: Source

    // Rule state.
    var schemaDefinitionCount = 0
    var definedOperationTypes: [OperationType: Location] = [:]
    var knownTypeNames: [String: Location] = [:]
    var knownEnumValueNames: [String: [String: Location]] = [:]
    var knownFieldNames: [String: [String: (Location, FieldDefinition)]] = [:]
    var knownDirectiveNames: [String: Location] = [:]
    /// Type definitions in these documents by name (the last one wins, as in graphql-core).
    /// Filled on the first extension met (a schema without extensions never needs it).
    var definedTypes: [String: Located<TypeDefinition>] = [:]
    var definedTypesReady = false
    var documents: [Document] = []
    var schemaDirectivesSeen: [String: Location] = [:]
    var typeDirectivesSeen: [String: [String: Location]] = [:]
    var directiveDirectivesSeen: [String: [String: Location]] = [:]
    var directiveInfos: [String: DirectiveInfo] = [:]
    var typeSuggestions: [String: String] = [:]

    init(schema: Schema, builder: TypeSystemBuilder, existing: ServerSnapshot?) {
        self.schema = schema
        self.builder = builder
        self.existing = existing
        self.source = BuiltIns.source
    }

    /// What the directive rules need to know about a directive.
    struct DirectiveInfo {
        var locations: Set<String>
        var argumentNames: [String]
        var requiredArguments: [(name: String, type: String)]
        var isRepeatable: Bool
        var arguments: [InputValue]
    }

    func location(_ range: SourceRange) -> Location { Location(source: source, range: range) }

    mutating func report(_ message: String, _ ranges: [SourceRange], code: DiagnosticCode) {
        diagnostics.append(Diagnostic(code, message, at: ranges.map(location)))
    }

    /// Whether a type or directive defined in the schema counts for this walk: the server's
    /// documents never see what client extensions add.
    func isVisible(_ origin: DefinitionOrigin) -> Bool { existing != nil || origin != .client }

    /// The type of the given name in the existing schema (client walks only).
    func existingType(_ name: String) -> NamedType? {
        guard let existing, let id = schema.typeID(named: name), id.index.asInt < existing.typeCount else { return nil }
        return schema[id]
    }

    // MARK: Walk

    mutating func validate(_ documents: [Document]) {
        prepare(documents)
        for document in documents {
            source = document.source
            for definition in document.definitions {
                switch definition {
                case .schema(let s): visitSchema(s)
                case .type(let t): visitType(t)
                case .directive(let d): visitDirectiveDefinition(d)
                case .operation, .fragment: executableDefinitionInSchema(definition)
                }
            }
        }
    }

    private mutating func prepare(_ documents: [Document]) {
        self.documents = documents
        for (index, directive) in schema.directives.enumerated() where isVisible(directive.origin) {
            if let node = builder.directiveNodes[index]?.node, !node.isExtension {
                directiveInfos[directive.name] = DirectiveInfo(
                    locations: Set(node.locations.map(\.value)), argumentNames: node.arguments.map(\.name.value),
                    requiredArguments: node.arguments.compactMap {
                        if case .nonNull = $0.type, $0.defaultValue == nil { return ($0.name.value, $0.type.text) }
                        return nil
                    },
                    isRepeatable: node.isRepeatable, arguments: directive.arguments)
            } else {
                directiveInfos[directive.name] = DirectiveInfo(
                    locations: Set(directive.locations.map(\.rawValue)), argumentNames: directive.arguments.map(\.name),
                    requiredArguments: directive.arguments.filter(\.isRequired).map { ($0.name, schema.text(of: $0.type)) },
                    isRepeatable: directive.isRepeatable, arguments: directive.arguments)
            }
        }
    }

    private mutating func visitSchema(_ s: SchemaDefinition) {
        if !s.isExtension { loneSchemaDefinition(s) }
        uniqueOperationTypes(s)
        uniqueDirectivesPerLocation(s.directives, scope: .schema)
        visitDirectives(s.directives, at: "SCHEMA")
        for operationType in s.operationTypes { knownTypeName(operationType.type) }
    }

    /// Rules about member names and type references only run in full for types where the
    /// builder met a collision or an unknown name; elsewhere they have nothing to find, and
    /// skipping them keeps a large schema fast. Directives and values are always checked.
    private mutating func visitType(_ t: TypeDefinition) {
        let full = builder.needsFullCheck.contains(t.name.value)
        if !t.isExtension && builder.typeNameCollision { uniqueTypeName(t) }
        if full {
            if t.kind == .enum { uniqueEnumValueNames(t) }
            if t.kind == .object || t.kind == .interface || t.kind == .inputObject { uniqueFieldDefinitionNames(t) }
            if t.kind == .object || t.kind == .interface { uniqueArgumentDefinitionNames(t) }
        }
        if !t.directives.isEmpty { uniqueDirectivesPerLocation(t.directives, scope: .type(t.name.value)) }
        if t.isExtension { possibleTypeExtension(t) }

        if full { for name in t.interfaces { knownTypeName(name) } }
        if !t.directives.isEmpty { visitDirectives(t.directives, at: t.kind.directiveLocation) }
        for f in t.fields.indices {
            if !t.fields[f].directives.isEmpty { uniqueDirectivesPerLocation(t.fields[f].directives, scope: .node) }
            for a in t.fields[f].arguments.indices where full || Self.hasWork(t.fields[f].arguments[a]) {
                visitInputValue(t.fields[f].arguments[a], at: "ARGUMENT_DEFINITION", full: full)
            }
            if full { knownTypeName(t.fields[f].type.namedType) }
            if !t.fields[f].directives.isEmpty { visitDirectives(t.fields[f].directives, at: "FIELD_DEFINITION") }
        }
        if full { for name in t.unionMembers { knownTypeName(name) } }
        for v in t.enumValues.indices where !t.enumValues[v].directives.isEmpty {
            uniqueDirectivesPerLocation(t.enumValues[v].directives, scope: .node)
            visitDirectives(t.enumValues[v].directives, at: "ENUM_VALUE")
        }
        for f in t.inputFields.indices where full || Self.hasWork(t.inputFields[f]) {
            visitInputValue(t.inputFields[f], at: "INPUT_FIELD_DEFINITION", full: full)
        }
    }

    /// Whether `visitInputValue` has anything to check on a value outside a full check, asked
    /// before copying the value to visit it (most have no directive and no default).
    @inline(__always)
    private static func hasWork(_ value: borrowing InputValueDefinition) -> Bool {
        !value.directives.isEmpty || value.defaultValue != nil
    }

    private mutating func visitInputValue(_ value: InputValueDefinition, at location: String, full: Bool = true) {
        if !value.directives.isEmpty { uniqueDirectivesPerLocation(value.directives, scope: .node) }
        if full { knownTypeName(value.type.namedType) }
        if let defaultValue = value.defaultValue { visitValue(defaultValue) }
        if !value.directives.isEmpty { visitDirectives(value.directives, at: location) }
    }

    private mutating func visitDirectiveDefinition(_ d: DirectiveDefinition) {
        if !d.isExtension {
            uniqueArgumentDefinitionNames(directive: d)
            uniqueDirectiveName(d)
        }
        uniqueDirectivesPerLocation(d.directives, scope: .directive(d.name.value))
        for argument in d.arguments { visitInputValue(argument, at: "ARGUMENT_DEFINITION") }
        visitDirectives(d.directives, at: "DIRECTIVE_DEFINITION")
    }

    private mutating func visitDirectives(_ directives: [Directive], at location: String) {
        for directive in directives {
            knownDirective(directive, at: location)
            knownArgumentNamesOnDirective(directive)
            uniqueArgumentNames(directive.arguments)
            directiveArgumentValues(directive)
            for argument in directive.arguments { visitValue(argument.value) }
            providedRequiredArgumentsOnDirective(directive)
        }
    }

    /// Values nest: every object value is checked for unique field names.
    private mutating func visitValue(_ value: Value) {
        switch value.kind {
        case .list(let items):
            for item in items { visitValue(item) }
        case .object(let fields):
            uniqueInputFieldNames(fields)
            for field in fields { visitValue(field.value) }
        default:
            break
        }
    }
}

extension TypeDefinitionKind {
    /// The directive location of the definition itself.
    var directiveLocation: String {
        switch self {
        case .scalar: "SCALAR"
        case .object: "OBJECT"
        case .interface: "INTERFACE"
        case .union: "UNION"
        case .enum: "ENUM"
        case .inputObject: "INPUT_OBJECT"
        }
    }

    /// How graphql-core names the kind in "Cannot extend non-… type".
    var kindName: String {
        switch self {
        case .scalar: "scalar"
        case .object: "object"
        case .interface: "interface"
        case .union: "union"
        case .enum: "enum"
        case .inputObject: "input object"
        }
    }
}
