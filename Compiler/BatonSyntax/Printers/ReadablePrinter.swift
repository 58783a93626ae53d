import BatonDiagnostics

/// The readable printer: graphql-js's / graphql-core's `print` (two-space indentation,
/// argument lists, lists and objects broken over lines past 80 characters, strings spelled
/// from their values).
package enum ReadablePrinter {
    package static func print(_ document: Document) -> String {
        join(document.definitions.map(definition), "\n\n")
    }

    package static func print(_ definition: Definition) -> String {
        Self.definition(definition)
    }

    package static func print(_ value: Value) -> String { Self.value(value) }

    package static func print(_ type: TypeReference) -> String { type.text }

    // MARK: Helpers (graphql-core's join / wrap / block / indent over strings)

    /// Lengths count Unicode scalars, as graphql-core's `len` does.
    static func length(_ s: String) -> Int { s.unicodeScalars.count }

    static func join(_ items: [String], _ separator: String = "") -> String {
        var out = ""
        for item in items where !item.isEmpty {
            if !out.isEmpty { out += separator }
            out += item
        }
        return out
    }

    static func wrap(_ start: String, _ s: String, _ end: String = "") -> String {
        s.isEmpty ? "" : start + s + end
    }

    static func indent(_ s: String) -> String {
        s.isEmpty ? s : "  " + s.replacingAll("\n", with: "\n  ")
    }

    static func block(_ items: [String]) -> String {
        wrap("{\n", indent(join(items, "\n")), "\n}")
    }

    static func joinedLength(_ items: [String], _ separator: String) -> Int {
        var total = 0
        for item in items where !item.isEmpty {
            total += (total > 0 ? separator.count : 0) + length(item)
        }
        return total
    }

    static func hasMultilineItems(_ items: [String]) -> Bool {
        items.contains { $0.utf8.contains(0x0A) }
    }

    static func wrappedLineAndArgs(_ prefix: String, _ args: [String]) -> String {
        guard !args.isEmpty else { return prefix }
        let list =
            length(prefix) + joinedLength(args, ", ") + 2 > 80
            ? wrap("(\n", indent(join(args, "\n")), "\n)")
            : wrap("(", join(args, ", "), ")")
        return join([prefix, list])
    }

    static func argumentsDefinition(_ args: [String]) -> String {
        hasMultilineItems(args)
            ? wrap("(\n", indent(join(args, "\n")), "\n)")
            : wrap("(", join(args, ", "), ")")
    }

    // MARK: Executable definitions

    static func definition(_ d: Definition) -> String {
        switch d {
        case .operation(let o): operation(o)
        case .fragment(let f): fragment(f)
        case .schema(let s): schema(s)
        case .type(let t): typeDefinition(t)
        case .directive(let d): directiveDefinition(d)
        }
    }

    static func operation(_ o: OperationDefinition) -> String {
        let variables = o.variableDefinitions.map(variableDefinition)
        let variablesText =
            hasMultilineItems(variables)
            ? wrap("(\n", join(variables, "\n"), "\n)")
            : wrap("(", join(variables, ", "), ")")
        let keyword = o.operation.rawValue
        let prefix = join([
            wrap("", description(o.description), "\n"),
            join([keyword, join([o.name?.value ?? "", variablesText]), directives(o.directives)], " "),
        ])
        return join([keyword == "query" && prefix == keyword ? "" : join([prefix, " "]), selectionSet(o.selectionSet)])
    }

    static func variableDefinition(_ v: VariableDefinition) -> String {
        join([
            wrap("", description(v.description), "\n"),
            "$" + v.variable.value, ": ", v.type.text,
            wrap(" = ", v.defaultValue.map(value) ?? ""),
            wrap(" ", directives(v.directives)),
        ])
    }

    static func fragment(_ f: FragmentDefinition) -> String {
        join([
            wrap("", description(f.description), "\n"),
            "fragment ", f.name.value, " on ", f.typeCondition.value, " ",
            wrap("", directives(f.directives), " "),
            selectionSet(f.selectionSet),
        ])
    }

    static func selectionSet(_ set: SelectionSet) -> String {
        set.selections.isEmpty ? "{}" : block(set.selections.map(selection))
    }

    static func selection(_ s: Selection) -> String {
        switch s {
        case .field(let f):
            let prefix = join([wrap("", f.alias?.value ?? "", ": "), f.name.value])
            return join([
                wrappedLineAndArgs(prefix, f.arguments.map(argument)),
                wrap(" ", directives(f.directives)),
                wrap(" ", f.selectionSet.map(selectionSet) ?? ""),
            ])
        case .fragmentSpread(let s):
            return join(["..." + s.name.value, wrap(" ", directives(s.directives))])
        case .inlineFragment(let i):
            return join(
                [
                    "...", wrap("on ", i.typeCondition?.value ?? ""), directives(i.directives),
                    selectionSet(i.selectionSet),
                ], " ")
        }
    }

    static func argument(_ a: Argument) -> String { a.name.value + ": " + value(a.value) }

    static func directives(_ directives: [Directive]) -> String {
        join(directives.map(directive), " ")
    }

    static func directive(_ d: Directive) -> String {
        join(["@", d.name.value, wrap("(", join(d.arguments.map(argument), ", "), ")")])
    }

    // MARK: Values

    static func value(_ v: Value) -> String {
        switch v.kind {
        case .variable(let name): return "$" + name
        case .int(let text), .float(let text): return text
        case .string(let s, let block): return block ? StringLiterals.block(s) : StringLiterals.quoted(s)
        case .boolean(let b): return b ? "true" : "false"
        case .null: return "null"
        case .enumValue(let e): return e
        case .list(let values):
            let items = values.map(value)
            if 2 + joinedLength(items, ", ") > 80 {
                return wrap("[\n", indent(join(items, "\n")), "\n]")
            }
            return join(["[", join(items, ", "), "]"])
        case .object(let fields):
            let items = fields.map { $0.name.value + ": " + value($0.value) }
            if 4 + joinedLength(items, ", ") > 80 { return block(items) }
            return join(["{ ", join(items, ", "), " }"])
        }
    }

    static func description(_ d: Description?) -> String {
        guard let d else { return "" }
        return d.block ? StringLiterals.block(d.value) : StringLiterals.quoted(d.value)
    }

    // MARK: Type system

    static func schema(_ s: SchemaDefinition) -> String {
        let operationTypes = s.operationTypes.map { "\($0.operation.rawValue): \($0.type.value)" }
        if s.isExtension {
            return join(["extend schema", directives(s.directives), block(operationTypes)], " ")
        }
        return join([
            wrap("", description(s.description), "\n"),
            join(["schema", directives(s.directives), block(operationTypes)], " "),
        ])
    }

    static func typeDefinition(_ t: TypeDefinition) -> String {
        let head = t.isExtension ? "extend " + t.kind.keyword : t.kind.keyword
        let body: String
        switch t.kind {
        case .scalar:
            body = join([head, t.name.value, directives(t.directives)], " ")
        case .object, .interface:
            body = join(
                [
                    head, t.name.value, wrap("implements ", join(t.interfaces.map(\.value), " & ")),
                    directives(t.directives), block(t.fields.map(fieldDefinition)),
                ], " ")
        case .union:
            body = join(
                [
                    head, t.name.value, directives(t.directives),
                    wrap("= ", join(t.unionMembers.map(\.value), " | ")),
                ], " ")
        case .enum:
            body = join([head, t.name.value, directives(t.directives), block(t.enumValues.map(enumValue))], " ")
        case .inputObject:
            body = join([head, t.name.value, directives(t.directives), block(t.inputFields.map(inputValue))], " ")
        }
        if t.isExtension { return body }
        return join([wrap("", description(t.description), "\n"), body])
    }

    static func fieldDefinition(_ f: FieldDefinition) -> String {
        join([
            wrap("", description(f.description), "\n"),
            f.name.value, argumentsDefinition(f.arguments.map(inputValue)), ": ", f.type.text,
            wrap(" ", directives(f.directives)),
        ])
    }

    static func inputValue(_ v: InputValueDefinition) -> String {
        join([
            wrap("", description(v.description), "\n"),
            v.name.value, ": ", v.type.text,
            wrap(" = ", v.defaultValue.map(value) ?? ""),
            wrap(" ", directives(v.directives)),
        ])
    }

    static func enumValue(_ v: EnumValueDefinition) -> String {
        join([wrap("", description(v.description), "\n"), join([v.name.value, directives(v.directives)], " ")])
    }

    static func directiveDefinition(_ d: DirectiveDefinition) -> String {
        if d.isExtension {
            return join(["extend directive @" + d.name.value, directives(d.directives)], " ")
        }
        return join([
            wrap("", description(d.description), "\n"),
            "directive @", d.name.value, argumentsDefinition(d.arguments.map(inputValue)),
            wrap(" ", directives(d.directives)),
            d.isRepeatable ? " repeatable" : "",
            " on ", join(d.locations.map(\.value), " | "),
        ])
    }
}
