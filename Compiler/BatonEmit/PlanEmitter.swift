import BatonPlans

/// Writes a plan as data tables: `static let plan = Baton.Plan(root: selection0, transient: Types.transient)` and one
/// `private static let selectionN` per distinct selection.
struct PlanEmitter {
    let references: SharedReferences

    func emit(_ plan: OperationPlan, indent: String) -> String {
        var out = indent + "static let plan = Baton.Plan(root: selection0"
        if plan.kind != .query { out += ", kind: .\(plan.kind.rawValue)" }
        out += ", transient: Types.transient)\n"
        for (index, selection) in plan.selections.enumerated() {
            out += indent + "private static let selection\(index) = Baton.Selection(type: \(references.type(selection.type))"
            if !selection.key.isEmpty { out += ", key: " + stringArray(selection.key) }
            if selection.abstract { out += ", abstract: true" }
            out += ", fields: " + fields(selection.fields, indent: indent)
            if !selection.variants.isEmpty {
                out += ", variants: [\n"
                for variant in selection.variants {
                    out += indent + "    .init("
                    var parts: [String] = []
                    if !variant.types.isEmpty {
                        parts.append("types: [" + variant.types.map(references.type).joined(separator: ", ") + "]")
                    }
                    if let condition = variant.condition { parts.append("condition: " + SwiftSpelling.stringLiteral(condition)) }
                    if let key = variant.key { parts.append("key: " + stringArray(key)) }
                    parts.append("fields: " + fields(variant.fields, indent: indent + "    "))
                    out += parts.joined(separator: ", ") + "),\n"
                }
                out += indent + "]"
            }
            out += ")\n"
        }
        return out
    }

    func stringArray(_ values: [String]) -> String {
        "[" + values.map(SwiftSpelling.stringLiteral).joined(separator: ", ") + "]"
    }

    func fields(_ fields: [PlanField], indent: String) -> String {
        if fields.isEmpty { return "[]" }
        var out = "[\n"
        for field in fields { out += indent + "    " + self.field(field) + ",\n" }
        return out + indent + "]"
    }

    func storageKey(_ key: PlanStorageKey) -> String {
        switch key {
        case .slot(let reference): (reference.isDynamic ? ".dynamic(" : ".fixed(") + references.slot(reference) + ")"
        case .abstract(let key): ".abstract(" + references.abstractSlot(key) + ")"
        }
    }

    func field(_ field: PlanField) -> String {
        let name = SwiftSpelling.stringLiteral(field.responseKey)
        var trailing: [String] = []
        if !field.guards.isEmpty {
            trailing.append(
                "guards: ["
                    + field.guards.map { "[" + $0.map(references.guardConstant).joined(separator: ", ") + "]" }
                    .joined(separator: ", ") + "]")
        }
        if field.client { trailing.append("client: true") }
        if let label = field.deferLabel { trailing.append("deferLabel: " + SwiftSpelling.stringLiteral(label)) }
        if let edit = field.edit { trailing.append("edit: " + self.edit(edit)) }
        if let connection = field.connection {
            var parts = ["key: " + storageKey(.slot(connection.key))]
            if let after = connection.after { parts.append("after: " + SwiftSpelling.stringLiteral(after)) }
            if let before = connection.before { parts.append("before: " + SwiftSpelling.stringLiteral(before)) }
            trailing.append("connection: .init(" + parts.joined(separator: ", ") + ")")
        }
        if let lookup = field.lookup {
            let types = lookup.types.map(references.type).joined(separator: ", ")
            let values = lookup.values.map { segment in
                switch segment {
                case .literal(let text): ".literal(\(SwiftSpelling.stringLiteral(text)))"
                case .variable(let name): ".variable(\(SwiftSpelling.stringLiteral(name)))"
                }
            }
            trailing.append("lookup: .init([\(types)], [\(values.joined(separator: ", "))])")
        }
        if field.streamed { trailing.append("streamed: true") }
        let tail = trailing.isEmpty ? "" : ", " + trailing.joined(separator: ", ")
        switch field.kind {
        case .scalar(let kind, let levels):
            let list = levels == 0 ? "" : levels == 1 ? ", list: true" : ", list: true, levels: \(levels)"
            return ".scalar(\(name), key: \(storageKey(field.storageKey)), kind: .\(kind.rawValue)" + list + tail + ")"
        case .link(let child, let plural):
            if plural && (field.edit != nil || field.connection != nil) {
                return "Baton.Field(\(name), key: \(storageKey(field.storageKey)), kind: .link(selection\(child), plural: true)" + tail
                    + ")"
            }
            return (plural ? ".plural(" : ".linked(") + "\(name), key: \(storageKey(field.storageKey)), selection: selection\(child)" + tail
                + ")"
        }
    }

    func edit(_ edit: PlanEdit) -> String {
        switch edit {
        case .deleteRecord: ".deleteRecord"
        case .deleteEdge(let variable): ".deleteEdge(connections: \(SwiftSpelling.stringLiteral(variable)))"
        case .appendEdge(let variable): ".appendEdge(connections: \(SwiftSpelling.stringLiteral(variable)))"
        case .prependEdge(let variable): ".prependEdge(connections: \(SwiftSpelling.stringLiteral(variable)))"
        case .appendNode(let variable, let type):
            ".appendNode(connections: \(SwiftSpelling.stringLiteral(variable)), edgeType: \(references.type(type)))"
        case .prependNode(let variable, let type):
            ".prependNode(connections: \(SwiftSpelling.stringLiteral(variable)), edgeType: \(references.type(type)))"
        }
    }
}
