import BatonTransforms

// A normalization plan as data (GENERATED-CODE.md, "Plans"): the tables the emitter writes as
// `Baton.Selection`/`Baton.Field` calls. Types are named, storage keys are the transforms' keys,
// selections refer to each other by index into the operation's table, so equal selections are
// declared once.

/// One operation's plan: its selections, the root first, each after the first one that refers to it.
package struct OperationPlan: Sendable, Hashable {
    package var name: String
    package var kind: PlanOperationKind
    package var selections: [PlanSelection]

    package init(name: String, kind: PlanOperationKind, selections: [PlanSelection]) {
        self.name = name
        self.kind = kind
        self.selections = selections
    }

    package var root: PlanSelection { selections[0] }
}

package enum PlanOperationKind: String, Sendable, Hashable {
    case query, mutation, subscription
}

package struct PlanSelection: Sendable, Hashable {
    /// The schema type the selection reads.
    package var type: String
    /// The key fields' response keys; empty when records are keyed by path.
    package var key: [String]
    package var abstract: Bool
    package var fields: [PlanField]
    package var variants: [PlanVariant]

    package init(type: String, key: [String], abstract: Bool, fields: [PlanField], variants: [PlanVariant] = []) {
        self.type = type
        self.key = key
        self.abstract = abstract
        self.fields = fields
        self.variants = variants
    }
}

/// The fields a group of concrete types adds under an abstract selection, or (with `condition`)
/// those every type answering `__isX` adds.
package struct PlanVariant: Sendable, Hashable {
    package var types: [String]
    package var condition: String?
    /// Nil when it is the selection's own key.
    package var key: [String]?
    package var fields: [PlanField]

    package init(types: [String] = [], condition: String? = nil, key: [String]? = nil, fields: [PlanField]) {
        self.types = types
        self.condition = condition
        self.key = key
        self.fields = fields
    }
}

package struct PlanField: Sendable, Hashable {
    package var responseKey: String
    package var storageKey: PlanStorageKey
    package var kind: PlanFieldKind
    /// Alternatives of conjunctions; empty = always selected.
    package var guards: [[PlanGuard]]
    package var client: Bool
    package var deferLabel: String?
    package var edit: PlanEdit?
    package var connection: PlanConnection?
    package var lookup: PlanLookup?
    /// `@stream` on the list: later parts may bring its items.
    package var streamed: Bool

    package init(
        responseKey: String, storageKey: PlanStorageKey, kind: PlanFieldKind, guards: [[PlanGuard]] = [],
        client: Bool = false, deferLabel: String? = nil, edit: PlanEdit? = nil, connection: PlanConnection? = nil,
        lookup: PlanLookup? = nil, streamed: Bool = false
    ) {
        self.lookup = lookup
        self.streamed = streamed
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
package enum PlanStorageKey: Sendable, Hashable {
    case slot(SlotReference)
    /// A constant key read on the record's concrete type: `AbstractSlots.<name>`.
    case abstract(StorageKey)
}

/// One storage-key constant of the shared file: `Slots.<type>.<name>`.
package struct SlotReference: Sendable, Hashable, Comparable {
    package var type: String
    package var key: StorageKey
    /// A client field's slot (schema extensions, connection records).
    package var client: Bool

    package init(type: String, key: StorageKey, client: Bool) {
        self.type = type
        self.key = key
        self.client = client
    }

    package var isDynamic: Bool { !key.isConstant }

    /// The constant's Swift name inside `Slots.<type>`.
    package var constantName: String { StorageKeyNaming.constantName(key) }

    package static func < (a: SlotReference, b: SlotReference) -> Bool {
        (a.type, a.constantName) < (b.type, b.constantName)
    }
}

package enum PlanScalarKind: String, Sendable, Hashable {
    case string, id, enumeration, int, float, bool, custom
}

package enum PlanFieldKind: Sendable, Hashable {
    /// `levels`: the lists around the scalar (0: none).
    case scalar(PlanScalarKind, levels: Int)
    /// The child selection's index in the operation's table.
    case link(Int, plural: Bool)
}

/// `@include(if: $v)` passes when `v` is true, `@skip(if: $v)` when it is false.
package struct PlanGuard: Sendable, Hashable, Comparable {
    package var variable: String
    package var passing: Bool

    package init(variable: String, passing: Bool) {
        self.variable = variable
        self.passing = passing
    }

    /// The constant's name in `Guards`.
    package var constantName: String { (passing ? "include_" : "skip_") + variable }

    package static func < (a: PlanGuard, b: PlanGuard) -> Bool { (a.variable, a.passing ? 1 : 0) < (b.variable, b.passing ? 1 : 0) }
}

package enum PlanEdit: Sendable, Hashable {
    case deleteRecord
    case deleteEdge(connections: String)
    case appendEdge(connections: String)
    case prependEdge(connections: String)
    case appendNode(connections: String, edgeType: String)
    case prependNode(connections: String, edgeType: String)
}

package struct PlanConnection: Sendable, Hashable {
    package var key: SlotReference
    package var after: String?
    package var before: String?

    package init(key: SlotReference, after: String?, before: String?) {
        self.key = key
        self.after = after
        self.before = before
    }
}

/// A query-root field `lookups` names: the availability check binds its missing link to the live
/// record whose key the field's arguments give (the types to try, and each key value's source).
package struct PlanLookup: Sendable, Hashable {
    package var types: [String]
    package var values: [KeySegment]

    package init(types: [String], values: [KeySegment]) {
        self.types = types
        self.values = values
    }
}
