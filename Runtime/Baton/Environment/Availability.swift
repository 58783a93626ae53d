/// The availability check: does the store hold everything an operation's selection
/// waits for? A missing scalar or link is a miss; a null link is fine; deleted targets are not
/// entered; every list element is followed; client fields are never waited for, and deferred ones
/// only say whether every part is held.
///
/// A handle that checked must hear when its answer may have changed: a slot of a record it walked
/// came or went, or a link it followed changed. Two ways, chosen by the caller:
/// - the **reach** (`reach: true`): the walk collects the records it entered, and the store tells
///   the environment which records a batch changed in shape (`Batch.end`), as Relay intersects a
///   snapshot's seen records with a commit's updated ones. Registering each record with Observation
///   was most of a first check's cost (about 2 µs a record: a registrar entry, installed and later
///   removed), and a page reaches a thousand records;
/// - Observation: each link followed (the slot's channel) and, for the scalars only looked at,
///   whether the record's slots come or go (`Channels.presence`), registered on the records
///   themselves, for a check inside a tracked scope whose other reads (a verdict's) must be
///   observed with it.
/// A scalar's new value changes no answer either way.
struct Availability {
    /// Everything the selection waits for is there.
    var holds = true
    /// A deferred field is not held (a `storeOrNetwork` attach then fetches).
    var deferredMissing = false
    /// Missing query-root links a lookup binds to a live entity: written (`Store.bind`) once the
    /// walk is over, as one local batch.
    var bindings: [LookupBinding] = []
    /// A lookup that found several live entities (an untyped `node(id:)` over records of several
    /// types sharing the id) binds nothing.
    var ambiguous = false
    /// Deferred links held with only part of what their fragment reads behind them (read back
    /// from the image, or a stream cut short): cleared after the walk (`Store.bind`), so the
    /// fragment reads absent rather than half, and the operation fetches.
    var halfHeld: [(record: Record, ref: Int32)] = []
    /// Slots a waited field of the operation reads: never cleared for a deferred one. A list, made a
    /// set only when a deferred link was held half (rarely).
    private var waitedLinks: [HeldSlot] = []

    private struct HeldSlot: Hashable {
        let record: ObjectIdentifier
        let ref: Int32
    }
    /// The (record, selection) pairs already walked: a page's shared entities (an episode under
    /// hundreds of characters) are checked once; a second walk would find and register the same.
    /// The first selection a record is walked with is marked in the record (`walkedBy`); only
    /// further ones go in this set.
    private var walked: Set<Walked> = []
    /// This check's number, for `Record.walkedBy`.
    private let number: UInt64
    /// The records the walk entered, when it keeps its reach rather than registering with
    /// Observation.
    private(set) var reach: Reach?

    @MainActor private init(reach: Bool) {
        number = Record.nextWalk()
        if reach { self.reach = Reach() }
    }

    private struct Walked: Hashable {
        let record: ObjectIdentifier
        let selection: ObjectIdentifier
    }

    @MainActor static func check(_ plan: Plan, _ variables: Variables, in store: Store, reach: Bool = false) -> Availability {
        var result = Availability(reach: reach)
        result.walk(plan.resolved(variables), store.root(of: plan.kind), store, depth: 0)
        if !result.halfHeld.isEmpty {
            let waited = Set(result.waitedLinks)
            result.halfHeld.removeAll { waited.contains(HeldSlot(record: ObjectIdentifier($0.record), ref: $0.ref)) }
        }
        return result
    }

    @MainActor private mutating func walk(_ selection: ResolvedSelection, _ record: Record, _ store: Store, depth: Int) {
        // A selection is finite; records may link in a cycle, and the depth only guards that walk.
        guard depth < 256, holds else { return }
        let walking = ObjectIdentifier(selection)
        if record.walkedBy.check != number {
            record.walkedBy = (number, walking)
        } else if record.walkedBy.selection == walking
            || !walked.insert(Walked(record: ObjectIdentifier(record), selection: walking)).inserted
        {
            return
        }
        if reach != nil {
            reach!.records.insert(ObjectIdentifier(record))
        } else {
            record.trackPresence()
        }
        let type = record.type
        for step in selection.variant(for: type).checks {
            let ref =
                step.fixedType == type.index
                ? step.fixedIndex : store.slotRef(step.field.entry(on: type), on: type)
            guard let child = step.child else {
                // A scalar is only looked at: its value is not copied out, and the record's presence
                // channel stands for its slot.
                if !record.holds(ref) {
                    if step.waited {
                        holds = false
                        return
                    }
                    deferredMissing = true
                }
                continue
            }
            if reach == nil { record.track(ref) }
            guard record.holds(ref) else {
                if step.waited, step.isLookup, let target = bound(step.field, store) {
                    bindings.append(LookupBinding(record: record, ref: ref, target: target))
                    walk(child, target, store, depth: depth + 1)
                    if !holds { return }
                    continue
                }
                if step.waited {
                    holds = false
                    return
                }
                deferredMissing = true
                continue
            }
            if step.waited {
                waitedLinks.append(HeldSlot(record: ObjectIdentifier(record), ref: ref))
                enter(record, ref, child, store, depth: depth)
                if !holds { return }
                continue
            }
            // A deferred link: what misses behind it makes the part missing, not the operation.
            let bound = bindings.count
            enter(record, ref, child, store, depth: depth)
            if !holds {
                holds = true
                bindings.removeSubrange(bound...)
                deferredMissing = true
                halfHeld.append((record, ref))
            }
        }
    }

    /// Walks `child` at the records a held link names. The targets are entered where they lie:
    /// no array is made for a link or a list of links.
    @MainActor private mutating func enter(
        _ record: Record, _ ref: Int32, _ child: ResolvedSelection, _ store: Store, depth: Int
    ) {
        switch record.peek(ref) {
        case .link(let target)?:
            if !target.isDeleted { walk(child, target, store, depth: depth + 1) }
        case .links(let targets)?:
            let walking = ObjectIdentifier(child)
            for index in targets.indices {
                // A target this check already walked with this selection (an episode under many
                // characters) is passed over here, without a call or a retain.
                if let seen = targets[index]?.walkedBy, seen.check == number, seen.selection == walking { continue }
                guard let target = targets[index], !target.isDeleted else { continue }
                walk(child, target, store, depth: depth + 1)
                if !holds { return }
            }
        case let value?:
            for target in Self.targets(value) where !target.isDeleted {
                walk(child, target, store, depth: depth + 1)
                if !holds { return }
            }
        case nil:
            break
        }
    }

    /// The one live entity a lookup's keys name, if exactly one.
    @MainActor private mutating func bound(_ field: ResolvedField, _ store: Store) -> Record? {
        let found = field.lookupKeys.compactMap { store.record(forKey: $0) }.filter { !$0.isDeleted }
        if found.count > 1 { ambiguous = true }
        return found.count == 1 ? found[0] : nil
    }

    /// The records a link's value names: one, a list, or lists of lists.
    static func targets(_ value: Value) -> [Record] {
        switch value {
        case .link(let target): [target]
        case .links, .list: value.listedRecords
        default: []
        }
    }
}

/// A missing link a lookup bound: the record and slot, and the entity it names.
struct LookupBinding {
    let record: Record
    let ref: Int32
    let target: Record
}

extension Store {
    /// When everything the selection waits for is there: writes the links the availability check
    /// bound and clears the deferred links it found held only half, as one local batch notified
    /// at its end.
    func bind(_ availability: Availability) {
        if availability.ambiguous { log?(.ambiguousIdentity) }
        // A miss fetches the whole operation anyway: nothing is written for it.
        guard availability.holds, !availability.bindings.isEmpty || !availability.halfHeld.isEmpty else { return }
        var batch = Batch()
        for binding in availability.bindings { batch.write(binding.record, binding.ref, .link(binding.target)) }
        // A deferred link held only half reads absent until its part is fetched again.
        for (record, ref) in availability.halfHeld { batch.write(record, ref, nil) }
        _ = batch.end(store: self)
    }
}

/// The collection's mark: the records a root reaches through the links its plan
/// follows, deferred and client links included; a connection's record and everything it links to.
/// Untracked: a collection tells no reader.
@MainActor struct Marking {
    private(set) var marked: Set<ObjectIdentifier> = []
    let store: Store

    init(store: Store) { self.store = store }

    mutating func mark(_ record: Record) -> Bool { marked.insert(ObjectIdentifier(record)).inserted }

    func isMarked(_ record: Record) -> Bool { marked.contains(ObjectIdentifier(record)) }

    mutating func mark(_ root: Root) {
        let record = store.root(of: root.plan.kind)
        _ = mark(record)
        walk(root.plan.resolved(root.key.variables), record, depth: 0)
    }

    private mutating func walk(_ selection: ResolvedSelection, _ record: Record, depth: Int) {
        guard depth < 256 else { return }
        let variant = selection.variant(for: record.type)
        for field in variant.fields {
            if let connection = field.connection {
                let ref = store.slotRef(connection.slot.entry(on: record.type), on: record.type)
                if let value = record.peek(ref) {
                    for target in Availability.targets(value) { markAll(from: target) }
                }
            }
            guard case .link(let child, _) = field.kind else { continue }
            let ref = store.slotRef(field.entry(on: record.type), on: record.type)
            guard let value = record.peek(ref) else { continue }
            for target in Availability.targets(value) {
                // Walked again when reached again: another selection may follow other links from it
                // (the selection's depth bounds the walk).
                _ = mark(target)
                walk(child, target, depth: depth + 1)
            }
        }
    }

    /// A record and everything it links to, by any slot (a connection's edges, nodes, page info).
    mutating func markAll(from record: Record) {
        var pending = [record]
        while let next = pending.popLast() {
            guard mark(next) else { continue }
            for ref in next.occupiedSlots {
                if let value = next.peek(ref) { pending.append(contentsOf: Availability.targets(value)) }
            }
        }
    }
}
