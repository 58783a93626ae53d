/// The reads a connection lens makes through the parent's client link to its connection record:
/// the merged edges' nodes in order, and the page info, each read registered like any other.
@_spi(Generated) extension Anchor {
    @MainActor func connectionRecord<K: SlotName>(_ key: K) -> Record? {
        guard case .link(let connection)? = record.read(key.ref(in: self)), !connection.isDeleted else { return nil }
        return connection
    }

    /// `nodes`: the records in order across every page; null edges, null nodes and deleted records
    /// dropped.
    @MainActor public func connectionNodes<L: Lens, K: SlotName>(_ key: K) -> List<L> {
        guard let connection = connectionRecord(key),
              case .links(let edges)? = connection.read(owner.store.slotRef(Store.edgesKey, on: connection.type))
        else { return List(records: [], anchor: self) }
        var nodes: [Record] = []
        for case let edge? in edges where !edge.isDeleted {
            if case .link(let node)? = edge.read(owner.store.slotRef(Store.nodeKey, on: edge.type)), !node.isDeleted {
                nodes.append(node)
            }
        }
        return List(records: nodes, anchor: self)
    }

    /// `hasNext` / `hasPrevious`: the merged page info's `hasNextPage` / `hasPreviousPage`.
    @MainActor public func connectionFlag<K: SlotName>(_ key: K, _ field: String) -> Bool {
        guard let connection = connectionRecord(key),
              case .link(let info)? = connection.read(owner.store.slotRef(Store.pageInfoKey, on: connection.type)),
              case .bool(let flag)? = info.read(owner.store.slotRef(field, on: info.type))
        else { return false }
        return flag
    }

    /// `connectionID`: the connection record's key, which edge directives name the list by.
    @MainActor public func connectionID<K: SlotName>(_ key: K) -> String? {
        connectionRecord(key)?.key
    }
}
