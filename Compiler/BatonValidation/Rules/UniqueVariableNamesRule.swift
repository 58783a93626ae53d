import BatonDiagnostics
import BatonSyntax

/// An operation defines each variable once.
final class UniqueVariableNamesRule: ValidationRule {
    static let code: DiagnosticCode = .uniqueVariableNames
    override var events: RuleEvents { [.enterOperation] }

    override func enterOperation(_ operation: OperationEntry, _ context: ValidationContext) {
        var order: [String] = []
        var groups: [String: [Location]] = [:]
        for definition in operation.definition.variableDefinitions {
            let name = definition.variable.value
            if groups[name] == nil { order.append(name) }
            // graphql-core points at the name, after the `$`.
            let range = definition.variable.range
            groups[name, default: []].append(context.location(SourceRange(start: range.start + 1, end: range.end)))
        }
        for name in order {
            let locations = groups[name]!
            if locations.count > 1 {
                context.report(Self.code, "There can be only one variable named '$\(name)'.", locations)
            }
        }
    }
}
