import BatonDiagnostics
import BatonIR
import BatonSchema

/// Relay's fragment-argument checks. `@arguments` on a spread may only pass arguments the
/// fragment's `@argumentDefinitions` defines, each of the defined type, and must pass every
/// required one (non-null, no default). Inside a fragment, `$name` is the fragment's own argument
/// when it defines one of that name, else a variable of the operation (a global variable): each
/// use must fit the position it is in, and every operation reaching the fragment must define
/// the global variables it uses.
package enum ValidateFragmentArguments {
    package static func validate(_ program: IRProgram) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let schema = program.schema
        for operation in program.operations where operation.generatedFrom == nil {
            let variables = Dictionary(operation.variableDefinitions.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
            checkSpreads(operation.selections, scope: variables, program, &diagnostics)
            // Every global variable a reached fragment uses must be the operation's.
            for name in FragmentReach.reachedFragments(from: operation.selections, in: program).sorted() {
                guard let fragment = program.fragment(named: name) else { continue }
                for global in fragment.usedGlobalVariables {
                    if let defined = variables[global.name] {
                        if !InputValueCheck.variableFits(
                            defined.type, hasDefault: defined.defaultValue.map { !$0.isNull } ?? false,
                            global.type, schema)
                        {
                            diagnostics.append(
                                .error(
                                    "Variable '$\(global.name)' of type '\(schema.text(of: defined.type))' is used by fragment '\(fragment.name)' in a position expecting type '\(schema.text(of: global.type))'",
                                    at: [global.location, defined.location].compactMap { $0 }, code: .fragmentArguments))
                        }
                    } else {
                        diagnostics.append(
                            .error(
                                "Variable '$\(global.name)' is used by fragment '\(fragment.name)' but not defined by operation '\(operation.name)'; define it there, or define it in the fragment's @argumentDefinitions",
                                at: [global.location, operation.nameLocation].compactMap { $0 }, code: .fragmentArguments))
                    }
                }
            }
        }
        for fragment in program.sortedFragments {
            var scope = Dictionary(fragment.argumentDefinitions.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
            for global in fragment.usedGlobalVariables where scope[global.name] == nil { scope[global.name] = global }
            checkSpreads(fragment.selections, scope: scope, program, &diagnostics)
            checkLocalUses(fragment, schema, &diagnostics)
            // A default is a value of its argument's type, checked as a literal argument is (an
            // enum written as a string, even deep in an input object, is not one).
            for definition in fragment.argumentDefinitions {
                guard let value = definition.defaultValue, !InputValueCheck.fits(value, definition.type, schema) else { continue }
                diagnostics.append(
                    .error(
                        "The default value of argument '\(definition.name)' of fragment '\(fragment.name)' is not a value of its type '\(schema.text(of: definition.type))': found \(OperationPrinter.print(value))",
                        at: [definition.location].compactMap { $0 }, code: .argumentDefaultValue))
            }
        }
        return diagnostics
    }

    /// `@arguments` of every spread in the selections; `scope` types the variables they may pass.
    static func checkSpreads(
        _ selections: [IRSelection], scope: [String: IRVariableDefinition], _ program: IRProgram,
        _ diagnostics: inout [Diagnostic]
    ) {
        let schema = program.schema
        SelectionWalk.visit(selections, parent: TypeID(0)) { selection, _ in
            guard case .fragmentSpread(let spread) = selection, let fragment = program.fragment(named: spread.fragmentName) else { return }
            var passed = Set<String>()
            for argument in spread.arguments {
                let at = [argument.location].compactMap { $0 }
                guard passed.insert(argument.name).inserted else {
                    diagnostics.append(
                        .error(
                            "Argument '\(argument.name)' is passed twice to fragment '\(fragment.name)'",
                            at: at, code: .fragmentArguments))
                    continue
                }
                guard let definition = fragment.argumentDefinitions.first(where: { $0.name == argument.name }) else {
                    let known = fragment.argumentDefinitions.map { "'\($0.name)'" }.joined(separator: ", ")
                    let hint = known.isEmpty ? "it defines no arguments (@argumentDefinitions)" : "it defines \(known)"
                    diagnostics.append(
                        .error(
                            "Unknown argument '\(argument.name)' on fragment '\(fragment.name)': \(hint)",
                            at: at, code: .fragmentArguments))
                    continue
                }
                check(
                    argument.value, against: definition.type, scope: scope, schema,
                    describe: "argument '\(argument.name)' of fragment '\(fragment.name)'",
                    at: [argument.valueLocation ?? argument.location].compactMap { $0 }, &diagnostics)
            }
            for definition in fragment.argumentDefinitions
            where definition.type.isNonNull && definition.defaultValue == nil && !passed.contains(definition.name) {
                diagnostics.append(
                    .error(
                        "Missing required argument '\(definition.name)' of type '\(schema.text(of: definition.type))' for fragment '\(fragment.name)': pass it with @arguments(\(definition.name): …)",
                        at: [spread.location, definition.location].compactMap { $0 }, code: .fragmentArguments))
            }
        }
    }

    static func check(
        _ value: IRValue, against type: SchemaType, scope: [String: IRVariableDefinition], _ schema: Schema,
        describe: String, at: [Location], _ diagnostics: inout [Diagnostic]
    ) {
        if case .variable(let name) = value {
            guard let variable = scope[name] else { return }
            let hasDefault = variable.defaultValue.map { !$0.isNull } ?? false
            if !InputValueCheck.variableFits(variable.type, hasDefault: hasDefault, type, schema) {
                diagnostics.append(
                    .error(
                        "Variable '$\(name)' of type '\(schema.text(of: variable.type))' cannot be passed as \(describe), of type '\(schema.text(of: type))'",
                        at: at, code: .fragmentArguments))
            }
            return
        }
        if !InputValueCheck.fits(value, type, schema) {
            diagnostics.append(
                .error(
                    "Expected a value of type '\(schema.text(of: type))' for \(describe), found \(OperationPrinter.print(value))",
                    at: at, code: .fragmentArguments))
        }
    }

    /// A fragment's own arguments must fit where the fragment uses them.
    static func checkLocalUses(_ fragment: IRFragment, _ schema: Schema, _ diagnostics: inout [Diagnostic]) {
        let local = Dictionary(fragment.argumentDefinitions.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        guard !local.isEmpty else { return }
        func checkArguments(_ arguments: [IRArgument]) {
            for argument in arguments {
                guard let expected = argument.type else { continue }
                visitVariables(argument.value, expected: expected, schema) { name, position in
                    guard let definition = local[name] else { return }
                    let hasDefault = definition.defaultValue.map { !$0.isNull } ?? false
                    if !InputValueCheck.variableFits(definition.type, hasDefault: hasDefault, position, schema) {
                        diagnostics.append(
                            .error(
                                "Argument '$\(name)' of fragment '\(fragment.name)', of type '\(schema.text(of: definition.type))', is used in a position expecting type '\(schema.text(of: position))'",
                                at: [argument.valueLocation, definition.location].compactMap { $0 }, code: .fragmentArguments))
                    }
                }
            }
        }
        SelectionWalk.visit(fragment.selections, parent: fragment.typeCondition) { selection, _ in
            if case .field(let field) = selection { checkArguments(field.arguments) }
            if case .condition(let condition) = selection, case .variable(let name) = condition.value,
                let definition = local[name], let boolean = schema.typeIndex["Boolean"]
            {
                let hasDefault = definition.defaultValue.map { !$0.isNull } ?? false
                if !InputValueCheck.variableFits(definition.type, hasDefault: hasDefault, .nonNull(.named(boolean)), schema) {
                    diagnostics.append(
                        .error(
                            "Argument '$\(name)' of fragment '\(fragment.name)', of type '\(schema.text(of: definition.type))', is used as a condition, which expects type 'Boolean!'",
                            at: [condition.location, definition.location].compactMap { $0 }, code: .fragmentArguments))
                }
            }
            for directive in selection.directives { checkArguments(directive.arguments) }
        }
    }

    /// Each variable in a value with the type its position expects, inside lists and input
    /// objects too (a `String` argument in an enum field of an input object does not fit).
    static func visitVariables(_ value: IRValue, expected: SchemaType, _ schema: Schema, _ body: (String, SchemaType) -> Void) {
        switch value {
        case .variable(let name): body(name, expected)
        case .list(let items):
            let element = expected.listElement ?? expected
            for item in items { visitVariables(item, expected: element, schema, body) }
        case .object(let fields):
            let input = schema[expected.namedType]
            for field in fields {
                guard let definition = input.inputField(field.name) else { continue }
                visitVariables(field.value, expected: definition.type, schema, body)
            }
        default: return
        }
    }
}
