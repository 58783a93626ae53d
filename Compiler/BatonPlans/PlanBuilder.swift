import BatonIR
import BatonSchema
import BatonTransforms

/// Builds each operation's normalization plan from the transformed IR (the pipeline's
/// normalization program: fragment arguments applied, identity fields and `__typename`s in,
/// flattened, client fields kept). Spreads are inlined; fields with one response key merge, their
/// children merged in turn; `@include`/`@skip` become guards on the fields under them (a child of
/// a merged field keeps the guard its own occurrence had when the field itself is selected more
/// widely); a deferred fragment's fields carry its label; under an interface or union, fields on a
/// concrete type form that type's variant and fields under another abstract condition a
/// `__isX` membership variant.
package struct PlanBuilder {
    let program: IRProgram
    let schema: Schema
    let identity: IdentityConfiguration

    package init(program: IRProgram, identity: IdentityConfiguration) {
        self.program = program
        self.schema = program.schema
        self.identity = identity
    }

    package static func plans(_ program: IRProgram, identity: IdentityConfiguration) -> [OperationPlan] {
        let builder = PlanBuilder(program: program, identity: identity)
        return program.operations.map(builder.plan)
    }

    /// One field occurrence with the context it was written in.
    struct Entry {
        var field: IRField
        var guards: [PlanGuard]
        var deferLabel: String?
        /// The innermost type condition, nil for the selection's own type.
        var condition: TypeID?
    }

    /// A selection before interning: children are drafts too.
    indirect enum DraftKind {
        case scalar(PlanScalarKind, levels: Int)
        case link(Draft, plural: Bool)
    }

    struct DraftField {
        var responseKey: String
        var storageKey: PlanStorageKey
        var kind: DraftKind
        var guards: [[PlanGuard]]
        var client: Bool
        var deferLabel: String?
        var edit: PlanEdit?
        var connection: PlanConnection?
        var lookup: PlanLookup?
        var streamed = false
    }

    struct DraftVariant {
        var types: [String]
        var condition: String?
        var key: [String]?
        var fields: [DraftField]
    }

    final class Draft {
        var type: String
        var key: [String]
        var abstract: Bool
        var fields: [DraftField]
        var variants: [DraftVariant]

        init(type: String, key: [String], abstract: Bool, fields: [DraftField], variants: [DraftVariant]) {
            self.type = type
            self.key = key
            self.abstract = abstract
            self.fields = fields
            self.variants = variants
        }
    }

    package func plan(_ operation: IROperation) -> OperationPlan {
        let entries = collect(operation.selections, parent: operation.type, guards: [], deferLabel: nil, condition: nil)
        let root = draft(type: operation.type, entries: entries)
        let kind: PlanOperationKind =
            switch operation.kind {
            case .query: .query
            case .mutation: .mutation
            case .subscription: .subscription
            }
        return OperationPlan(name: operation.name, kind: kind, selections: Interner.intern(root))
    }

    // MARK: Collecting occurrences

    func collect(
        _ selections: [IRSelection], parent: TypeID, guards: [PlanGuard], deferLabel: String?,
        condition: TypeID?, depth: Int = 0
    ) -> [Entry] {
        // Fragment cycles are refused by validation; the bound keeps bad input from recursing forever.
        guard depth < 200 else { return [] }
        var entries: [Entry] = []
        for selection in selections {
            switch selection {
            case .field(let field):
                entries.append(Entry(field: field, guards: guards, deferLabel: deferLabel, condition: condition))
            case .condition(let node):
                var inner = guards
                switch node.value {
                case .constant(let value):
                    if value != node.passingValue { continue }
                case .variable(let name):
                    let added = PlanGuard(variable: name, passing: node.passingValue)
                    if !inner.contains(added) { inner.append(added) }
                }
                entries += collect(
                    node.selections, parent: parent, guards: inner, deferLabel: deferLabel,
                    condition: condition, depth: depth + 1)
            case .inlineFragment(let inline):
                let label = Self.deferLabel(inline.directives) ?? deferLabel
                let inner = narrowed(condition, by: inline.typeCondition, parent: parent)
                entries += collect(
                    inline.selections, parent: parent, guards: guards, deferLabel: label,
                    condition: inner, depth: depth + 1)
            case .fragmentSpread(let spread):
                guard let fragment = program.fragment(named: spread.fragmentName) else { continue }
                let label = Self.deferLabel(spread.directives) ?? deferLabel
                let inner = narrowed(condition, by: fragment.typeCondition, parent: parent)
                entries += collect(
                    fragment.selections, parent: parent, guards: guards, deferLabel: label,
                    condition: inner, depth: depth + 1)
            }
        }
        return entries
    }

    func narrowed(_ condition: TypeID?, by type: TypeID?, parent: TypeID) -> TypeID? {
        guard let type, type != parent else { return condition }
        // A condition on a concrete type is the narrowest there is.
        if let condition, schema[condition].kind == .object { return condition }
        return type
    }

    static func deferLabel(_ directives: [IRDirective]) -> String? {
        guard let directive = directives.first(where: { $0.name == "defer" }) else { return nil }
        return directive.argument("label")?.value.stringValue ?? ""
    }

    // MARK: Drafting selections

    func key(of type: TypeID) -> [String] { identity.key(of: type, in: schema) ?? [] }

    func draft(type: TypeID, entries: [Entry]) -> Draft {
        let named = schema[type]
        guard named.kind.isAbstract else {
            let applying = entries.filter { entry in
                guard let condition = entry.condition else { return true }
                return condition == type || schema.isSubType(type, of: condition)
            }
            return Draft(
                type: named.name, key: key(of: type), abstract: false,
                fields: fields(applying, on: type, abstract: false), variants: [])
        }
        let selectionKey = key(of: type)
        let base = entries.filter { $0.condition == nil }
        var concrete: [TypeID] = []
        var conditions: [TypeID] = []
        for entry in entries {
            guard let condition = entry.condition else { continue }
            if schema[condition].kind == .object {
                if !concrete.contains(condition) { concrete.append(condition) }
            } else if !conditions.contains(condition) {
                conditions.append(condition)
            }
        }
        // A field read through an interface resolves once per concrete type the build knows:
        // every member of the selection's type that satisfies a condition gets its own variant;
        // the `__isX` variant serves types the build does not know.
        let possible = schema.possibleTypes(of: type)
        for condition in conditions {
            for member in schema.possibleTypes(of: condition) where possible.contains(member) && !concrete.contains(member) {
                concrete.append(member)
            }
        }
        var variants: [DraftVariant] = []
        for member in concrete {
            let applying = entries.filter { entry in
                guard let condition = entry.condition else { return false }
                return condition == member || (schema[condition].kind.isAbstract && schema.isSubType(member, of: condition))
            }
            let memberKey = key(of: member)
            variants.append(
                DraftVariant(
                    types: [schema[member].name], condition: nil,
                    key: memberKey == selectionKey ? nil : memberKey,
                    fields: fields(applying, on: member, abstract: false)))
        }
        for condition in conditions {
            let applying = entries.filter { $0.condition == condition }
            let conditionKey = key(of: condition)
            variants.append(
                DraftVariant(
                    types: [], condition: "__is" + schema[condition].name,
                    key: conditionKey == selectionKey ? nil : conditionKey,
                    fields: fields(applying, on: condition, abstract: true)))
        }
        return Draft(
            type: named.name, key: selectionKey, abstract: true,
            fields: fields(base, on: type, abstract: true), variants: variants)
    }

    /// The fields of one selection: occurrences grouped by response key, in first-seen order.
    func fields(_ entries: [Entry], on type: TypeID, abstract: Bool) -> [DraftField] {
        var order: [String] = []
        var groups: [String: [Entry]] = [:]
        for entry in entries where entry.field.name != "__typename" {
            let responseKey = entry.field.responseKey
            if groups[responseKey] == nil { order.append(responseKey) }
            groups[responseKey, default: []].append(entry)
        }
        return order.map { field(groups[$0]!, on: type, abstract: abstract) }
    }

    func field(_ group: [Entry], on type: TypeID, abstract: Bool) -> DraftField {
        let first = group[0].field
        // Selected whenever any occurrence is.
        var guards: [[PlanGuard]] = []
        if !group.contains(where: { $0.guards.isEmpty }) {
            for entry in group {
                let conjunction = entry.guards.sorted()
                if !guards.contains(conjunction) { guards.append(conjunction) }
            }
        }
        // Deferred only when every occurrence is deferred under one label.
        let labels = Set(group.map { $0.deferLabel ?? "\u{0}" })
        let deferLabel = labels.count == 1 ? group[0].deferLabel : nil

        let storage = storageKey(first, on: type, abstract: abstract)
        let kind: DraftKind
        if first.isLinked {
            var children: [Entry] = []
            for entry in group {
                let inherited = guards.count == 1 && guards[0] == entry.guards.sorted() ? [] : entry.guards
                children += collect(
                    entry.field.selections ?? [], parent: first.type, guards: inherited,
                    deferLabel: nil, condition: nil)
            }
            kind = .link(draft(type: first.type, entries: children), plural: first.definition.type.isList)
        } else {
            kind = .scalar(scalarKind(first.type), levels: first.definition.type.listLevels)
        }
        return DraftField(
            responseKey: first.responseKey, storageKey: storage, kind: kind, guards: guards,
            client: first.isClientExtension, deferLabel: deferLabel, edit: edit(first),
            connection: connection(first, on: type), lookup: lookup(first, on: type),
            streamed: group.contains { $0.field.directives.contains { $0.name == "stream" } })
    }

    /// The lookup of a query-root link `lookups` names, when each key argument is one variable or a
    /// constant (the value the key is composed of).
    func lookup(_ field: IRField, on type: TypeID) -> PlanLookup? {
        guard type == schema.queryType, field.isLinked, !field.definition.type.isList, let rule = identity.lookups[field.name] else {
            return nil
        }
        let key = StorageKey.of(field, schema: schema)
        var values: [KeySegment] = []
        for name in rule.arguments {
            guard let argument = key.arguments.first(where: { $0.name == name }), argument.segments.count == 1 else { return nil }
            values.append(argument.segments[0])
        }
        let types: [String]
        if let typed = rule.type {
            types = [typed]
        } else {
            types = schema.possibleTypes(of: field.type).map { schema[$0].name }.sorted()
        }
        return types.isEmpty ? nil : PlanLookup(types: types, values: values)
    }

    func storageKey(_ field: IRField, on type: TypeID, abstract: Bool) -> PlanStorageKey {
        let key = StorageKey.of(field, schema: schema)
        if abstract, key.isConstant { return .abstract(key) }
        let owner = abstract ? field.parentType : type
        return .slot(SlotReference(type: schema[owner].name, key: key, client: field.isClientExtension))
    }

    func scalarKind(_ type: TypeID) -> PlanScalarKind {
        let named = schema[type]
        if named.kind == .enum { return .enumeration }
        switch named.name {
        case "ID": return .id
        case "String": return .string
        case "Int": return .int
        case "Float": return .float
        case "Boolean": return .bool
        default: return .custom
        }
    }

    func edit(_ field: IRField) -> PlanEdit? {
        func connections(_ directive: IRDirective) -> String {
            directive.argument("connections")?.value.variableName ?? "connections"
        }
        for directive in field.directives {
            switch directive.name {
            case "deleteRecord": return .deleteRecord
            case "deleteEdge": return .deleteEdge(connections: connections(directive))
            case "appendEdge": return .appendEdge(connections: connections(directive))
            case "prependEdge": return .prependEdge(connections: connections(directive))
            case "appendNode", "prependNode":
                let edgeType = directive.argument("edgeTypeName")?.value.stringValue ?? ""
                return directive.name == "appendNode"
                    ? .appendNode(connections: connections(directive), edgeType: edgeType)
                    : .prependNode(connections: connections(directive), edgeType: edgeType)
            default: continue
            }
        }
        return nil
    }

    static let paginationArguments: Set<String> = ["first", "last", "after", "before"]

    /// `@connection(key:)`: the parent's client link `__<key>_connection`, with the filter
    /// arguments (by default every argument but the pagination ones) in its key.
    package static func connectionKey(_ field: IRField, schema: Schema) -> StorageKey? {
        guard let directive = field.directive("connection") ?? field.directive("stream_connection"),
            let name = directive.argument("key")?.value.stringValue
        else { return nil }
        var filters: Set<String>?
        if let written = directive.argument("filters") {
            if case .list(let items) = written.value {
                filters = Set(items.compactMap(\.stringValue))
            } else if let single = written.value.stringValue {
                filters = [single]
            }
        }
        var keyed = field
        keyed.alias = nil
        keyed.name = "__" + name + "_connection"
        keyed.arguments = field.arguments.filter { argument in
            if let filters { return filters.contains(argument.name) }
            return !paginationArguments.contains(argument.name)
        }
        return StorageKey.of(keyed, schema: schema)
    }

    func connection(_ field: IRField, on type: TypeID) -> PlanConnection? {
        guard let key = Self.connectionKey(field, schema: schema) else { return nil }
        return PlanConnection(
            key: SlotReference(type: schema[type].name, key: key, client: true),
            after: field.argument("after")?.value.variableName,
            before: field.argument("before")?.value.variableName)
    }
}

extension SchemaType {
    /// How many lists wrap the named type (`[[Int]!]` is 2; a plain type 0).
    var listLevels: Int {
        var levels = 0
        var type = self
        while let element = type.listElement {
            levels += 1
            type = element
        }
        return levels
    }
}
