import BatonDiagnostics
import BatonSyntax

/// graphql-core's `validate_schema` over the built schema: root types, directive
/// definitions, then each type in schema order, then input object cycles. Each group of
/// checks lives in its own file as an extension. Built-in definitions are not checked.
struct SchemaChecks {
    let schema: Schema
    let builder: TypeSystemBuilder
    var diagnostics: [Diagnostic] = []
    let literals: InputLiteralChecker
    var defaultValueCycles = DefaultValueCycleState()

    init(schema: Schema, builder: TypeSystemBuilder) {
        self.schema = schema
        self.builder = builder
        self.literals = InputLiteralChecker(schema: schema)
    }

    mutating func run() {
        checkRootTypes()
        checkDirectiveDefinitions()
        for index in schema.types.indices {
            let (name, kind, origin) = schema.types.withUnsafeBufferPointer { ($0[index].name, $0[index].kind, $0[index].origin) }
            guard origin != .builtIn else { continue }
            checkReservedName(name, definitionLocation(index))
            switch kind {
            case .object, .interface:
                checkFields(index)
                checkInterfaces(index)
            case .union:
                checkUnionMembers(index)
            case .enum:
                checkEnumValues(index)
            case .inputObject:
                checkInputFields(index)
                checkDefaultValueCycles(index)
            case .scalar:
                break
            }
        }
        checkInputObjectCycles()
    }

    mutating func report(_ message: String, _ locations: [Location?], code: DiagnosticCode) {
        diagnostics.append(Diagnostic(code, message, at: locations.compactMap { $0 }))
    }

    // MARK: Nodes behind the model

    /// The type's definition node (nil for a built-in only extended).
    func definitionLocation(_ index: Int) -> Location? {
        builder.hasDefinitionNode[index] ? schema.types[index].locations.first : nil
    }

    /// The definition then every extension.
    func allLocations(_ index: Int) -> [Location] { schema.types[index].locations }

    func fieldNode(_ typeIndex: Int, _ fieldIndex: Int) -> Located<FieldDefinition> {
        builder.fieldNode(typeIndex, fieldIndex)
    }

    func argumentNode(_ field: Located<FieldDefinition>, _ name: String) -> InputValueDefinition? {
        field.node.arguments.first { $0.name.value == name }
    }

    /// Every `implements` name of `typeIndex` naming `interface`, across its nodes.
    func implementsNodes(_ typeIndex: Int, _ interface: String) -> [Location] {
        builder.typeNodes[typeIndex].flatMap { node in
            node.node.interfaces.filter { $0.value == interface }.map { node.location($0.range) }
        }
    }

    /// The `@deprecated` directive among a node's directives.
    func deprecatedDirective(_ directives: [Directive], _ source: Source) -> Location? {
        directives.first { $0.name.value == "deprecated" }.map { Location(source: source, range: $0.range) }
    }

    func text(_ type: SchemaType) -> String { schema.text(of: type) }

    /// Reads from a type in place (`schema.types[i]` would copy the whole `NamedType`).
    @inline(__always) func read<T>(_ index: Int, _ body: (NamedType) -> T) -> T {
        schema.types.withUnsafeBufferPointer { body($0[index]) }
    }

    /// A type's kind without copying the type.
    func kind(_ id: TypeID) -> NamedTypeKind { schema.types.withUnsafeBufferPointer { $0[Int(id.index)].kind } }

    /// "Name '__x' must not begin with '__'…" for a name the schema defines.
    mutating func checkReservedName(_ name: String, _ location: Location?) {
        if name.utf8.count >= 2 && name.utf8.first == 0x5F && name.hasPrefix("__") {
            report(
                "Name '\(name)' must not begin with '__', which is reserved by GraphQL introspection.", [location],
                code: .reservedNames)
        }
    }

    /// "… has invalid default value …" for each problem of a default.
    /// `description` names the value in messages; made only when there is one to report.
    mutating func checkDefaultValue(_ value: InputValue, _ description: @autoclosure () -> String) {
        guard let defaultValue = value.defaultValue, let source = value.defaultValueSource else { return }
        for problem in literals.check(defaultValue, as: value.type) {
            report(
                "\(description()) has invalid default value\(problem.pathDescription): \(problem.message)",
                [Location(source: source, range: problem.range)], code: .defaultValues)
        }
    }

    /// Whether the AST of the type has any member of its kind at all (so that a type whose
    /// members were all dropped for unknown types is not also called empty).
    func writtenMemberCount(_ index: Int) -> Int {
        builder.typeNodes[index].reduce(0) { count, node in
            let t = node.node
            return count + t.fields.count + t.inputFields.count + t.enumValues.count + t.unionMembers.count
        }
    }
}
