import Foundation

/// The availability check's walk with the image at hand: where memory lacks what the selection
/// waits for, the record's row is read (once per store) inside one read transaction and fills only
/// the slots memory lacks (memory wins); the query root is read one field at a time and is never
/// marked as read. Whatever it writes is one local batch, notified once at its end; the age comes
/// with the data. Untracked: the check that follows registers the reads.
@MainActor struct Hydration {
    let store: Store
    private var read: (any ImageRead)?
    /// The same read, when it holds rows read ahead (asked once: a cast per record cost more than
    /// the record's adoption).
    private var readAhead: (any ImageReadAhead)?
    private var opened = false
    /// Whether any slot was filled from the image.
    private(set) var filled = false
    private var batch = Batch()
    /// This walk's number, for `Record.walkedBy`.
    private let number: UInt64
    /// Records links named, by their key's number in the image (`ImageLink.number`).
    private var linked: [Record?] = []

    init(store: Store) {
        self.store = store
        number = Record.nextWalk()
    }

    /// Fills what the operation's selection lacks from the image; true when anything was filled.
    static func run(_ plan: Plan, _ variables: Variables, root key: RootKey, in store: Store) -> Bool {
        guard store.image != nil else { return false }
        var hydration = Hydration(store: store)
        hydration.walk(plan.resolved(variables), store.root(of: plan.kind), depth: 0)
        return hydration.finish(key)
    }

    private mutating func finish(_ key: RootKey) -> Bool {
        defer { _ = batch.end(store: store) }
        guard let read else { return false }
        if filled {
            if !store.imageState.learnedMemberships {
                store.imageState.learnedMemberships = true
                store.learn(
                    read.memberships().map { (Registry.type($0.type), $0.abstractType) })
            }
            if store.ages.stamps[key] == nil, let date = read.fetchTime(key.imageText) {
                // The stamp's instant is as far before now as its date is before the store's date.
                let age = store.clock.date.timeIntervalSince(date)
                store.ages.stamps[key] = Ages.Stamp(
                    instant: store.clock.now.advanced(by: .milliseconds(Int64(-age * 1000))), date: date,
                    generation: store.ages.generation, fetches: 0)
            }
        }
        read.end()
        return filled
    }

    /// Reads every row and root field the image holds into the slots memory lacks, as one local
    /// batch: what `StoreExport.text(of:)` then dumps is what the image holds. False when the image
    /// cannot be read (none, unavailable, or held by another store in this process).
    static func readAll(into store: Store) -> Bool {
        var hydration = Hydration(store: store)
        guard let read = hydration.image() else { return false }
        for field in read.rootFields() {
            hydration.fillRootCell(store.slotRef(field, on: store.root.type))
        }
        for key in read.recordKeys() {
            if let record = store.records[key] {
                hydration.fillRow(record)
            } else if let row = read.row(key), !row.isDeleted {
                hydration.fillRow(store.findOrCreate(key, Registry.type(row.type), in: &hydration.batch))
            }
        }
        read.end()
        _ = hydration.batch.end(store: store)
        return true
    }

    /// The image's read, begun at the first slot memory lacks.
    private mutating func image() -> (any ImageRead)? {
        if !opened {
            opened = true
            read = store.image?.beginRead()
            guard let ahead = read as? any ImageReadAhead else { return read }
            readAhead = ahead
            // Records made off the main actor from the rows read ahead, adopted while the store
            // holds only its roots (a launch's first check): no key is live, so memory wins nothing
            // and every link they hold lands on a record the store then holds. Otherwise they are
            // dropped, and the rows are read from the file as the check reaches them.
            if let made = ahead.takeRecords(), store.records.count == 3 {
                var records = made.takeByKey()
                for root in [store.root, store.mutationRoot, store.subscriptionRoot] { records[root.key] = root }
                store.records = records
                // Records made from rows are told apart by their state (`ImageRowState.readAhead`);
                // the empty targets are filled as records this walk made.
                for record in made.empties { batch.created.insert(ObjectIdentifier(record)) }
                batch.madeRecords = true
            }
        }
        return read
    }

    private mutating func walk(_ selection: ResolvedSelection, _ record: Record, depth: Int) {
        guard depth < 256 else { return }
        // A record walked again with the same selection (an episode under many characters) has
        // nothing more to fill or re-point.
        let walking = ObjectIdentifier(selection)
        if record.walkedBy.check == number, record.walkedBy.selection == walking { return }
        if record.walkedBy.check != number { record.walkedBy = (number, walking) }
        // A record adopted from the rows read ahead holds its row already: reaching it reads it.
        // Its links all land on records the store holds.
        let adopted = record.imageRow == .readAhead
        if adopted { fillRow(record) }
        let type = record.type
        for step in selection.variant(for: type).hydrationSteps {
            let ref =
                step.fixedType == type.index
                ? step.fixedIndex : store.slotRef(step.field.entry(on: type), on: type)
            if !record.holds(ref) {
                if record === store.root {
                    fillRootCell(ref)
                    if !record.holds(ref), step.isLookup { bindLookup(step.field.lookupKeys, at: ref) }
                } else if record !== store.mutationRoot, record !== store.subscriptionRoot {
                    fillRow(record)
                }
            }
            guard let child = step.child, var value = record.peek(ref) else { continue }
            // A record this walk made holds only links to live records (`record(_:)`).
            if !adopted, !batch.created.contains(ObjectIdentifier(record)), let live = repointed(value) {
                batch.write(record, ref, live)
                value = live
            }
            switch value {
            case .link(let target):
                if !target.isDeleted { walk(child, target, depth: depth + 1) }
            case .links(let targets):
                let walking = ObjectIdentifier(child)
                for index in targets.indices {
                    // A target this walk already entered with this selection (an episode under many
                    // characters) is passed over here, without a call or a retain.
                    if let seen = targets[index]?.walkedBy, seen.check == number, seen.selection == walking { continue }
                    guard let target = targets[index], !target.isDeleted else { continue }
                    walk(child, target, depth: depth + 1)
                }
            default:
                for target in Availability.targets(value) where !target.isDeleted {
                    walk(child, target, depth: depth + 1)
                }
            }
        }
    }

    /// A lookup with the image at hand: the one entity its keys name, live in memory or with a row
    /// in the image (which then fills it), binds the root link.
    private mutating func bindLookup(_ keys: [String], at ref: Int32) {
        var found: [Record] = []
        for key in keys {
            if let live = store.records[key] {
                if !live.isDeleted { found.append(live) }
            } else if let read = image(), let row = read.row(key), !row.isDeleted {
                found.append(store.findOrCreate(key, Registry.type(row.type), in: &batch))
            }
        }
        guard found.count == 1 else {
            if found.count > 1 { store.log?(.ambiguousIdentity) }
            return
        }
        batch.write(store.root, ref, .link(found[0]))
        fillRow(found[0])
        filled = true
    }

    /// A link to a record the store no longer holds (swept) points at the live record of its key.
    private mutating func repointed(_ value: Value) -> Value? {
        switch value {
        case .link(let target) where store.records[target.key] !== target:
            return .link(store.findOrCreate(target.key, target.type, in: &batch))
        case .links(let targets) where targets.contains(where: { $0 != nil && store.records[$0!.key] !== $0 }):
            return .links(targets.map { $0.map { store.findOrCreate($0.key, $0.type, in: &batch) } })
        default:
            return nil
        }
    }

    private mutating func fillRootCell(_ ref: Int32) {
        let field = store.storageKey(ref, on: store.root.type)
        guard let read = image(), let value = read.rootCell(field) else { return }
        batch.write(store.root, ref, self.value(value))
        filled = true
    }

    /// Reads a record's row, once per store, into the slots memory lacks.
    private mutating func fillRow(_ record: Record) {
        guard !record.isDeleted else { return }
        switch record.imageRow {
        case .read, .replacing:
            return
        case .readAhead:
            // Made from its row off the main actor, and adopted whole: the row is read.
            guard image() != nil else { return }
            store.imageState.replace(record)
            readAhead?.used(record.key)
            filled = true
            return
        case .unread:
            record.imageRow = .read
        }
        guard let read = image(), var row = read.row(record.key), !row.isDeleted else { return }
        store.imageState.replace(record)
        // Slots the image resolved off the main actor, when it read the row as this record's type.
        var slots = row.resolvedType == record.type && row.resolvedSlots.count == row.cells.count ? row.resolvedSlots : []
        let made = batch.created.contains(ObjectIdentifier(record))
        // The cells are taken out of the row from its end: each value moves into its slot without a
        // copy, and the highest slot (usually) comes first, so a record's slots grow once.
        while let (field, cell) = row.cells.popLast() {
            let resolved = slots.popLast() ?? ImageRow.unresolved
            let ref = resolved != ImageRow.unresolved ? resolved : store.slotRef(field, on: record.type)
            guard !record.holds(ref) else { continue }
            if made {
                batch.fill(record, ref, value(cell))
            } else {
                batch.write(record, ref, value(cell))
            }
            filled = true
        }
    }

    /// A cell's value, its links found (or made, empty, to be filled from their own rows) in the store.
    private mutating func value(_ cell: ImageValue) -> Value {
        cell.value { record($0) }
    }

    private mutating func record(_ link: ImageLink) -> Record {
        // A page links the same few records from many rows (an episode from hundreds): found once
        // by key, then by the key's number in the file (checked against the key, which is cheap).
        let number = link.number
        if number >= 0, number < linked.count, let known = linked[number], known.key == link.key { return known }
        let found = store.records[link.key] ?? store.findOrCreate(link.key, Registry.type(link.type), in: &batch)
        if number >= 0, number < 1 << 20 {
            if number >= linked.count { linked.append(contentsOf: repeatElement(nil, count: number + 1 - linked.count)) }
            linked[number] = found
        }
        return found
    }
}
