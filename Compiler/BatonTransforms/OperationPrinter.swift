import BatonIR
import BatonSchema
import BatonSyntax

/// Prints an operation and the fragments it reaches as the one-line compact text a server
/// receives (Relay's compact printer): no optional whitespace, `,` between items, and one
/// exception to the single line: the selections one `@include`/`@skip` condition holds are
/// separated by a newline and the indentation of their depth, as Relay prints them.
package enum OperationPrinter {
    /// The operation, then every fragment it reaches, sorted by name.
    package static func print(_ operation: IROperation, in program: IRProgram) -> String {
        var printer = Printer(schema: program.schema)
        printer.print(operation)
        for name in FragmentReach.reachedFragments(from: operation.selections, in: program).sorted() {
            if let fragment = program.fragment(named: name) { printer.print(fragment) }
        }
        return printer.out
    }

    package static func print(_ fragment: IRFragment, schema: Schema) -> String {
        var printer = Printer(schema: schema)
        printer.print(fragment)
        return printer.out
    }

    package static func print(_ value: IRValue) -> String {
        var out = ""
        Printer.value(value, into: &out)
        return out
    }

    struct Printer {
        let schema: Schema
        var out = ""

        mutating func print(_ operation: IROperation) {
            out += operation.kind.rawValue
            out += " "
            out += operation.name
            if !operation.variableDefinitions.isEmpty {
                out += "("
                for (i, variable) in operation.variableDefinitions.enumerated() {
                    if i > 0 { out += "," }
                    out += "$" + variable.name + ":" + schema.text(of: variable.type)
                    if let value = variable.defaultValue {
                        out += "="
                        Self.value(value, into: &out)
                    }
                    directives(variable.directives)
                }
                out += ")"
            }
            directives(operation.directives)
            selections(operation.selections, depth: 1)
        }

        mutating func print(_ fragment: IRFragment) {
            out += "fragment " + fragment.name + " on " + schema[fragment.typeCondition].name
            directives(fragment.directives)
            selections(fragment.selections, depth: 1)
        }

        mutating func selections(_ selections: [IRSelection], depth: Int) {
            out += "{"
            for (i, selection) in selections.enumerated() {
                if i > 0 { out += "," }
                self.selection(selection, conditions: [], depth: depth)
            }
            out += "}"
        }

        mutating func selection(_ selection: IRSelection, conditions: [IRCondition], depth: Int) {
            switch selection {
            case .field(let field):
                if let alias = field.alias, alias != field.name { out += alias + ":" }
                out += field.name
                arguments(field.arguments)
                self.conditions(conditions)
                directives(field.directives)
                if let children = field.selections { selections(children, depth: depth + 1) }
            case .fragmentSpread(let spread):
                out += "..." + spread.fragmentName
                self.conditions(conditions)
                directives(spread.directives)
            case .inlineFragment(let inline):
                out += "..."
                if let type = inline.typeCondition { out += "on " + schema[type].name }
                self.conditions(conditions)
                directives(inline.directives)
                selections(inline.selections, depth: depth + 1)
            case .condition(let condition):
                if conditions.contains(where: { $0.directiveName == condition.directiveName && $0.value == condition.value }) {
                    // An enclosing condition says the same: it is redundant (Relay's
                    // skip-redundant-nodes), and printed twice it would be a repeated directive.
                    self.selections(condition.selections, conditions: conditions, depth: depth)
                } else if conditions.contains(where: { $0.directiveName == condition.directiveName }) {
                    // `@include` inside another `@include` (or `@skip` in `@skip`): a selection takes
                    // each directive once, so the enclosing ones go on an inline fragment around it.
                    out += "..."
                    self.conditions(conditions)
                    out += "{"
                    self.selections(condition.selections, conditions: [condition], depth: depth + 1)
                    out += "}"
                } else {
                    self.selections(condition.selections, conditions: conditions + [condition], depth: depth)
                }
            }
        }

        /// A condition's selections, each under the conditions that enclose it, a newline apart.
        mutating func selections(_ selections: [IRSelection], conditions: [IRCondition], depth: Int) {
            for (i, child) in selections.enumerated() {
                if i > 0 { out += "\n" + String(repeating: "  ", count: depth) }
                self.selection(child, conditions: conditions, depth: depth)
            }
        }

        mutating func conditions(_ conditions: [IRCondition]) {
            for condition in conditions {
                out += "@" + condition.directiveName + "(if:"
                switch condition.value {
                case .variable(let name): out += "$" + name
                case .constant(let b): out += b ? "true" : "false"
                }
                out += ")"
            }
        }

        mutating func directives(_ directives: [IRDirective]) {
            for directive in directives {
                out += "@" + directive.name
                arguments(directive.arguments)
            }
        }

        mutating func arguments(_ arguments: [IRArgument]) {
            guard !arguments.isEmpty else { return }
            out += "("
            for (i, argument) in arguments.enumerated() {
                if i > 0 { out += "," }
                out += argument.name + ":"
                Self.value(argument.value, into: &out)
            }
            out += ")"
        }

        /// Values print through BatonSyntax's compact printer, so one printer decides how every
        /// literal is spelled (a string keeps its form, `"…"` or `"""…"""`).
        static func value(_ value: IRValue, into out: inout String) {
            out += CompactPrinter.print(syntax(value))
        }

        static func syntax(_ value: IRValue) -> Value {
            let kind: Value.Kind =
                switch value {
                case .variable(let name): .variable(name)
                case .int(let text): .int(text)
                case .float(let text): .float(text)
                case .string(let s, let block): .string(s, block: block)
                case .boolean(let b): .boolean(b)
                case .null: .null
                case .enumValue(let name): .enumValue(name)
                case .list(let items): .list(items.map(syntax))
                case .object(let fields):
                    .object(fields.map { ObjectField(name: Name($0.name, range: .empty), value: syntax($0.value), range: .empty) })
                }
            return Value(kind, range: .empty)
        }
    }
}

/// The fragments a selection reaches, transitively.
package enum FragmentReach {
    package static func reachedFragments(from selections: [IRSelection], in program: IRProgram) -> Set<String> {
        var seen = Set<String>()
        var stack = directSpreads(selections)
        while let name = stack.popLast() {
            guard seen.insert(name).inserted, let fragment = program.fragment(named: name) else { continue }
            stack.append(contentsOf: directSpreads(fragment.selections))
        }
        return seen.filter { program.fragment(named: $0) != nil }
    }

    /// Names of the fragments spread directly in the selections (not through other fragments).
    package static func directSpreads(_ selections: [IRSelection]) -> [String] {
        var result: [String] = []
        func visit(_ selections: [IRSelection]) {
            for selection in selections {
                switch selection {
                case .field(let f): if let s = f.selections { visit(s) }
                case .fragmentSpread(let s): result.append(s.fragmentName)
                case .inlineFragment(let i): visit(i.selections)
                case .condition(let c): visit(c.selections)
                }
            }
        }
        visit(selections)
        return result
    }
}
