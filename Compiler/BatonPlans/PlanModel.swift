import BatonTransforms

// A normalization plan as data (compiler.md §7.3): the tables the emitter writes as
// `Baton.Selection`/`Baton.Field` calls. Types are named, storage keys are the transforms' keys,
// selections refer to each other by index into the operation's table, so equal selections are
// declared once.

/// One operation's plan: its selections, the root first, each after the first one that refers to it.
public struct OperationPlan: Sendable, Hashable {
    public var name: String
    public var kind: PlanOperationKind
    public var selections: [PlanSelection]

    public init(name: String, kind: PlanOperationKind, selections: [PlanSelection]) {
        self.name = name
        self.kind = kind
        self.selections = selections
    }

    public var root: PlanSelection { selections[0] }
}

public enum PlanOperationKind: String, Sendable, Hashable {
    case query, mutation, subscription
}

public struct PlanSelection: Sendable, Hashable {
    /// The schema type the selection reads.
    public var type: String
    /// The key fields' response keys; empty when records are keyed by path.
    public var key: [String]
    public var abstract: Bool
    public var fields: [PlanField]
    public var variants: [PlanVariant]

    public init(type: String, key: [String], abstract: Bool, fields: [PlanField], variants: [PlanVariant] = []) {
        self.type = type
        self.key = key
        self.abstract = abstract
        self.fields = fields
        self.variants = variants
    }
}

/// The fields a group of concrete types adds under an abstract selection, or (with `condition`)
/// those every type answering `__isX` adds.
public struct PlanVariant: Sendable, Hashable {
    public var types: [String]
    public var condition: String?
    /// Nil when it is the selection's own key.
    public var key: [String]?
    public var fields: [PlanField]

    public init(types: [String] = [], condition: String? = nil, key: [String]? = nil, fields: [PlanField]) {
        self.types = types
        self.condition = condition
        self.key = key
        self.fields = fields
    }
}

public struct PlanField: Sendable, Hashable {
    public var responseKey: String
    public var storageKey: PlanStorageKey
    public var kind: PlanFieldKind
    /// Alternatives of conjunctions; empty = always selected.
    public var guards: [[PlanGuard]]
    public var client: Bool
    public var deferLabel: String?
    public var edit: PlanEdit?
    public var connection: PlanConnection?

    public init(responseKey: String, storageKey: PlanStorageKey, kind: PlanFieldKind, guards: [[PlanGuard]] = [],
                client: Bool = false, deferLabel: String? = nil, edit: PlanEdit? = nil, connection: PlanConnection? = nil) {
        self.responseKey = responseKey
        self.storageKey = storageKey
        self.kind = kind
        self.guards = guards
        self.client = client
        self.deferLabel = deferLabel
        self.edit = edit
        self.connection = connection
    }
}

/// A storage key on a type: fixed text or a template with variables (the transforms' key), or
/// the same key on whatever concrete type a record under an interface or union has.
public enum PlanStorageKey: Sendable, Hashable {
    case slot(SlotReference)
    /// A constant key read on the record's concrete type: `AbstractSlots.<name>`.
    case abstract(StorageKey)
}

/// One storage-key constant of the shared file: `Slots.<type>.<name>`.
public struct SlotReference: Sendable, Hashable, Comparable {
    public var type: String
    public var key: StorageKey
    /// A client field's slot (schema extensions, connection records).
    public var client: Bool

    public init(type: String, key: StorageKey, client: Bool) {
        self.type = type
        self.key = key
        self.client = client
    }

    public var isDynamic: Bool { !key.isConstant }

    /// The constant's Swift name inside `Slots.<type>`.
    public var constantName: String { StorageKeyNaming.constantName(key) }

    public static func < (a: SlotReference, b: SlotReference) -> Bool {
        (a.type, a.constantName) < (b.type, b.constantName)
    }
}

public enum PlanScalarKind: String, Sendable, Hashable {
    case string, id, enumeration, int, float, bool, custom
}

public enum PlanFieldKind: Sendable, Hashable {
    /// `levels`: the lists around the scalar (0: none).
    case scalar(PlanScalarKind, levels: Int)
    /// The child selection's index in the operation's table.
    case link(Int, plural: Bool)
}

/// `@include(if: $v)` passes when `v` is true, `@skip(if: $v)` when it is false.
public struct PlanGuard: Sendable, Hashable, Comparable {
    public var variable: String
    public var passing: Bool

    public init(variable: String, passing: Bool) {
        self.variable = variable
        self.passing = passing
    }

    /// The constant's name in `Guards`.
    public var constantName: String { (passing ? "include_" : "skip_") + variable }

    public static func < (a: PlanGuard, b: PlanGuard) -> Bool { (a.variable, a.passing ? 1 : 0) < (b.variable, b.passing ? 1 : 0) }
}

public enum PlanEdit: Sendable, Hashable {
    case deleteRecord
    case deleteEdge(connections: String)
    case appendEdge(connections: String)
    case prependEdge(connections: String)
    case appendNode(connections: String, edgeType: String)
    case prependNode(connections: String, edgeType: String)
}

public struct PlanConnection: Sendable, Hashable {
    public var key: SlotReference
    public var after: String?
    public var before: String?

    public init(key: SlotReference, after: String?, before: String?) {
        self.key = key
        self.after = after
        self.before = before
    }
}
