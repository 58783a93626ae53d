/// A scalar field's kind, as the plan names it. `id` and `enumeration` read as strings; `custom`
/// keeps the token's text exactly as the server wrote it.
public enum ScalarKind: Hashable, Sendable {
    case string, id, enumeration, int, float, bool, custom
}

/// Where a field is stored: a process-numbered constant, a key rendered from variables, or (under an
/// interface or union) the same key on whichever concrete type the record has.
public enum StorageKey: Sendable {
    case fixed(Slot)
    case dynamic(DynamicKey)
    case abstract(AbstractSlot)
}

/// What a field holds: a scalar (or a list of scalars, `levels` deep: 0 for none), or a link to a
/// child selection, one record or a list of records.
public enum FieldKind: Sendable {
    case scalar(ScalarKind, levels: Int)
    case link(Selection, plural: Bool)
}

/// An edit a payload field makes beside its value (an edge directive). `connections` names the
/// variable carrying the connection ids (`$connections`).
public enum Edit: Sendable, Equatable {
    /// On an id field: the one live record of any type with that id is deleted.
    case deleteRecord
    /// On an id field: every edge whose node has that id leaves the connections.
    case deleteEdge(connections: String)
    /// On an edge field: a copy of the edge joins the end (or the start) of the connections.
    case appendEdge(connections: String)
    case prependEdge(connections: String)
    /// On a node field: a new edge of `edgeType` with the node and a null cursor joins them.
    case appendNode(connections: String, edgeType: TypeID)
    case prependNode(connections: String, edgeType: TypeID)

    func connectionIDs(_ variables: Variables) -> [String] {
        let name: String
        switch self {
        case .deleteRecord: return []
        case .deleteEdge(let variable), .appendEdge(let variable), .prependEdge(let variable),
            .appendNode(let variable, _), .prependNode(let variable, _):
            name = variable
        }
        guard case .list(let values)? = variables[name] else { return [] }
        return values.compactMap { if case .string(let id) = $0 { id } else { nil } }
    }
}

/// One row of a plan's table: response key, storage key, kind, and the facts that change how the
/// ingest treats it. Generated code writes one constructor call per field.
public struct Field: Sendable {
    public let responseKey: String
    public let storageKey: StorageKey
    public let kind: FieldKind
    public let guards: GuardSet
    /// A client field (`schemaExtensions`): no server answers it, so a complete response may omit it.
    public let isClient: Bool
    /// The `@defer` label of the part that carries the field; a first response may omit it.
    public let deferLabel: String?
    public let edit: Edit?
    public let connection: Connection?
    /// A query-root link `lookups` names: the check binds it to a live entity when it is missing.
    public let lookup: Lookup?
    /// A `@stream` list: its items after the first may come in later parts of the response.
    public let streamed: Bool

    public init(
        _ responseKey: String, key: StorageKey, kind: FieldKind, guards: GuardSet = .always,
        client: Bool = false, deferLabel: String? = nil, edit: Edit? = nil, connection: Connection? = nil,
        lookup: Lookup? = nil, streamed: Bool = false
    ) {
        self.lookup = lookup
        self.streamed = streamed
        self.edit = edit
        self.connection = connection
        self.responseKey = responseKey
        self.storageKey = key
        self.kind = kind
        self.guards = guards
        self.isClient = client
        self.deferLabel = deferLabel
    }

    public static func scalar(
        _ responseKey: String, key: StorageKey, kind: ScalarKind, list: Bool = false, levels: Int = 1,
        guards: GuardSet = .always, client: Bool = false, deferLabel: String? = nil, edit: Edit? = nil,
        streamed: Bool = false
    ) -> Field {
        Field(
            responseKey, key: key, kind: .scalar(kind, levels: list ? levels : 0), guards: guards, client: client,
            deferLabel: deferLabel, edit: edit, streamed: streamed)
    }

    public static func linked(
        _ responseKey: String, key: StorageKey, selection: Selection, guards: GuardSet = .always,
        client: Bool = false, deferLabel: String? = nil, edit: Edit? = nil, connection: Connection? = nil,
        lookup: Lookup? = nil
    ) -> Field {
        Field(
            responseKey, key: key, kind: .link(selection, plural: false), guards: guards,
            client: client, deferLabel: deferLabel, edit: edit, connection: connection, lookup: lookup)
    }

    public static func plural(
        _ responseKey: String, key: StorageKey, selection: Selection, guards: GuardSet = .always,
        client: Bool = false, deferLabel: String? = nil, streamed: Bool = false
    ) -> Field {
        Field(
            responseKey, key: key, kind: .link(selection, plural: true), guards: guards,
            client: client, deferLabel: deferLabel, streamed: streamed)
    }
}
