import BatonDiagnostics
import BatonIR
import BatonSchema

/// Relay's fragment-arguments transform: each spread's fragment is rewritten with its arguments
/// bound (the spread's `@arguments`, else the definition's default, else null), so the server
/// text has no fragment variables. A spread without arguments keeps the fragment's name; one with
/// arguments gets a copy named `<Fragment>_<hash>`, the hash being Relay's murmurhash of the
/// arguments (see `FragmentArgumentsHash`). Only fragments an operation reaches remain.
package enum ApplyFragmentArguments {
    package static func transform(_ program: IRProgram) -> (program: IRProgram, diagnostics: [Diagnostic]) {
        var applier = Applier(program: program)
        var operations = program.operations
        for index in operations.indices {
            operations[index].selections = applier.apply(operations[index].selections, scope: [:])
        }
        var result = IRProgram(schema: program.schema, operations: operations, fragments: Array(applier.applied.values))
        result.operations = operations
        return (result, applier.diagnostics)
    }

    /// Spreads nested deeper than this (through fragments) are refused rather than followed, so
    /// the recursion stays well within a thread's stack.
    package static let maxSpreadDepth = 500

    struct Applier {
        let program: IRProgram
        var applied: [String: IRFragment] = [:]
        var inProgress = Set<String>()
        var diagnostics: [Diagnostic] = []
        var depth = 0

        init(program: IRProgram) { self.program = program }

        mutating func apply(_ selections: [IRSelection], scope: [String: IRValue]) -> [IRSelection] {
            selections.compactMap { apply($0, scope: scope) }
        }

        mutating func apply(_ selection: IRSelection, scope: [String: IRValue]) -> IRSelection? {
            switch selection {
            case .field(var field):
                field.arguments = field.arguments.map { bind($0, scope) }
                field.directives = field.directives.map { bind($0, scope) }
                if let children = field.selections { field.selections = apply(children, scope: scope) }
                return .field(field)
            case .inlineFragment(var inline):
                inline.directives = inline.directives.map { bind($0, scope) }
                inline.selections = apply(inline.selections, scope: scope)
                return .inlineFragment(inline)
            case .condition(var condition):
                if case .variable(let name) = condition.value, let bound = scope[name] {
                    switch bound {
                    case .variable(let global): condition.value = .variable(global)
                    case .boolean(let b): condition.value = .constant(b)
                    default: condition.value = .constant(false)
                    }
                }
                condition.selections = apply(condition.selections, scope: scope)
                return .condition(condition)
            case .fragmentSpread(var spread):
                guard let fragment = program.fragment(named: spread.fragmentName) else { return nil }
                let arguments = spread.arguments.map { bind($0, scope) }
                let name = FragmentArgumentsHash.appliedName(fragment.name, arguments: arguments)
                spread.fragmentName = name
                spread.arguments = []
                spread.directives = spread.directives.map { bind($0, scope) }
                if applied[name] == nil {
                    guard !inProgress.contains(name) else { return .fragmentSpread(spread) }
                    guard depth < ApplyFragmentArguments.maxSpreadDepth else {
                        diagnostics.append(
                            .error(
                                "Fragments nest deeper than \(ApplyFragmentArguments.maxSpreadDepth) spreads here; Baton does not follow them further",
                                at: [spread.location].compactMap { $0 }, code: .fragmentDepth))
                        return nil
                    }
                    depth += 1
                    defer { depth -= 1 }
                    inProgress.insert(name)
                    var inner: [String: IRValue] = [:]
                    for definition in fragment.argumentDefinitions {
                        inner[definition.name] =
                            arguments.first { $0.name == definition.name }?.value
                            ?? definition.defaultValue ?? .null
                    }
                    var copy = fragment
                    copy.name = name
                    copy.argumentDefinitions = []
                    copy.directives = fragment.directives.map { bind($0, inner) }
                    copy.selections = apply(fragment.selections, scope: inner)
                    applied[name] = copy
                    inProgress.remove(name)
                }
                return .fragmentSpread(spread)
            }
        }

        func bind(_ argument: IRArgument, _ scope: [String: IRValue]) -> IRArgument {
            var result = argument
            result.value = Self.bind(argument.value, scope)
            return result
        }

        func bind(_ directive: IRDirective, _ scope: [String: IRValue]) -> IRDirective {
            var result = directive
            result.arguments = directive.arguments.map { bind($0, scope) }
            return result
        }

        static func bind(_ value: IRValue, _ scope: [String: IRValue]) -> IRValue {
            switch value {
            case .variable(let name): scope[name] ?? value
            case .list(let items): .list(items.map { bind($0, scope) })
            case .object(let fields): .object(fields.map { IRObjectField(name: $0.name, value: bind($0.value, scope)) })
            default: value
            }
        }
    }
}
