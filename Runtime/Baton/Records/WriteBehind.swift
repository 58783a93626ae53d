import Foundation

/// What a store tells its image and learns from it.
struct ImageState {
    /// Numbers the server batches given to the image.
    var batches = 0
    /// Records whose rows wait in the image's write queue, by the last batch that queued them: the
    /// collection keeps them, or a check would read an older row.
    var pending: [String: Int] = [:]
    /// Records whose rows the check read (a row is read once): a later snapshot replaces the row.
    var read: Set<String> = []
    /// Root fields (`Query.secrets`) and types no plan may write to the image, as committed plans
    /// named them (the registry also knows the types generated code declared `transient`).
    var transientFields: Set<String> = []
    var transientTypes: Set<TypeID> = []
    /// Whether the memberships the image holds were learned.
    var learnedMemberships = false
}

extension Store {
    func imageReported(_ report: ImageReport) {
        switch report {
        case .event(let event): log?(event)
        case .written(let through): imageState.pending = imageState.pending.filter { $0.value > through }
        }
    }

    /// A plan about to commit names what never reaches the image.
    func learnTransient(_ transient: Transient) {
        guard image != nil, transient != .none else { return }
        imageState.transientFields.formUnion(transient.fields)
        imageState.transientTypes.formUnion(transient.types)
    }

    func isTransient(_ type: TypeID) -> Bool {
        imageState.transientTypes.contains(type) || Registry.table.isTransient(type.index)
    }

    /// Queues a server batch behind it: every record the change set names or the batch wrote, whole
    /// and with the server's values (the caller has not laid optimistic layers again), and the query
    /// root's fields it wrote, one by one. Transient records, transient root fields and slots
    /// linking to a transient record are left out. Encoding and writing happen off the main actor.
    func writeBehind(_ changes: ChangeSet, _ batch: Batch) {
        guard let image else { return }
        imageState.batches += 1
        var snapshot = ImageSnapshot(store: self, batch: ImageBatch(number: imageState.batches))
        var rootRefs: [Int32] = []
        for change in changes.records {
            guard let record = records[change.key] else { continue }
            if record === root {
                for (slot, _) in change.entries { rootRefs.append(slotRef(slot, on: record.type)) }
            } else {
                snapshot.add(record)
            }
        }
        for (record, refs) in batch.touchedRecords {
            if record === root { rootRefs.append(contentsOf: refs) } else { snapshot.add(record) }
        }
        snapshot.addRoot(rootRefs)
        snapshot.batch.memberships = changes.memberships.map { ($0.type.name, $0.abstractType) }
        guard !snapshot.batch.isEmpty else { return }
        for row in snapshot.batch.rows { imageState.pending[row.key] = snapshot.batch.number }
        image.write(snapshot.batch)
    }

    /// Tells the image when an operation's data was fetched, unless the operation reads a transient
    /// root field (its fetch stamp stays in memory).
    func writeFetchTime(_ key: RootKey, plan: Plan, date: Date) {
        guard let image, plan.kind == .query else { return }
        if !plan.transient.fields.isEmpty {
            let names = Set(plan.resolved(key.variables).variant(for: .query).fields.map { "Query." + $0.name })
            if plan.transient.fields.contains(where: names.contains) { return }
        }
        imageState.batches += 1
        var batch = ImageBatch(number: imageState.batches)
        batch.fetchTimes = [(key.imageText, date)]
        image.write(batch)
    }
}

/// One batch's rows, made on the main actor: the storage keys of each type and the names of types
/// are looked up once per batch rather than once per slot.
@MainActor struct ImageSnapshot {
    let store: Store
    var batch: ImageBatch
    private var seen: Set<ObjectIdentifier> = []
    private var slotKeys: [Int32: [String]] = [:]
    private var typeNames: [Int32: String] = [:]

    init(store: Store, batch: ImageBatch) {
        self.store = store
        self.batch = batch
    }

    mutating func add(_ record: Record) {
        // A record a lifted layer made is not the store's (the server never sent it).
        guard seen.insert(ObjectIdentifier(record)).inserted, store.records[record.key] === record,
            record !== store.mutationRoot, record !== store.subscriptionRoot, !store.isTransient(record.type)
        else { return }
        let type = typeName(record.type)
        if record.isDeleted {
            batch.rows.append(ImageRow(key: record.key, type: type, cells: [], replaces: true, isDeleted: true))
            return
        }
        var cells: [(field: String, value: ImageValue)] = []
        for ref in record.occupiedSlots {
            guard let value = record.peek(ref), let kept = imageValue(value) else { continue }
            cells.append((field(ref, on: record.type), kept))
        }
        batch.rows.append(
            ImageRow(key: record.key, type: type, cells: cells, replaces: store.imageState.read.contains(record.key)))
    }

    /// The query root's written fields, one row each; a transient root field is left out.
    mutating func addRoot(_ refs: [Int32]) {
        var done: Set<Int32> = []
        for ref in refs where done.insert(ref).inserted {
            let key = field(ref, on: .query)
            let name = key.prefix { $0 != "(" }
            if store.imageState.transientFields.contains("Query." + name) { continue }
            let value = store.root.peek(ref)
            guard let value else {
                batch.rootCells.append((key, nil))
                continue
            }
            guard let kept = imageValue(value) else { continue }
            batch.rootCells.append((key, kept))
        }
    }

    /// A value as the image keeps it, or nil when it links to a transient record.
    private mutating func imageValue(_ value: Value) -> ImageValue? {
        switch value {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .int(let number): return .int(number)
        case .float(let number): return .float(number)
        case .string(let text): return .string(text)
        case .link(let target):
            guard !store.isTransient(target.type) else { return nil }
            return .link(ImageLink(key: target.key, type: typeName(target.type)))
        case .links(let targets):
            var links: [ImageLink?] = []
            links.reserveCapacity(targets.count)
            for target in targets {
                guard let target else {
                    links.append(nil)
                    continue
                }
                guard !store.isTransient(target.type) else { return nil }
                links.append(ImageLink(key: target.key, type: typeName(target.type)))
            }
            return .links(links)
        case .list(let values):
            var kept: [ImageValue] = []
            kept.reserveCapacity(values.count)
            for value in values {
                guard let element = imageValue(value) else { return nil }
                kept.append(element)
            }
            return .list(kept)
        }
    }

    private mutating func field(_ ref: Int32, on type: TypeID) -> String {
        guard ref >= 0 else { return store.storageKey(ref, on: type) }
        if let keys = slotKeys[type.index], Int(ref) < keys.count { return keys[Int(ref)] }
        let keys = Registry.table.slotKeys(type.index)
        slotKeys[type.index] = keys
        return keys[Int(ref)]
    }

    private mutating func typeName(_ type: TypeID) -> String {
        if let name = typeNames[type.index] { return name }
        let name = type.name
        typeNames[type.index] = name
        return name
    }
}

extension RootKey {
    /// The root's key as the image keeps fetch times by it: the operation's name and its variables
    /// as the keys render them.
    var imageText: String { name + VariableValue.object(variables).keyText }
}
