/// A `@connection` on a link field: where the parent keeps its client link to the connection record
/// every page merges into (`__TestNotes_notes_connection`, with the filters when there are any), and
/// which variables carry the page's cursors, which decide how a page merges.
public struct Connection: Sendable {
    /// The parent's client slot holding the link to the connection record.
    public let key: StorageKey
    /// The variable bound to `after`, if the field passes one.
    public let after: String?
    /// The variable bound to `before`, if the field passes one.
    public let before: String?

    public init(key: StorageKey, after: String? = nil, before: String? = nil) {
        self.key = key
        self.after = after
        self.before = before
    }
}

/// How a page merges into its connection: a page fetched after a cursor appends, before one
/// prepends, and without either replaces the merged edges.
public enum MergeMode: Sendable, Equatable {
    case replace
    case append(after: String)
    case prepend(before: String)
}

extension Connection {
    func mode(_ variables: Variables) -> MergeMode {
        if let after, case .string(let cursor)? = variables[after] { return .append(after: cursor) }
        if let before, case .string(let cursor)? = variables[before] { return .prepend(before: cursor) }
        return .replace
    }
}

/// Relay's connection handler, run by the commit after a change set's records: the connection
/// record's own fields follow the page's (edges and page info aside); edges replace, append or
/// prepend, deduplicated by node, null edges dropped; a page after a cursor that is no longer the
/// end (or before one no longer the start) is ignored; the page info merges per direction.
extension Store {
    static let edgesKey = "edges"
    static let nodeKey = "node"
    static let pageInfoKey = "pageInfo"

    func merge(page pageKey: String, into connectionKey: String, mode: MergeMode, in batch: inout Batch) {
        guard let page = records[pageKey], let connection = records[connectionKey] else { return }
        let type = page.type
        let edgesRef = slotRef(Self.edgesKey, on: type)
        let pageInfoRef = slotRef(Self.pageInfoKey, on: type)
        let existing: [Record]
        if case .links(let links)? = connection.peek(edgesRef) {
            existing = links.compactMap { $0 }
        } else {
            existing = []
        }
        let isNew = connection.peek(edgesRef) == nil
        var infoRecord: Record?
        if case .link(let info)? = page.peek(pageInfoRef) { infoRecord = info }
        let connectionInfo: Record? = infoRecord.map {
            findOrCreate(connectionKey + ":" + Self.pageInfoKey, $0.type, in: &batch)
        }
        if !isNew, let connectionInfo {
            switch mode {
            case .append(let after):
                guard case .string(after)? = connectionInfo.peek(slotRef("endCursor", on: connectionInfo.type)) else { return }
            case .prepend(let before):
                guard case .string(before)? = connectionInfo.peek(slotRef("startCursor", on: connectionInfo.type)) else { return }
            case .replace:
                break
            }
        }
        for ref in page.occupiedSlots where ref != edgesRef && ref != pageInfoRef {
            batch.write(connection, ref, page.peek(ref))
        }
        var incoming: [Record] = []
        if case .links(let links)? = page.peek(edgesRef) { incoming = links.compactMap { $0 } }
        let merged: [Record]
        switch (isNew, mode) {
        case (true, _), (_, .replace): merged = deduplicated(incoming, keeping: [])
        case (false, .append): merged = existing + deduplicated(incoming, keeping: existing)
        case (false, .prepend): merged = deduplicated(incoming, keeping: existing) + existing
        }
        batch.write(connection, edgesRef, .links(merged))
        guard let infoRecord, let connectionInfo else { return }
        batch.write(connection, pageInfoRef, .link(connectionInfo))
        let fields: [String]
        switch (isNew, mode) {
        case (true, _), (_, .replace): fields = ["endCursor", "hasNextPage", "hasPreviousPage", "startCursor"]
        case (false, .append): fields = ["endCursor", "hasNextPage"]
        case (false, .prepend): fields = ["hasPreviousPage", "startCursor"]
        }
        for field in fields {
            let ref = slotRef(field, on: infoRecord.type)
            if let value = infoRecord.peek(ref) { batch.write(connectionInfo, ref, value) }
        }
    }

    /// Edges whose node is not among `kept`'s nor an earlier edge's, in order.
    private func deduplicated(_ edges: [Record], keeping kept: [Record]) -> [Record] {
        var seen: Set<ObjectIdentifier> = []
        for edge in kept { if let node = node(of: edge) { seen.insert(ObjectIdentifier(node)) } }
        var out: [Record] = []
        for edge in edges {
            if let node = node(of: edge) {
                guard seen.insert(ObjectIdentifier(node)).inserted else { continue }
            }
            out.append(edge)
        }
        return out
    }

    private func node(of edge: Record) -> Record? {
        if case .link(let node)? = edge.peek(slotRef(Self.nodeKey, on: edge.type)) { return node }
        return nil
    }
}

/// Edge directives, applied in the batch of the payload that carries them (so a layer carries and
/// reverts them). They edit only a connection in memory, live, that a connection field made.
extension Store {
    static let nextEdgeIndexKey = "__connection_next_edge_index"
    static let cursorKey = "cursor"

    /// The live connection record `key` names, with its merged edges.
    private func liveConnection(_ key: String) -> (Record, [Record?])? {
        guard let connection = records[key], !connection.isDeleted,
            case .links(let edges)? = connection.peek(slotRef(Self.edgesKey, on: connection.type))
        else { return nil }
        return (connection, edges)
    }

    /// `@appendEdge`/`@prependEdge` (a copy of the payload's edge) and `@appendNode`/`@prependNode`
    /// (a new edge of `edgeType` for the node, its cursor null), unless an edge for the node is there.
    func insert(
        _ sourceKey: String, into connections: [String], atEnd: Bool, edgeType: TypeID?,
        in batch: inout Batch
    ) {
        guard let source = records[sourceKey] else { return }
        let node: Record?
        if edgeType == nil {
            if case .link(let linked)? = source.peek(slotRef(Self.nodeKey, on: source.type)) { node = linked } else { node = nil }
        } else {
            node = source
        }
        for key in connections {
            guard let (connection, edges) = liveConnection(key) else { continue }
            let type = edgeType ?? source.type
            // An edge of another type than the connection's own is left alone.
            if let first = edges.compactMap({ $0 }).first, first.type != type { continue }
            if let node,
                edges.contains(where: { edge in
                    guard let edge, case .link(let linked)? = edge.peek(slotRef(Self.nodeKey, on: edge.type)) else { return false }
                    return linked === node
                })
            {
                continue
            }
            let indexRef = slotRef(Self.nextEdgeIndexKey, on: connection.type)
            var index = 0
            if case .int(let next)? = connection.peek(indexRef) { index = next }
            let edge = findOrCreate(key + ":" + Self.edgesKey + ":" + String(index), type, in: &batch)
            if edgeType == nil {
                for ref in source.occupiedSlots { batch.write(edge, ref, source.peek(ref)) }
            } else {
                batch.write(edge, slotRef(Self.cursorKey, on: type), .null)
                if let node { batch.write(edge, slotRef(Self.nodeKey, on: type), .link(node)) }
            }
            batch.write(connection, indexRef, .int(index + 1))
            batch.write(
                connection, slotRef(Self.edgesKey, on: connection.type),
                .links(atEnd ? edges + [edge] : [edge] + edges))
        }
    }

    /// `@deleteEdge`: every edge whose node is an entity with the id leaves the connections.
    func deleteEdges(nodeID id: String, from connections: [String], in batch: inout Batch) {
        let suffix = ":" + id
        for key in connections {
            guard let (connection, edges) = liveConnection(key) else { continue }
            let kept = edges.filter { edge in
                guard let edge, case .link(let node)? = edge.peek(slotRef(Self.nodeKey, on: edge.type)) else { return true }
                return !(node.key.hasSuffix(suffix) && node.key == node.type.name + suffix)
            }
            if kept.count != edges.count {
                batch.write(connection, slotRef(Self.edgesKey, on: connection.type), .links(kept))
            }
        }
    }
}
