import Foundation

/// A plan bound to one set of variables: guards dropped, keys rendered, variants merged per concrete
/// type. This is what the ingest walks, so it tests no field for what it is.
final class ResolvedSelection: @unchecked Sendable {
    let type: TypeID
    let abstract: Bool
    /// Filled once right after creation (children may refer back through shared selections).
    var concrete: ResolvedVariant!
    var byType: [Int32: ResolvedVariant] = [:]
    var others: ResolvedVariant!
    /// Membership conditions for unlisted types: the answer's response key and what it adds.
    var conditions: [(answer: [UInt8], key: [String]?, fields: [Field])] = []
    var base: (key: [String], fields: [Field], variables: Variables) = ([], [], [:])
    private let lock = NSLock()
    private var byConditions: [ConditionKey: ResolvedVariant] = [:]

    private struct ConditionKey: Hashable {
        let type: Int32
        let answers: [Bool]
    }

    init(type: TypeID, abstract: Bool) {
        self.type = type
        self.abstract = abstract
    }

    func isListed(_ type: TypeID) -> Bool { !abstract || byType[type.index] != nil }

    func variant(for type: TypeID) -> ResolvedVariant {
        if !abstract { return concrete }
        return byType[type.index] ?? others
    }

    /// The variant of a type the plan did not list, from the conditions the response says it
    /// satisfies: the fields every type reads, then each satisfied condition's, the first field
    /// winning a response key. Built once per type and set of answers.
    func variant(for type: TypeID, answers: [Bool]) -> ResolvedVariant {
        let cacheKey = ConditionKey(type: type.index, answers: answers)
        lock.lock()
        if let found = byConditions[cacheKey] {
            lock.unlock()
            return found
        }
        lock.unlock()
        var fields = base.fields
        var key = base.key
        var keyed = false
        for (condition, satisfied) in zip(conditions, answers) where satisfied {
            fields += condition.fields
            if !keyed, let conditionKey = condition.key {
                key = conditionKey
                keyed = true
            }
        }
        var resolver = Resolver(variables: base.variables)
        let built = resolver.makeVariant(key: key, fields: fields)
        lock.lock()
        byConditions[cacheKey] = built
        lock.unlock()
        return built
    }
}

/// The fields one concrete type reads, with its key fields' positions among them. A class: the
/// ingest takes one per object, and a reference is one retain where four arrays were four.
final class ResolvedVariant: Sendable {
    let fields: [ResolvedField]
    let key: [[UInt8]]
    /// For each field, its position in `key`, or -1.
    let keyPosition: [Int]
    /// Fields a complete response must carry: the server's own, outside deferred parts.
    let required: [Int]
    /// What the availability check looks at, in field order: the waited and the deferred fields
    /// (client fields are never waited for), each with what the walk needs in one flat value, so
    /// the walk over a large page reads no field object and switches on no kind.
    let checks: [AvailabilityStep]
    /// Every field, client fields too, as the hydration walks them (in field order).
    let hydrationSteps: [AvailabilityStep]

    init(fields: [ResolvedField], key: [[UInt8]], keyPosition: [Int], required: [Int]) {
        self.fields = fields
        self.key = key
        self.keyPosition = keyPosition
        self.required = required
        let waited = Set(required)
        let steps = fields.indices.map { AvailabilityStep(fields[$0], waited: waited.contains($0)) }
        hydrationSteps = steps
        checks = fields.indices.compactMap { index in
            guard steps[index].waited || fields[index].deferLabel != nil else { return nil }
            return steps[index]
        }
    }
}

/// One field as the availability check walks it. The field and its child selection are held by the
/// variant's `fields`, which outlives every walk over the variant, so they are kept unowned.
struct AvailabilityStep: @unchecked Sendable {
    /// The slot's constant on `fixedType` (the concrete selection's type), or -1 for a rendered key.
    let fixedType: Int32
    let fixedIndex: Int32
    let waited: Bool
    /// A single link a lookup may bind when it is missing.
    let isLookup: Bool
    unowned(unsafe) let field: ResolvedField
    /// The link's selection; nil for a scalar.
    unowned(unsafe) let child: ResolvedSelection?

    init(_ field: ResolvedField, waited: Bool) {
        self.field = field
        self.waited = waited
        if case .fixed(let slot) = field.slot {
            fixedType = slot.type.index
            fixedIndex = slot.index
        } else {
            fixedType = -1
            fixedIndex = -1
        }
        switch field.kind {
        case .scalar:
            child = nil
            isLookup = false
        case .link(let selection, let plural):
            child = selection
            isLookup = !plural && !field.lookupKeys.isEmpty
        }
    }
}

enum ResolvedSlot: Sendable {
    case fixed(Slot)
    case rendered(String)
    case abstract(AbstractSlot)
}

enum ResolvedKind: Sendable {
    case scalar(ScalarKind, levels: Int)
    case link(ResolvedSelection, plural: Bool)
}

/// A class, not a struct: the ingest takes one per member it reads, and a reference is one retain
/// where copying nine fields was one per field.
final class ResolvedField: Sendable {
    let responseKey: [UInt8]
    let name: String
    let slot: ResolvedSlot
    /// The storage key's text, which path ids are made of.
    let keyText: String
    let kind: ResolvedKind
    let edit: Edit?
    let deferLabel: String?
    /// The connection ids an edge directive names, under these variables.
    let connectionIDs: [String]
    /// For a `@connection`: the parent's client slot, its text, and how pages merge under these variables.
    let connection: (slot: ResolvedSlot, keyText: String, mode: MergeMode)?
    /// The slot's constant and its type, when it is one: an object of that type (every object of a
    /// concrete selection) takes it without matching `slot`.
    private let fixed: Slot?
    /// A lookup's record keys under these variables (`Lookup`), tried in order.
    let lookupKeys: [String]
    /// A `@stream` list: an incremental response remembers what its first part placed in it.
    let streamed: Bool

    init(
        responseKey: [UInt8], name: String, slot: ResolvedSlot, keyText: String, kind: ResolvedKind, edit: Edit?,
        deferLabel: String?, connectionIDs: [String], connection: (slot: ResolvedSlot, keyText: String, mode: MergeMode)?,
        lookupKeys: [String] = [], streamed: Bool = false
    ) {
        self.lookupKeys = lookupKeys
        self.streamed = streamed
        self.responseKey = responseKey
        self.name = name
        self.slot = slot
        self.keyText = keyText
        self.kind = kind
        self.edit = edit
        self.deferLabel = deferLabel
        self.connectionIDs = connectionIDs
        self.connection = connection
        if case .fixed(let slot) = slot { fixed = slot } else { fixed = nil }
    }

    /// The slot as an entry names it on an object of `type` (`ResolvedSlot.entry(on:)`).
    @inline(__always) func entry(on type: TypeID) -> EntrySlot {
        if let fixed, fixed.type == type { return .fixed(fixed.index) }
        return slot.entry(on: type)
    }
}

struct Resolver {
    let variables: Variables
    private var done: [ObjectIdentifier: ResolvedSelection] = [:]

    init(variables: Variables) { self.variables = variables }

    /// Whether some field of the plan is deferred.
    private(set) var sawDeferred = false

    mutating func resolve(_ selection: Selection) -> ResolvedSelection {
        if let found = done[ObjectIdentifier(selection)] { return found }
        let resolved = ResolvedSelection(type: selection.type, abstract: selection.abstract)
        done[ObjectIdentifier(selection)] = resolved
        if selection.abstract {
            resolved.base = (selection.key, selection.fields, variables)
            for variant in selection.variants {
                if let condition = variant.condition {
                    resolved.conditions.append((Array(condition.utf8), variant.key, variant.fields))
                    continue
                }
                let merged = makeVariant(
                    key: variant.key ?? selection.key,
                    fields: selection.fields + variant.fields)
                if variant.types.isEmpty {
                    resolved.others = merged
                } else {
                    for type in variant.types where resolved.byType[type.index] == nil {
                        resolved.byType[type.index] = merged
                    }
                }
            }
            if resolved.others == nil {
                resolved.others = makeVariant(key: selection.key, fields: selection.fields)
            }
        } else {
            let fields = selection.fields + selection.variants.flatMap(\.fields)
            resolved.concrete = makeVariant(key: selection.key, fields: fields)
        }
        return resolved
    }

    private func resolveConnection(_ connection: Connection) -> (ResolvedSlot, String, MergeMode) {
        let mode = connection.mode(variables)
        switch connection.key {
        case .fixed(let fixed): return (.fixed(fixed), fixed.key, mode)
        case .dynamic(let dynamic):
            let text = dynamic.render(variables)
            return (.rendered(text), text, mode)
        case .abstract(let abstract): return (.abstract(abstract), abstract.key, mode)
        }
    }

    mutating func makeVariant(key: [String], fields: [Field]) -> ResolvedVariant {
        var out: [ResolvedField] = []
        var required: [Int] = []
        var seen: Set<String> = []
        for field in fields where field.guards.hold(variables) {
            // The first field wins a response key, as the merged selection does.
            guard seen.insert(field.responseKey).inserted else { continue }
            let slot: ResolvedSlot
            let keyText: String
            switch field.storageKey {
            case .fixed(let fixed):
                slot = .fixed(fixed)
                keyText = fixed.key
            case .dynamic(let dynamic):
                keyText = dynamic.render(variables)
                slot = .rendered(keyText)
            case .abstract(let abstract):
                slot = .abstract(abstract)
                keyText = abstract.key
            }
            let kind: ResolvedKind
            switch field.kind {
            case .scalar(let scalar, let levels): kind = .scalar(scalar, levels: levels)
            case .link(let child, let plural): kind = .link(resolve(child), plural: plural)
            }
            if !field.isClient && field.deferLabel == nil { required.append(out.count) }
            if field.deferLabel != nil || field.streamed { sawDeferred = true }
            out.append(
                ResolvedField(
                    responseKey: Array(field.responseKey.utf8), name: field.responseKey,
                    slot: slot, keyText: keyText, kind: kind, edit: field.edit, deferLabel: field.deferLabel,
                    connectionIDs: field.edit?.connectionIDs(variables) ?? [],
                    connection: field.connection.map { resolveConnection($0) },
                    lookupKeys: field.lookup?.keys(variables) ?? [], streamed: field.streamed))
        }
        let keyBytes = key.map { Array($0.utf8) }
        let positions = out.map { field in keyBytes.firstIndex(of: field.responseKey) ?? -1 }
        return ResolvedVariant(fields: out, key: keyBytes, keyPosition: positions, required: required)
    }
}

extension ResolvedSlot {
    /// The change set's slot for this field on a record of `type`. A constant declared on
    /// another type (an interface's) names this type's slot by its text.
    func entry(on type: TypeID) -> EntrySlot {
        switch self {
        case .fixed(let fixed):
            if fixed.type == type { return .fixed(fixed.index) }
            return .fixed(Registry.slot(type, fixed.key).index)
        case .rendered(let text): return .rendered(text)
        case .abstract(let abstract): return .fixed(abstract.slot(on: type).index)
        }
    }
}
