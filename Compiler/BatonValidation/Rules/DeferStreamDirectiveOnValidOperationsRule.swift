import BatonDiagnostics
import BatonSyntax

/// Subscriptions do not use @defer or @stream unless they can be disabled (`if: false` or a
/// variable), nor where @skip/@include may leave the selection out anyway.
final class DeferStreamDirectiveOnValidOperationsRule: ValidationRule {
    static let code: DiagnosticCode = .deferStreamDirectiveOnValidOperations
    override var events: RuleEvents { [.enterOperation] }
    private var checkedFragments = Set<String>()

    override func enterOperation(_ operation: OperationEntry, _ context: ValidationContext) {
        guard operation.definition.operation == .subscription else { return }
        var visited = Set<String>()
        var parents: [Location] = []
        if check(operation.definition.selectionSet, operation.source, &parents, &visited, context) {
            checkedFragments.formUnion(visited)
        }
    }

    private func check(
        _ selectionSet: SelectionSet, _ source: Source, _ parents: inout [Location],
        _ visited: inout Set<String>, _ context: ValidationContext
    ) -> Bool {
        guard context.descend() else { return false }
        defer { context.ascend() }
        var valid = true
        for selection in selectionSet.selections {
            let directives = selection.directives
            if let skip = directives.first(where: { $0.name.value == "skip" }), Self.canSkipViaSkip(skip) { continue }
            if let include = directives.first(where: { $0.name.value == "include" }), Self.canSkipViaInclude(include) { continue }
            for directive in directives {
                let message: String
                switch directive.name.value {
                case "defer" where context.checksDefer:
                    if Self.ifCanBeFalse(directive) { continue }
                    message =
                        "Defer directive not supported on subscription operations. Disable `@defer` by setting the `if` argument to `false`."
                case "stream" where context.checksStream:
                    if Self.ifCanBeFalse(directive) { continue }
                    message =
                        "Stream directive not supported on subscription operations. Disable `@stream` by setting the `if` argument to `false`."
                default:
                    continue
                }
                valid = false
                context.report(Self.code, message, [Location(source: source, range: directive.range)] + parents.reversed())
            }
            switch selection {
            case .fragmentSpread(let spread):
                let name = spread.name.value
                if visited.contains(name) || checkedFragments.contains(name) { continue }
                visited.insert(name)
                guard let fragment = context.fragment(named: name) else { continue }
                parents.append(Location(source: source, range: spread.range))
                valid = check(fragment.definition.selectionSet, fragment.source, &parents, &visited, context) && valid
                parents.removeLast()
            case .field(let field):
                if let nested = field.selectionSet {
                    valid = check(nested, source, &parents, &visited, context) && valid
                }
            case .inlineFragment(let inline):
                valid = check(inline.selectionSet, source, &parents, &visited, context) && valid
            }
        }
        return valid
    }

    private static func ifArgument(_ directive: Directive) -> Value? { directive.argument("if")?.value }

    private static func ifCanBeFalse(_ directive: Directive) -> Bool {
        guard let value = ifArgument(directive) else { return false }
        switch value.kind {
        case .boolean(let b): return !b
        case .variable: return true
        default: return false
        }
    }

    private static func canSkipViaSkip(_ directive: Directive) -> Bool {
        guard let value = ifArgument(directive) else { return true }
        if case .boolean(let b) = value.kind { return b }
        return true
    }

    private static func canSkipViaInclude(_ directive: Directive) -> Bool {
        guard let value = ifArgument(directive) else { return false }
        if case .boolean(let b) = value.kind { return !b }
        return true
    }
}
