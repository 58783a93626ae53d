import BatonDiagnostics
import BatonSchema
import BatonSyntax

/// Builds the typed IR from parsed documents and the schema. It assumes the documents were
/// validated: what the schema cannot resolve (an unknown field, type or fragment) is left out
/// rather than reported again. What only the IR sees is reported here: a malformed
/// `@argumentDefinitions`, an `@arguments` the fragment does not define, a missing operation name.
package struct IRBuilder {
    package let schema: Schema
    package private(set) var diagnostics: [Diagnostic] = []
    /// Each fragment's argument definitions, read before any body so spreads can type their arguments.
    private var signatures: [String: [IRVariableDefinition]] = [:]
    private var fragmentTypes: [String: TypeID] = [:]

    package init(schema: Schema) { self.schema = schema }

    /// Builds every operation and fragment of the documents, which are compiled together.
    package static func build(_ documents: [Document], schema: Schema) -> (program: IRProgram, diagnostics: [Diagnostic]) {
        var builder = IRBuilder(schema: schema)
        let program = builder.build(documents)
        return (program, builder.diagnostics)
    }

    package mutating func build(_ documents: [Document]) -> IRProgram {
        for document in documents {
            for fragment in document.fragments where signatures[fragment.name.value] == nil {
                guard let type = schema.typeIndex[fragment.typeCondition.value] else { continue }
                fragmentTypes[fragment.name.value] = type
                signatures[fragment.name.value] = argumentDefinitions(of: fragment, in: document)
            }
        }
        var operations: [IROperation] = []
        var fragments: [IRFragment] = []
        var seenFragments = Set<String>()
        for document in documents {
            for definition in document.definitions {
                switch definition {
                case .operation(let operation):
                    if let built = build(operation, in: document) { operations.append(built) }
                case .fragment(let fragment):
                    guard seenFragments.insert(fragment.name.value).inserted,
                        let built = build(fragment, in: document)
                    else { continue }
                    fragments.append(built)
                default:
                    continue
                }
            }
        }
        return IRProgram(schema: schema, operations: operations, fragments: fragments)
    }

    // MARK: - Definitions

    private mutating func build(_ operation: OperationDefinition, in document: Document) -> IROperation? {
        guard let name = operation.name else {
            let range = operation.operationKeywordRange ?? operation.selectionSet.range
            diagnostics.append(
                .error(
                    "Baton needs every operation to be named: the name names its generated type",
                    at: [document.location(range)], code: .anonymousOperation))
            return nil
        }
        guard let root = schema.rootType(for: operation.operation) else { return nil }
        var variables: [IRVariableDefinition] = []
        for definition in operation.variableDefinitions {
            guard let type = schema.resolve(definition.type) else { continue }
            variables.append(
                IRVariableDefinition(
                    name: definition.variable.value, type: type,
                    defaultValue: definition.defaultValue.map(IRValue.init),
                    directives: directives(definition.directives, in: document),
                    location: document.location(definition.range)))
        }
        var scope = Scope(document: document, local: [:], global: [:])
        let selections = self.selections(operation.selectionSet.selections, parent: root, scope: &scope)
        return IROperation(
            kind: operation.operation, name: name.value, nameLocation: document.location(name.range),
            variableDefinitions: variables, directives: directives(operation.directives, in: document, scope: &scope),
            type: root, selections: selections, location: document.location(operation.range))
    }

    private mutating func build(_ fragment: FragmentDefinition, in document: Document) -> IRFragment? {
        guard let type = fragmentTypes[fragment.name.value] else { return nil }
        let definitions = signatures[fragment.name.value] ?? []
        var scope = Scope(
            document: document, local: Dictionary(definitions.map { ($0.name, $0.type) }, uniquingKeysWith: { a, _ in a }),
            global: [:])
        let selections = self.selections(fragment.selectionSet.selections, parent: type, scope: &scope)
        let directives = self.directives(
            fragment.directives.filter { $0.name.value != "argumentDefinitions" },
            in: document, scope: &scope)
        let globals = scope.globalOrder.map { name in
            IRVariableDefinition(
                name: name, type: scope.global[name]?.type ?? .named(schema.typeIndex["String"] ?? TypeID(0)),
                defaultValue: nil, location: scope.global[name]?.location)
        }
        return IRFragment(
            name: fragment.name.value, nameLocation: document.location(fragment.name.range), typeCondition: type,
            argumentDefinitions: definitions, usedGlobalVariables: globals, directives: directives,
            selections: selections, location: document.location(fragment.range))
    }

    /// Reads `@argumentDefinitions(name: {type: "T", defaultValue: v})`.
    private mutating func argumentDefinitions(of fragment: FragmentDefinition, in document: Document) -> [IRVariableDefinition] {
        let written = fragment.directives.filter { $0.name.value == "argumentDefinitions" }
        if written.count > 1 {
            diagnostics.append(
                .error(
                    "A fragment takes one @argumentDefinitions",
                    at: written.dropFirst().map { document.location($0.range) }, code: .argumentDefinitions))
        }
        guard let directive = written.first else { return [] }
        var result: [IRVariableDefinition] = []
        for argument in directive.arguments {
            let location = document.location(argument.range)
            guard case .object(let fields) = argument.value.kind else {
                diagnostics.append(
                    .error(
                        "Expected the definition of argument '\(argument.name.value)' in @argumentDefinitions to be an object with a 'type' and an optional 'defaultValue', e.g. {type: \"Int\", defaultValue: 10}",
                        at: [document.location(argument.value.range)], code: .argumentDefinitions))
                continue
            }
            var typeText: (String, Location)?
            var defaultValue: IRValue?
            var valid = true
            for field in fields {
                switch field.name.value {
                case "type":
                    if case .string(let text, _) = field.value.kind {
                        typeText = (text, document.location(field.value.range))
                    } else {
                        diagnostics.append(
                            .error(
                                "Expected the 'type' of argument '\(argument.name.value)' to be a string naming a type, e.g. \"Int\" or \"[ID!]!\"",
                                at: [document.location(field.value.range)], code: .argumentDefinitions))
                        valid = false
                    }
                case "defaultValue":
                    defaultValue = IRValue(field.value)
                    if !defaultValue!.isConstant {
                        diagnostics.append(
                            .error(
                                "The default value of argument '\(argument.name.value)' must be a constant, not a variable",
                                at: [document.location(field.value.range)], code: .argumentDefinitions))
                        valid = false
                    }
                default:
                    diagnostics.append(
                        .error(
                            "Unknown key '\(field.name.value)' in the definition of argument '\(argument.name.value)': @argumentDefinitions takes 'type' and 'defaultValue'",
                            at: [document.location(field.name.range)], code: .argumentDefinitions))
                    valid = false
                }
            }
            guard valid else { continue }
            guard let (text, typeLocation) = typeText else {
                diagnostics.append(
                    .error(
                        "Argument '\(argument.name.value)' in @argumentDefinitions has no 'type'",
                        at: [location], code: .argumentDefinitions))
                continue
            }
            guard let reference = TypeText.parse(text) else {
                diagnostics.append(.error("'\(text)' is not a GraphQL type", at: [typeLocation], code: .argumentDefinitions))
                continue
            }
            guard let type = schema.resolve(reference) else {
                diagnostics.append(
                    .error(
                        "Unknown type '\(reference.namedType.value)' for argument '\(argument.name.value)'",
                        at: [typeLocation], code: .argumentDefinitions))
                continue
            }
            guard schema[type.namedType].kind.isInput else {
                diagnostics.append(
                    .error(
                        "Argument '\(argument.name.value)' cannot have type '\(text)': it is not an input type",
                        at: [typeLocation], code: .argumentDefinitions))
                continue
            }
            if result.contains(where: { $0.name == argument.name.value }) {
                diagnostics.append(.error("Argument '\(argument.name.value)' is defined twice", at: [location], code: .argumentDefinitions))
                continue
            }
            result.append(
                IRVariableDefinition(
                    name: argument.name.value, type: type, defaultValue: defaultValue,
                    location: document.location(argument.name.range)))
        }
        return result
    }

    // MARK: - Selections

    private struct Scope {
        var document: Document
        /// The fragment's own arguments.
        var local: [String: SchemaType]
        /// Variables of the operation a fragment uses, with the type their first use expects.
        var global: [String: (type: SchemaType?, location: Location)]
        var globalOrder: [String] = []

        init(document: Document, local: [String: SchemaType], global: [String: (type: SchemaType?, location: Location)]) {
            self.document = document
            self.local = local
            self.global = global
        }

        mutating func use(_ name: String, expecting type: SchemaType?, at location: Location) {
            if local[name] != nil { return }
            if let known = global[name] {
                if known.type == nil, let type { global[name] = (type, known.location) }
                return
            }
            global[name] = (type, location)
            globalOrder.append(name)
        }
    }

    private mutating func selections(_ selections: [Selection], parent: TypeID, scope: inout Scope) -> [IRSelection] {
        selections.compactMap { selection(for: $0, parent: parent, scope: &scope) }
    }

    private mutating func selection(for selection: Selection, parent: TypeID, scope: inout Scope) -> IRSelection? {
        let document = scope.document
        let built: IRSelection
        let written: [Directive]
        switch selection {
        case .field(let field):
            guard let definition = schema.field(field.name.value, on: parent) else { return nil }
            written = field.directives
            var children: [IRSelection]?
            if let set = field.selectionSet {
                let type = definition.type.namedType
                guard schema[type].kind.isComposite else { return nil }
                children = selections(set.selections, parent: type, scope: &scope)
            } else if schema[definition.type.namedType].kind.isComposite {
                return nil
            }
            built = .field(
                IRField(
                    alias: field.alias?.value, name: field.name.value, definition: definition, parentType: parent,
                    arguments: arguments(field.arguments, definitions: definition.arguments, scope: &scope),
                    directives: directives(field.directives.filter { !Self.isCondition($0) }, in: document, scope: &scope),
                    selections: children, location: document.location(field.range),
                    aliasLocation: field.alias.map { document.location($0.range) }, nameLocation: document.location(field.name.range)))
        case .fragmentSpread(let spread):
            guard fragmentTypes[spread.name.value] != nil else { return nil }
            written = spread.directives
            let signature = signatures[spread.name.value] ?? []
            var arguments: [IRArgument] = []
            for directive in spread.directives where directive.name.value == "arguments" {
                for argument in directive.arguments {
                    let expected = signature.first { $0.name == argument.name.value }?.type
                    arguments.append(self.argument(argument, type: expected, scope: &scope))
                }
            }
            built = .fragmentSpread(
                IRFragmentSpread(
                    fragmentName: spread.name.value, arguments: arguments,
                    directives: directives(
                        spread.directives.filter { !Self.isCondition($0) && $0.name.value != "arguments" },
                        in: document, scope: &scope),
                    location: document.location(spread.range), nameLocation: document.location(spread.name.range)))
        case .inlineFragment(let inline):
            var type: TypeID?
            if let condition = inline.typeCondition {
                guard let resolved = schema.typeIndex[condition.value], schema[resolved].kind.isComposite else { return nil }
                type = resolved
            }
            written = inline.directives
            built = .inlineFragment(
                IRInlineFragment(
                    typeCondition: type, parentType: parent,
                    directives: directives(inline.directives.filter { !Self.isCondition($0) }, in: document, scope: &scope),
                    selections: selections(inline.selectionSet.selections, parent: type ?? parent, scope: &scope),
                    location: document.location(inline.range),
                    typeConditionLocation: inline.typeCondition.map { document.location($0.range) }))
        }
        // `@include`/`@skip` wrap the node, the first written outermost (as Relay builds them).
        var result = built
        for directive in written.reversed() where Self.isCondition(directive) {
            guard let condition = directive.argument("if") else { continue }
            let value: IRConditionValue
            switch condition.value.kind {
            case .variable(let name):
                scope.use(
                    name, expecting: .nonNull(.named(schema.typeIndex["Boolean"] ?? TypeID(0))),
                    at: document.location(condition.value.range))
                value = .variable(name)
            case .boolean(let b): value = .constant(b)
            default: continue
            }
            result = .condition(
                IRCondition(
                    value: value, passingValue: directive.name.value == "include",
                    selections: [result], location: document.location(directive.range)))
        }
        return result
    }

    private static func isCondition(_ directive: Directive) -> Bool {
        directive.name.value == "include" || directive.name.value == "skip"
    }

    // MARK: - Directives and arguments

    private mutating func directives(_ directives: [Directive], in document: Document) -> [IRDirective] {
        var scope = Scope(document: document, local: [:], global: [:])
        return self.directives(directives, in: document, scope: &scope)
    }

    private mutating func directives(_ directives: [Directive], in document: Document, scope: inout Scope) -> [IRDirective] {
        directives.map { directive in
            let definition = schema.directive(named: directive.name.value)
            return IRDirective(
                name: directive.name.value,
                arguments: arguments(directive.arguments, definitions: definition?.arguments ?? [], scope: &scope),
                location: document.location(directive.range), nameLocation: document.location(directive.name.range))
        }
    }

    private mutating func arguments(_ arguments: [Argument], definitions: [InputValue], scope: inout Scope) -> [IRArgument] {
        arguments.map { argument in
            self.argument(argument, type: definitions.first { $0.name == argument.name.value }?.type, scope: &scope)
        }
    }

    private mutating func argument(_ argument: Argument, type: SchemaType?, scope: inout Scope) -> IRArgument {
        noteVariables(argument.value, expecting: type, scope: &scope)
        return IRArgument(
            name: argument.name.value, value: IRValue(argument.value), type: type,
            location: scope.document.location(argument.range),
            valueLocation: scope.document.location(argument.value.range))
    }

    /// Records the variables a value uses, with the type each position expects.
    private func noteVariables(_ value: Value, expecting type: SchemaType?, scope: inout Scope) {
        switch value.kind {
        case .variable(let name):
            scope.use(name, expecting: type, at: scope.document.location(value.range))
        case .list(let items):
            let element = type?.listElement ?? type.flatMap { $0.isList ? nil : $0 }
            for item in items { noteVariables(item, expecting: element, scope: &scope) }
        case .object(let fields):
            let input = type.map { schema[$0.namedType] }
            for field in fields {
                noteVariables(field.value, expecting: input?.inputField(field.name.value)?.type, scope: &scope)
            }
        default:
            return
        }
    }
}

/// Parses a type written as text, as in `@argumentDefinitions(n: {type: "[ID!]!"})`.
package enum TypeText {
    package static func parse(_ text: String) -> TypeReference? {
        var scalars = Array(text.unicodeScalars)
        scalars.removeAll { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "," }
        var index = 0
        guard let result = parseType(scalars, &index), index == scalars.count else { return nil }
        return result
    }

    private static func parseType(_ s: [Unicode.Scalar], _ i: inout Int) -> TypeReference? {
        var type: TypeReference
        guard i < s.count else { return nil }
        if s[i] == "[" {
            i += 1
            guard let inner = parseType(s, &i), i < s.count, s[i] == "]" else { return nil }
            i += 1
            type = .list(inner, range: .empty)
        } else {
            let start = i
            while i < s.count, isNameScalar(s[i], first: i == start) { i += 1 }
            guard i > start else { return nil }
            var name = ""
            name.unicodeScalars.append(contentsOf: s[start..<i])
            type = .named(Name(name, range: .empty))
        }
        if i < s.count, s[i] == "!" {
            i += 1
            type = .nonNull(type, range: .empty)
        }
        return type
    }

    private static func isNameScalar(_ c: Unicode.Scalar, first: Bool) -> Bool {
        (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || c == "_" || (!first && c >= "0" && c <= "9")
    }
}
