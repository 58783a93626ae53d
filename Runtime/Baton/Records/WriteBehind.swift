import Foundation

/// What a store tells its image and learns from it.
struct ImageState {
    /// Numbers the server batches given to the image.
    var batches = 0
    /// Batches waiting in the image's write queue, with the records they name: the collection
    /// keeps those records, or a check would read an older row.
    var pending: [(number: Int, changes: ChangeSet?, keys: [String])] = []
    /// How many records are `ImageRowState.replacing`: a batch looks for them only when some are.
    var replacingCount = 0
    /// Root fields (`Query.secrets`) and types no plan may write to the image, as committed plans
    /// named them (the registry also knows the types generated code declared `transient`).
    var transientFields: Set<String> = []
    var transientTypes: Set<TypeID> = []
    /// Whether the memberships the image holds were learned.
    var learnedMemberships = false
}

extension ImageState {
    /// The record's row was read into memory: the next batch that writes it replaces the row.
    mutating func replace(_ record: Record) {
        if record.imageRow != .replacing { replacingCount += 1 }
        record.imageRow = .replacing
    }

    /// A batch replaced the record's row (or the record left the store): later ones merge.
    mutating func replaced(_ record: Record) {
        if record.imageRow == .replacing { replacingCount -= 1 }
        record.imageRow = .read
    }
}

extension Store {
    func imageReported(_ report: ImageReport) {
        switch report {
        case .event(let event): log?(event)
        case .written(let through): imageState.pending.removeAll { $0.number <= through }
        }
    }

    /// Reads everything the store's image holds into memory (memory wins), so
    /// `StoreExport.text(of:)` dumps what the image holds. False when the image cannot be read.
    @discardableResult
    public func readWholeImage() -> Bool {
        Hydration.readAll(into: self)
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

    /// Queues a server batch behind it. The change set itself goes (the server's values, whatever
    /// optimistic layers show): the image's writer makes its records into rows off the main actor,
    /// merged into the rows on disk. Only what the change set cannot say is snapshotted here, whole
    /// and before the layers are laid again: rows the check read (replaced), and with edits
    /// (connections, deletions) every record the batch wrote. Transient records, transient root
    /// fields and slots linking to a transient record are left out. The caller hands the result to
    /// the image once its batch has ended, so the writer does not run beside the commit's own work.
    func writeBehind(_ changes: ChangeSet, _ batch: Batch) -> ImageBatch? {
        guard image != nil else { return nil }
        imageState.batches += 1
        var snapshot = ImageSnapshot(store: self, batch: ImageBatch(number: imageState.batches))
        if imageState.replacingCount > 0 {
            for change in changes.records {
                if let record = records[change.key], record.imageRow == .replacing, record !== root {
                    snapshot.add(record, replacing: true)
                }
            }
        }
        if !changes.edits.isEmpty {
            var rootRefs: [Int32] = []
            for (record, refs) in batch.touchedRecords {
                if record === root { rootRefs.append(contentsOf: refs) } else { snapshot.add(record) }
            }
            snapshot.addRoot(rootRefs)
        }
        var out = snapshot.batch
        out.changes = changes
        out.snapshotted = Set(out.rows.map(\.key))
        out.transientTypes = imageState.transientTypes
        out.transientFields = imageState.transientFields
        out.memberships = changes.memberships.map { ($0.type.name, $0.abstractType) }
        imageState.pending.append((out.number, changes, out.rows.map(\.key)))
        return out
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

extension ImageBatch {
    /// The batch with its change set made into rows: each record the change set writes (but those
    /// snapshotted whole) a row to merge over the row on disk, each query root field it writes a
    /// cell. Off the main actor (the image's writer calls it): it reads only the change set and the
    /// process's names.
    public func resolved() -> ImageBatch {
        guard let changes else { return self }
        var out = self
        out.changes = nil
        var rows: [ImageRow] = []
        rows.reserveCapacity(changes.records.count + self.rows.count)
        var rootCells: [(field: String, value: ImageValue?)] = []
        var names = ChangeSetNames(transientTypes: transientTypes)
        for change in changes.records {
            guard !snapshotted.contains(change.key), !names.isTransient(change.type) else { continue }
            if change.key == RecordKey.mutationRoot || change.key == RecordKey.subscriptionRoot { continue }
            let isRoot = change.key == RecordKey.queryRoot
            var cells: [(field: String, value: ImageValue)] = []
            cells.reserveCapacity(change.entries.count)
            for (slot, value) in change.entries {
                let field = names.field(slot, on: change.type)
                guard let kept = names.value(value, changes) else { continue }
                if isRoot {
                    if transientFields.contains("Query." + field.prefix { $0 != "(" }) { continue }
                    rootCells.append((field, kept))
                } else {
                    cells.append((field, kept))
                }
            }
            if !isRoot {
                // A slot written twice (two aliases of one field) keeps its last value.
                if cells.count > 1, Set(cells.map(\.field)).count < cells.count {
                    var last: [String: Int] = [:]
                    for (position, cell) in cells.enumerated() { last[cell.field] = position }
                    cells = cells.enumerated().filter { last[$0.element.field] == $0.offset }.map(\.element)
                }
                rows.append(ImageRow(key: change.key, type: names.typeName(change.type), cells: cells, replaces: false))
            }
        }
        // The snapshots come after, so their cells are the last written.
        out.rows = rows + self.rows
        out.rootCells = rootCells + self.rootCells
        return out
    }
}

/// The names a change set's rows need, looked up once per type rather than once per slot.
private struct ChangeSetNames {
    let transientTypes: Set<TypeID>
    private var slotKeys: [Int32: [String]] = [:]
    private var typeNames: [Int32: String] = [:]
    private var transient: [Int32: Bool] = [:]

    init(transientTypes: Set<TypeID>) { self.transientTypes = transientTypes }

    mutating func isTransient(_ type: TypeID) -> Bool {
        if let known = transient[type.index] { return known }
        let answer = transientTypes.contains(type) || Registry.table.isTransient(type.index)
        transient[type.index] = answer
        return answer
    }

    mutating func typeName(_ type: TypeID) -> String {
        if let name = typeNames[type.index] { return name }
        let name = type.name
        typeNames[type.index] = name
        return name
    }

    mutating func field(_ slot: EntrySlot, on type: TypeID) -> String {
        switch slot {
        case .rendered(let text): return text
        case .fixed(let index):
            if let keys = slotKeys[type.index], Int(index) < keys.count { return keys[Int(index)] }
            let keys = Registry.table.slotKeys(type.index)
            slotKeys[type.index] = keys
            return keys[Int(index)]
        }
    }

    /// A value as the image keeps it, or nil when it links to a transient record.
    mutating func value(_ value: IngestValue, _ changes: ChangeSet) -> ImageValue? {
        switch value {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .int(let number): return .int(number)
        case .float(let number): return .float(number)
        case .string(let text): return .string(text)
        case .text(let range): return .string(changes.string(range))
        case .link(let position):
            return link(changes.records[position]).map(ImageValue.link)
        case .links(let positions):
            return .links(positions) { link(changes.records[$0]) }
        case .list(let values):
            return .list(values) { self.value($0, changes) }
        }
    }

    /// A link to a change set's record, or nil when the record is transient.
    private mutating func link(_ target: RecordChange) -> ImageLink? {
        isTransient(target.type) ? nil : ImageLink(key: target.key, type: typeName(target.type))
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

    mutating func add(_ record: Record, replacing: Bool = false) {
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
        // A row read into memory is replaced once; after that memory holds all it held.
        if replacing { store.imageState.replaced(record) }
        batch.rows.append(ImageRow(key: record.key, type: type, cells: cells, replaces: replacing))
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
            return link(target).map(ImageValue.link)
        case .links(let targets):
            return .links(targets) { link($0) }
        case .list(let values):
            return .list(values) { imageValue($0) }
        }
    }

    /// A link to a record, or nil when the record is transient.
    private mutating func link(_ target: Record) -> ImageLink? {
        store.isTransient(target.type) ? nil : ImageLink(key: target.key, type: typeName(target.type))
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
