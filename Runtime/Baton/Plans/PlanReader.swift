/// Reads what a response placed, by a path of response keys and list indices, through an operation's
/// plan and the store: what a generated lens reads at that path, without the lens. The specification
/// harness uses it to check the `reads` rows of cases whose lenses were not written.
@_spi(Testing) public enum PlanReader {
    /// The value at `path` (dotted: `character.origin.name`, `search.0.label`), nil when the path
    /// leads through a null, a missing slot or a field the plan does not have.
    @MainActor public static func read(_ path: String, plan: Plan, variables: Variables, in store: Store) -> Value? {
        var record = store.root(of: plan.kind)
        var selection = plan.resolved(variables)
        let components = path.isEmpty ? [] : path.split(separator: ".").map(String.init)
        var index = 0
        while index < components.count {
            if record.isDeleted { return nil }
            let variant = variant(selection, for: record.type, in: store)
            let name = Array(components[index].utf8)
            guard let field = variant.fields.first(where: { $0.responseKey == name }) else { return nil }
            let ref = store.slotRef(field.slot.entry(on: record.type), on: record.type)
            guard let value = record.peek(ref) else { return nil }
            index += 1
            if index == components.count { return value }
            guard case .link(let child, _) = field.kind else { return nil }
            switch value {
            case .link(let target):
                record = target
            case .links, .list:
                // A list of records, or of lists of them: one index a level down to a record.
                var level = value
                descend: while true {
                    guard index < components.count, let position = Int(components[index]) else { return nil }
                    index += 1
                    switch level {
                    case .links(let targets) where targets.indices.contains(position):
                        guard let target = targets[position] else { return nil }
                        if index == components.count { return .link(target) }
                        record = target
                        break descend
                    case .list(let values) where values.indices.contains(position):
                        level = values[position]
                        if index == components.count { return level }
                    default:
                        return nil
                    }
                }
            default:
                return nil
            }
            selection = child
        }
        return nil
    }

    @MainActor private static func variant(_ selection: ResolvedSelection, for type: TypeID, in store: Store) -> ResolvedVariant {
        if selection.isListed(type) || selection.conditions.isEmpty { return selection.variant(for: type) }
        let answers = selection.conditions.map { condition in
            store.hasLearned(type, satisfies: String(decoding: condition.answer.dropFirst(4), as: UTF8.self))
        }
        return selection.variant(for: type, answers: answers)
    }
}
