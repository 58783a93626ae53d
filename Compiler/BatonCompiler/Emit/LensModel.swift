import BatonIR
import BatonPlans
import BatonSchema
import BatonTransforms

/// A lens as generated: its struct name, GraphQL type, accessors in order, nested lenses. What
/// the emitter prints and the report describes.
public struct LensModel: Sendable {
    public var name: String
    public var graphQLType: String
    public var accessors: [LensAccessor]
}

public struct LensAccessor: Sendable {
    public enum Reads: String, Sendable {
        case scalar, linked, spread, condition, typename
    }

    /// The accessor's name, unescaped.
    public var name: String
    /// The response key it reads; nil for spreads and conditions.
    public var responseKey: String?
    public var reads: Reads
    public var swiftType: String
    /// The body: one read of the anchor.
    public var read: String
    public var optional: Bool
    /// For a list: whether elements may be absent.
    public var list: Bool
    public var elementsOptional: Bool
    public var fragment: String?
    public var conditionType: String?
    public var nested: LensModel?
}

/// Builds lenses from the IR as the author wrote it (fragment boundaries kept, before fragment
/// arguments are applied): one accessor per declared field, one per spread, one per type
/// condition; nullability from the schema, optional under `@include`/`@skip` or `@defer`.
struct LensBuilder {
    let program: IRProgram
    let schema: Schema
    let customScalars: [String: String]
    let references: SharedReferences
    /// Whether fields a transform inserted (they have no location) get accessors: only in the
    /// lens of a query a transform generated; a lens has one accessor per field the author wrote.
    var includeGenerated = false

    init(program: IRProgram, customScalars: [String: String], references: SharedReferences) {
        self.program = program
        self.schema = program.schema
        self.customScalars = customScalars
        self.references = references
    }

    enum Item {
        case field(IRField, conditional: Bool)
        case spread(IRFragmentSpread, conditional: Bool)
        case condition(TypeID, [IRSelection], conditional: Bool)
    }

    func lens(name: String, type: TypeID, selections: [IRSelection]) -> LensModel {
        var items: [Item] = []
        collect(selections, type: type, conditional: false, into: &items)
        var accessors: [LensAccessor] = []
        var taken = Set<String>()
        var nestedNames = Set<String>()
        func add(_ accessor: LensAccessor) {
            guard taken.insert(accessor.name).inserted else { return }
            accessors.append(accessor)
        }
        // Fields group by response key (a linked field's occurrences read one nested lens).
        var fieldGroups: [String: [(IRField, Bool)]] = [:]
        for case .field(let field, let conditional) in items {
            fieldGroups[field.responseKey, default: []].append((field, conditional))
        }
        var conditionGroups: [TypeID: [IRSelection]] = [:]
        var conditionalTypes = Set<TypeID>()
        for case .condition(let condition, let selections, let conditional) in items {
            conditionGroups[condition, default: []] += selections
            if conditional { conditionalTypes.insert(condition) }
        }
        var emittedConditions = Set<TypeID>()
        for item in items {
            switch item {
            case .field(let field, _):
                guard let group = fieldGroups.removeValue(forKey: field.responseKey) else { continue }
                if let accessor = fieldAccessor(group, in: type, nestedNames: &nestedNames) { add(accessor) }
            case .spread(let spread, let conditional):
                add(spreadAccessor(spread, in: type, conditional: conditional))
            case .condition(let condition, _, _):
                guard emittedConditions.insert(condition).inserted else { continue }
                let typeName = schema[condition].name
                let nested = lens(name: LensNaming.conditionLensName(type: typeName), type: condition,
                                  selections: conditionGroups[condition] ?? [])
                let read = schema[condition].kind.isAbstract
                    ? "anchor.asMember(\(references.membership(typeName)))"
                    : "anchor.asType(\(references.type(typeName)))"
                add(LensAccessor(name: LensNaming.conditionAccessorName(type: typeName), responseKey: nil,
                                 reads: .condition, swiftType: nested.name + "?", read: read, optional: true,
                                 list: false, elementsOptional: false, fragment: nil, conditionType: typeName,
                                 nested: nested))
            }
        }
        return LensModel(name: name, graphQLType: schema[type].name, accessors: accessors)
    }

    /// Whether a selection under `condition` reads on the lens's own record unconditionally.
    func applies(_ condition: TypeID?, to type: TypeID) -> Bool {
        guard let condition, condition != type else { return true }
        return schema[type].kind == .object && schema.isSubType(type, of: condition)
    }

    func collect(_ selections: [IRSelection], type: TypeID, conditional: Bool, into items: inout [Item], depth: Int = 0) {
        guard depth < 200 else { return }
        for selection in selections {
            switch selection {
            case .field(let field):
                if field.location == nil && !includeGenerated { continue }
                items.append(.field(field, conditional: conditional))
            case .fragmentSpread(let spread):
                items.append(.spread(spread, conditional: conditional || spread.directive("defer") != nil))
            case .condition(let condition):
                var always = false
                if case .constant(let value) = condition.value {
                    if value != condition.passingValue { continue }
                    always = true
                }
                collect(condition.selections, type: type, conditional: conditional || !always, into: &items, depth: depth + 1)
            case .inlineFragment(let inline):
                let inner = conditional || inline.directive("defer") != nil
                if applies(inline.typeCondition, to: type) {
                    collect(inline.selections, type: type, conditional: inner, into: &items, depth: depth + 1)
                } else if let condition = inline.typeCondition {
                    items.append(.condition(condition, inline.selections, conditional: inner))
                }
            }
        }
    }

    /// `Slots.T.key` on a concrete lens, `AbstractSlots.key` under an interface or union.
    func slot(_ field: IRField, in type: TypeID) -> String {
        let key = StorageKey.of(field, schema: schema)
        if schema[type].kind.isAbstract, key.isConstant { return references.abstractSlot(key) }
        return references.slot(SlotReference(type: schema[type].name, key: key, client: field.isClientExtension))
    }

    func fieldAccessor(_ group: [(IRField, Bool)], in type: TypeID, nestedNames: inout Set<String>) -> LensAccessor? {
        let field = group[0].0
        let conditional = group.allSatisfy { $0.1 }
        let name = LensNaming.fieldAccessorName(responseKey: field.responseKey)
        if field.name == "__typename" {
            return LensAccessor(name: name, responseKey: field.responseKey, reads: .typename, swiftType: "String",
                                read: "anchor.typename", optional: false, list: false, elementsOptional: false,
                                fragment: nil, conditionType: nil, nested: nil)
        }
        let schemaType = field.definition.type
        let nonNull = schemaType.isNonNull && !conditional
        let named = schema[field.type]
        let slot = slot(field, in: type)
        if field.isLinked, let key = PlanBuilder.connectionKey(field, schema: schema) {
            return connectionAccessor(group.map(\.0), key: key, in: type, name: name, nestedNames: &nestedNames)
        }
        if field.isLinked {
            if let element = schemaType.listElement, element.isList { return nil }
            var nestedName = LensNaming.nestedLensName(responseKey: field.responseKey)
            while !nestedNames.insert(nestedName).inserted { nestedName += "_" }
            let selections = group.flatMap { $0.0.selections ?? [] }
            let nested = lens(name: nestedName, type: field.type, selections: selections)
            if schemaType.isList {
                return LensAccessor(name: name, responseKey: field.responseKey, reads: .linked,
                                    swiftType: "Baton.List<\(nestedName)>" + (nonNull ? "" : "?"),
                                    read: nonNull ? "anchor.requiredPlural(\(slot))" : "anchor.plural(\(slot))",
                                    optional: !nonNull, list: true, elementsOptional: false, fragment: nil,
                                    conditionType: nil, nested: nested)
            }
            return LensAccessor(name: name, responseKey: field.responseKey, reads: .linked, swiftType: nestedName + (nonNull ? "" : "?"),
                                read: nonNull ? "anchor.requiredLink(\(slot), \(references.type(named.name)))" : "anchor.link(\(slot))",
                                optional: !nonNull, list: false, elementsOptional: false, fragment: nil,
                                conditionType: nil, nested: nested)
        }
        if named.kind == .enum { references.enums.insert(named.name) }
        let leaf = LensNaming.leafType(named, customScalars: customScalars)
        let mapped = named.kind == .scalar && customScalars[named.name] != nil
        if let element = schemaType.listElement {
            // Lists of lists and of mapped scalars have no read form yet.
            if element.isList || mapped { return nil }
            let elementNonNull = element.isNonNull
            let swiftType = "[" + leaf + (elementNonNull ? "" : "?") + "]" + (nonNull ? "" : "?")
            let function = switch (nonNull, elementNonNull) {
            case (true, true): "list"
            case (false, true): "nullableList"
            case (true, false): "listOfNullable"
            case (false, false): "nullableListOfNullable"
            }
            return LensAccessor(name: name, responseKey: field.responseKey, reads: .scalar, swiftType: swiftType,
                                read: "anchor.\(function)(\(slot))", optional: !nonNull, list: true,
                                elementsOptional: !elementNonNull, fragment: nil, conditionType: nil, nested: nil)
        }
        if mapped {
            return LensAccessor(name: name, responseKey: field.responseKey, reads: .scalar, swiftType: leaf + "?",
                                read: "anchor.mapped(\(slot))", optional: true, list: false, elementsOptional: false,
                                fragment: nil, conditionType: nil, nested: nil)
        }
        return LensAccessor(name: name, responseKey: field.responseKey, reads: .scalar, swiftType: leaf + (nonNull ? "" : "?"),
                            read: nonNull ? "anchor.scalar(\(slot))" : "anchor.nullable(\(slot))", optional: !nonNull,
                            list: false, elementsOptional: false, fragment: nil, conditionType: nil, nested: nil)
    }

    /// A `@connection` field reads the connection record every page merged into, through the
    /// parent's client link: its nodes (the `edges { node }` selection's lens), whether there is
    /// more in each direction, and its id.
    func connectionAccessor(_ fields: [IRField], key: StorageKey, in type: TypeID, name: String,
                            nestedNames: inout Set<String>) -> LensAccessor {
        let slot = references.slot(SlotReference(type: schema[type].name, key: key, client: true))
        var nestedName = LensNaming.nestedLensName(responseKey: fields[0].responseKey)
        while !nestedNames.insert(nestedName).inserted { nestedName += "_" }
        var nodeSelections: [IRSelection] = []
        var nodeType: TypeID?
        func edges(_ selections: [IRSelection]) {
            for selection in selections {
                switch selection {
                case .field(let field) where field.name == "edges":
                    for case .field(let node) in field.selections ?? [] where node.name == "node" {
                        nodeType = node.type
                        nodeSelections += node.selections ?? []
                    }
                case .inlineFragment(let inline): edges(inline.selections)
                case .condition(let condition): edges(condition.selections)
                default: continue
                }
            }
        }
        for field in fields { edges(field.selections ?? []) }
        var accessors: [LensAccessor] = []
        if let nodeType {
            let node = lens(name: "Node", type: nodeType, selections: nodeSelections)
            accessors.append(LensAccessor(name: "nodes", responseKey: nil, reads: .linked, swiftType: "Baton.List<Node>",
                                          read: "anchor.connectionNodes(\(slot))", optional: false, list: true,
                                          elementsOptional: false, fragment: nil, conditionType: nil, nested: node))
        }
        for (accessor, flag) in [("hasNext", "hasNextPage"), ("hasPrevious", "hasPreviousPage")] {
            accessors.append(LensAccessor(name: accessor, responseKey: nil, reads: .scalar, swiftType: "Bool",
                                          read: "anchor.connectionFlag(\(slot), \(SwiftSpelling.stringLiteral(flag)))",
                                          optional: false, list: false, elementsOptional: false, fragment: nil,
                                          conditionType: nil, nested: nil))
        }
        accessors.append(LensAccessor(name: "connectionID", responseKey: nil, reads: .scalar, swiftType: "String?",
                                      read: "anchor.connectionID(\(slot))", optional: true, list: false,
                                      elementsOptional: false, fragment: nil, conditionType: nil, nested: nil))
        let nested = LensModel(name: nestedName, graphQLType: schema[fields[0].type].name, accessors: accessors)
        return LensAccessor(name: name, responseKey: fields[0].responseKey, reads: .linked, swiftType: nestedName,
                            read: ".init(anchor: anchor)", optional: false, list: false, elementsOptional: false,
                            fragment: nil, conditionType: nil, nested: nested)
    }

    func spreadAccessor(_ spread: IRFragmentSpread, in type: TypeID, conditional: Bool) -> LensAccessor {
        let alias = spread.directive("alias")?.argument("as")?.value.stringValue
        let name = LensNaming.spreadAccessorName(fragment: spread.fragmentName, alias: alias)
        let fragmentType = program.fragment(named: spread.fragmentName)?.typeCondition
        var read = ".init(anchor: anchor.spread)"
        var swiftType = spread.fragmentName
        var optional = false
        if let fragmentType, !applies(fragmentType, to: type) {
            // A spread narrower than the record: the child's lens only on records of its type.
            let typeName = schema[fragmentType].name
            read = schema[fragmentType].kind.isAbstract
                ? "anchor.asMember(\(references.membership(typeName)))"
                : "anchor.asType(\(references.type(typeName)))"
            swiftType += "?"
            optional = true
        }
        _ = conditional
        return LensAccessor(name: name, responseKey: nil, reads: .spread, swiftType: swiftType, read: read,
                            optional: optional, list: false, elementsOptional: false, fragment: spread.fragmentName,
                            conditionType: nil, nested: nil)
    }
}
