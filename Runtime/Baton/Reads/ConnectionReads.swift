/// The reads of a connection lens. The lens stands on the connection record every page merged into,
/// reached through the parent's client link, so the connection's declared fields (`totalCount`,
/// `edges { cursor node }`, `pageInfo { … }`) read like any linked field's, over the merged edges
/// and page info; the members the lens adds (`nodes`, `hasNext`, `connectionID`…) read here.
@_spi(Generated) extension Anchor {
    /// The connection lens: the connection record the parent links to under `key`, or the
    /// connection type's placeholder (every field missing) when no page has arrived.
    @MainActor public func read<L: Lens, K: SlotName>(connection key: K, _ type: TypeID) -> L {
        if case .link(let connection)? = record.read(key.ref(in: self)), !connection.isDeleted {
            return L(anchor: child(connection))
        }
        return L(anchor: child(owner.store.placeholder(type)))
    }

    /// A connection whose lens requires fields (`@required(action: NONE/LOG)` on the connection's own
    /// fields): nil when the connection record lacks one (logged under LOG), as for any link, and
    /// before any page has arrived (there is no record to hold them).
    @MainActor public func read<L: Lens, K: SlotName>(connection key: K, _ type: TypeID, requiring keys: [any SlotName]) -> L? {
        let lens: L = read(connection: key, type)
        guard !lens.anchor.isPlaceholder, lens.anchor.holds(keys) else { return nil }
        return lens
    }

    /// `@required(action: THROW)` on a `@connection` field: the field's error, or a required-field
    /// error when the server's latest page (on `page`, the parent's slot of the field) is null,
    /// missing or deleted; else the connection lens. (NONE/LOG check `page` where the lens holding
    /// the field is produced, as for any field.)
    @MainActor public func required<L: Lens, K: SlotName, P: SlotName>(connection key: K, page: P, _ type: TypeID) throws -> L {
        let ref = page.ref(in: self)
        if let error = record.readError(ref) { throw FieldErrors([error]) }
        guard case .link(let target)? = record.read(ref), !target.isDeleted else { throw requiredError(ref) }
        return read(connection: key, type)
    }

    /// Whether the lens stands on a placeholder rather than a record the store holds.
    @MainActor var isPlaceholder: Bool { record === owner.store.placeholder(record.type) }

    /// `nodes`: the records in order across every page; null edges, null nodes and deleted records
    /// dropped, and those lacking one of `keys` (the fields the node's lens requires; logged under LOG).
    @MainActor public func connectionNodes<L: Lens>(requiring keys: [any SlotName] = []) -> List<L> {
        guard case .links(let edges)? = record.read(owner.store.slotRef(Store.edgesKey, on: record.type))
        else { return List(records: [], anchor: self) }
        var nodes: [Record] = []
        for case let edge? in edges where !edge.isDeleted {
            if case .link(let node)? = edge.read(owner.store.slotRef(Store.nodeKey, on: edge.type)), !node.isDeleted,
                keys.isEmpty || child(node).holds(keys)
            {
                nodes.append(node)
            }
        }
        return List(records: nodes, anchor: self)
    }

    /// `hasNext` / `hasPrevious`: the merged page info's `hasNextPage` / `hasPreviousPage`.
    @MainActor public func connectionFlag(_ field: String) -> Bool {
        guard case .link(let info)? = record.read(owner.store.slotRef(Store.pageInfoKey, on: record.type)),
            case .bool(let flag)? = info.read(owner.store.slotRef(field, on: info.type))
        else { return false }
        return flag
    }

    /// `connectionID`: the connection record's key, which edge directives name the list by; nil
    /// before any page has arrived.
    @MainActor public var connectionID: String? { isPlaceholder ? nil : record.key }
}
