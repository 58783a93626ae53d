import BatonDiagnostics
import BatonSchema
import BatonSyntax

/// A subscription selects exactly one root field, not an introspection field, and without
/// @skip/@include at its top level (fields collected as execution would collect them).
final class SingleFieldSubscriptionsRule: ValidationRule {
    static let code: DiagnosticCode = .singleFieldSubscriptions
    override var events: RuleEvents { [.enterOperation] }

    override func enterOperation(_ operation: OperationEntry, _ context: ValidationContext) {
        let definition = operation.definition
        guard definition.operation == .subscription, let root = context.schema.subscriptionType else { return }
        var collector = RootFieldCollector(context: context, runtimeType: root)
        collector.collect(definition.selectionSet, source: operation.source, deferUsage: nil)
        let subject = definition.name.map { "Subscription '\($0.value)'" } ?? "Anonymous Subscription"
        if !collector.forbidden.isEmpty {
            context.report(
                Self.code, subject + " must not use `@skip` or `@include` directives in the top level selection.",
                collector.forbidden)
            return
        }
        let groups = collector.order.map { collector.groups[$0]! }
        if groups.isEmpty {
            context.report(
                Self.code, subject + " must select one top level field.",
                [context.location(definition.selectionSet.range)])
        } else if groups.count > 1 {
            context.report(
                Self.code, subject + " must select only one top level field.",
                groups.dropFirst().flatMap { $0.map(\.location) })
        }
        for group in groups where group[0].name.hasPrefix("__") {
            context.report(Self.code, subject + " must not select an introspection top level field.", group.map(\.location))
        }
    }
}

/// graphql-core's `collect_fields` for the root selection set of a subscription, with no
/// variable values, recording @skip/@include instead of applying them.
private struct RootFieldCollector {
    let context: ValidationContext
    let runtimeType: TypeID
    var groups: [String: [(name: String, location: Location)]] = [:]
    var order: [String] = []
    var forbidden: [Location] = []
    /// Per fragment, the @defer directives it was collected under (nil: none).
    var visited: [String: [Location?]] = [:]

    init(context: ValidationContext, runtimeType: TypeID) {
        self.context = context
        self.runtimeType = runtimeType
    }

    mutating func collect(_ selectionSet: SelectionSet, source: Source, deferUsage: Location?) {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                guard shouldInclude(field.directives, source) else { continue }
                let key = field.responseKey
                if groups[key] == nil {
                    order.append(key)
                    groups[key] = []
                }
                groups[key]!.append((field.name.value, Location(source: source, range: field.range)))
            case .inlineFragment(let inline):
                guard shouldInclude(inline.directives, source), matches(inline.typeCondition) else { continue }
                let usage = Self.deferUsage(inline.directives, source) ?? deferUsage
                collect(inline.selectionSet, source: source, deferUsage: usage)
            case .fragmentSpread(let spread):
                guard shouldInclude(spread.directives, source) else { continue }
                guard let fragment = context.fragment(named: spread.name.value),
                    matches(fragment.definition.typeCondition)
                else { continue }
                let usage = Self.deferUsage(spread.directives, source) ?? deferUsage
                let seen = visited[spread.name.value, default: []]
                if seen.contains(where: { $0 == nil }) || (usage != nil && seen.contains(where: { $0 == usage })) { continue }
                visited[spread.name.value, default: []].append(usage)
                collect(fragment.definition.selectionSet, source: fragment.source, deferUsage: usage)
            }
        }
    }

    private mutating func shouldInclude(_ directives: [Directive], _ source: Source) -> Bool {
        if let skip = directives.first(where: { $0.name.value == "skip" }) {
            forbidden.append(Location(source: source, range: skip.range))
            return false
        }
        if let include = directives.first(where: { $0.name.value == "include" }) {
            forbidden.append(Location(source: source, range: include.range))
            return false
        }
        return true
    }

    /// The @defer directive that starts a deferred part here, unless disabled by `if: false`.
    private static func deferUsage(_ directives: [Directive], _ source: Source) -> Location? {
        guard let directive = directives.first(where: { $0.name.value == "defer" }) else { return nil }
        if let condition = directive.argument("if"), case .boolean(false) = condition.value.kind { return nil }
        return Location(source: source, range: directive.range)
    }

    private func matches(_ typeCondition: Name?) -> Bool {
        guard let typeCondition else { return true }
        guard let conditional = context.schema.namedType(typeCondition) else { return false }
        if conditional == runtimeType { return true }
        if context.schema.kind(of: conditional).isAbstract {
            return context.schema.possibleTypes(of: conditional).contains(runtimeType)
        }
        return false
    }
}
