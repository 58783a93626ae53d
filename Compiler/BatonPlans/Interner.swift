/// Turns a tree of drafted selections into the plan's table: equal selections (type, key, fields,
/// slots, guards, labels and children) become one entry, and entries are numbered breadth-first
/// from the root, each after the first selection that refers to it.
enum Interner {
    static func intern(_ root: PlanBuilder.Draft) -> [PlanSelection] {
        // Bottom-up: a draft's canonical form refers to its children by canonical id.
        var canonical: [PlanSelection] = []
        var ids: [PlanSelection: Int] = [:]
        func visit(_ draft: PlanBuilder.Draft) -> Int {
            func convert(_ field: PlanBuilder.DraftField) -> PlanField {
                let kind: PlanFieldKind =
                    switch field.kind {
                    case .scalar(let scalar, let levels): .scalar(scalar, levels: levels)
                    case .link(let child, let plural): .link(visit(child), plural: plural)
                    }
                return PlanField(
                    responseKey: field.responseKey, storageKey: field.storageKey, kind: kind,
                    guards: field.guards, client: field.client, deferLabel: field.deferLabel,
                    edit: field.edit, connection: field.connection, lookup: field.lookup, streamed: field.streamed)
            }
            let selection = PlanSelection(
                type: draft.type, key: draft.key, abstract: draft.abstract, fields: draft.fields.map(convert),
                variants: draft.variants.map {
                    PlanVariant(
                        types: $0.types, condition: $0.condition, key: $0.key,
                        fields: $0.fields.map(convert))
                })
            if let id = ids[selection] { return id }
            ids[selection] = canonical.count
            canonical.append(selection)
            return canonical.count - 1
        }
        let rootID = visit(root)
        // Breadth-first renumbering.
        var order: [Int] = [rootID]
        var number: [Int: Int] = [rootID: 0]
        var head = 0
        while head < order.count {
            let selection = canonical[order[head]]
            head += 1
            for field in selection.fields + selection.variants.flatMap(\.fields) {
                if case .link(let child, _) = field.kind, number[child] == nil {
                    number[child] = order.count
                    order.append(child)
                }
            }
        }
        func renumber(_ field: PlanField) -> PlanField {
            var copy = field
            if case .link(let child, let plural) = field.kind { copy.kind = .link(number[child]!, plural: plural) }
            return copy
        }
        return order.map { id in
            var selection = canonical[id]
            selection.fields = selection.fields.map(renumber)
            selection.variants = selection.variants.map { variant in
                var copy = variant
                copy.fields = variant.fields.map(renumber)
                return copy
            }
            return selection
        }
    }
}
