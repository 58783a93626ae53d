/// A batch's kind: the server's data (which an image keeps), an optimistic layer's (kept with its
/// undo), or the runtime's own local writes.
public enum BatchKind: Sendable, Equatable {
    case server, optimistic, local
}

/// What a commit changed: the slots (in records that existed before the batch) whose value or error
/// differs from before it, which are exactly the slots it notified.
public struct CommitResult: Sendable, Equatable {
    public struct Notified: Sendable, Hashable, CustomStringConvertible {
        public let record: String
        public let field: String
        public var description: String { "\(record).\(field)" }
    }

    public let kind: BatchKind
    public let notified: [Notified]
    /// The cells the batch changed, as the log's `committed(changed:)` counts them: a slot's value
    /// and its error are two cells (a dump keeps errors apart, under `__errors`), counted in records
    /// that existed; an error is counted wherever it is placed, in a record the batch made too
    /// (errors are placed once the records stand). The `events` script holds the rule.
    public let changed: Int

    public init(kind: BatchKind, notified: [Notified], changed: Int? = nil) {
        self.kind = kind
        self.notified = notified
        self.changed = changed ?? notified.count
    }
}

/// An optimistic layer: a change set applied over the server's data, with everything it did (the
/// values it overwrote, the records it made, revived or deleted), so a failure reverts it and a server
/// batch can be applied beneath it.
@MainActor public final class OptimisticLayer {
    let changes: ChangeSet
    var effects = LayerEffects()
    public private(set) var isLive = true
    /// What laying it first notified.
    public internal(set) var applied = CommitResult(kind: .optimistic, notified: [])

    init(changes: ChangeSet) { self.changes = changes }

    func markReverted() { isLive = false }
}

typealias UndoEntry = (record: Record, ref: Int32, value: Value?, error: FieldError?)

/// What laying a layer did, to be undone when it is lifted.
struct LayerEffects {
    var undo: [UndoEntry] = []
    var created: [Record] = []
    var revived: [Record] = []
    var deleted: [Record] = []
}

/// The writes of one batch. Each slot's value and error before the batch are kept at its first
/// write; when the batch ends, a slot notifies once if it ends different, and never in a record the
/// batch created (nothing had read it). While a layer is laid, every write is also logged for it.
@MainActor struct Batch {
    private struct Touch {
        let record: Record
        let ref: Int32
        let value: Value?
        let error: FieldError?
    }

    private struct TouchKey: Hashable {
        let record: ObjectIdentifier
        let ref: Int32
    }

    private var touches: [Touch] = []
    private var seen: Set<TouchKey> = []
    /// Slots notified whatever their value: links to a record deleted or revived in the batch.
    private var forced: [(record: Record, ref: Int32)] = []
    var created: Set<ObjectIdentifier> = []
    /// Records came into the store outside `created` (adopted from an image's read-ahead).
    var madeRecords = false
    /// Errors placed in records this batch made (counted in `changed`, never notified).
    private var errorsInCreated = 0
    /// Set while a layer is being laid.
    var layer: LayerEffects?

    private mutating func touch(_ record: Record, _ ref: Int32) {
        if created.contains(ObjectIdentifier(record)) { return }
        if seen.insert(TouchKey(record: ObjectIdentifier(record), ref: ref)).inserted {
            touches.append(Touch(record: record, ref: ref, value: record.peek(ref), error: record.peekError(ref)))
        }
    }

    /// Writes `value` unless the slot already holds an equal one. `created` says the record is one
    /// this batch made (nothing to remember or notify for it), when the caller already knows.
    mutating func write(_ record: Record, _ ref: Int32, _ value: Value?, created: Bool = false) {
        if sameSlot(record.peek(ref), value) { return }
        if !created { touch(record, ref) }
        layer?.undo.append((record, ref, record.peek(ref), record.peekError(ref)))
        record.store(value, at: ref)
    }

    /// Writes `value` into an empty slot of a record this batch made (nothing to compare, remember
    /// or notify).
    mutating func fill(_ record: Record, _ ref: Int32, _ value: Value) {
        layer?.undo.append((record, ref, nil, record.peekError(ref)))
        record.store(value, at: ref)
    }

    mutating func writeError(_ record: Record, _ ref: Int32, _ error: FieldError?) {
        if record.peekError(ref) == error { return }
        if error != nil, created.contains(ObjectIdentifier(record)) { errorsInCreated += 1 }
        touch(record, ref)
        layer?.undo.append((record, ref, record.peek(ref), record.peekError(ref)))
        record.storeError(error, at: ref)
    }

    /// The records the batch wrote to (not those it made), once each, in the order of their first
    /// write, with the slots it wrote in each: what the image's snapshot of the batch takes.
    var touchedRecords: [(record: Record, refs: [Int32])] {
        var positions: [ObjectIdentifier: Int] = [:]
        var out: [(record: Record, refs: [Int32])] = []
        for touch in touches {
            let id = ObjectIdentifier(touch.record)
            if let position = positions[id] {
                out[position].refs.append(touch.ref)
            } else {
                positions[id] = out.count
                out.append((touch.record, [touch.ref]))
            }
        }
        return out
    }

    mutating func force(_ record: Record, _ ref: Int32) {
        if created.contains(ObjectIdentifier(record)) { return }
        forced.append((record, ref))
    }

    /// Notifies the slots that ended different, and the forced ones, once each, and returns them.
    /// A batch that notified or made a record moves the store's generation.
    func end(store: Store) -> (notified: [CommitResult.Notified], changed: Int) {
        defer { if madeRecords || !created.isEmpty || !touches.isEmpty || !forced.isEmpty { store.generation &+= 1 } }
        var notified: [CommitResult.Notified] = []
        var changed = errorsInCreated
        var done: Set<TouchKey> = []
        var droppedLink = false
        // The last record told that a slot came or went (a batch's touches come record by record).
        var presenceNotified: Record?
        // Records changed in shape (a slot came or went, a link moved), for the handles' reaches;
        // a record's touches are consecutive, so a repeat is caught by the last entry.
        var reshaped: [ObjectIdentifier] = []
        for touch in touches {
            let now = touch.record.peek(touch.ref)
            let valueChanged = !sameSlot(now, touch.value)
            let errorChanged = touch.record.peekError(touch.ref) != touch.error
            guard valueChanged || errorChanged else { continue }
            if (now == nil) != (touch.value == nil), presenceNotified !== touch.record {
                presenceNotified = touch.record
                touch.record.notifyPresence()
            }
            if valueChanged, (now == nil) != (touch.value == nil) || Self.mayLink(now) || Self.mayLink(touch.value) {
                let id = ObjectIdentifier(touch.record)
                if reshaped.last != id { reshaped.append(id) }
            }
            if valueChanged, !droppedLink, let before = touch.value { droppedLink = Self.drops(before, now) }
            changed += (valueChanged ? 1 : 0) + (errorChanged ? 1 : 0)
            done.insert(TouchKey(record: ObjectIdentifier(touch.record), ref: touch.ref))
            notified.append(
                .init(
                    record: touch.record.key,
                    field: store.storageKey(touch.ref, on: touch.record.type)))
            touch.record.notify(touch.ref)
        }
        for (record, ref) in forced {
            // A link to a record deleted or revived changes what a check enters behind it.
            reshaped.append(ObjectIdentifier(record))
            guard done.insert(TouchKey(record: ObjectIdentifier(record), ref: ref)).inserted else { continue }
            notified.append(.init(record: record.key, field: store.storageKey(ref, on: record.type)))
            changed += 1
            record.notify(ref)
        }
        if !reshaped.isEmpty { store.environment?.reshaped(reshaped) }
        store.batchNotified?(notified)
        // A link moved or dropped may leave records no root reaches (a list that only grew cannot).
        if droppedLink { store.environment?.scheduleCollection() }
        return (notified, changed)
    }

    /// Whether a slot's value may name records (a link, a list of links, a list of lists): what a
    /// check follows, so its change reshapes what the check would enter.
    private static func mayLink(_ value: Value?) -> Bool {
        switch value {
        case .link?, .links?: true
        case .list(let elements)?: elements.contains { mayLink($0) }
        default: false
        }
    }

    /// Whether a slot that held `before` no longer links to one of its records.
    private static func drops(_ before: Value, _ now: Value?) -> Bool {
        let old = Availability.targets(before)
        guard !old.isEmpty else { return false }
        guard let now else { return true }
        let kept = Set(Availability.targets(now).map(ObjectIdentifier.init))
        return old.contains { !kept.contains(ObjectIdentifier($0)) }
    }
}

extension Store {
    /// Commits a change set as one batch of `kind` and notifies once at its end. A server or local
    /// batch under live optimistic layers lifts them, writes, and lays them again, so only the net
    /// difference is notified.
    @discardableResult
    public func commit(_ changes: ChangeSet, kind: BatchKind = .server) -> CommitResult {
        var batch = Batch()
        let live = layers.filter(\.isLive)
        for layer in live.reversed() { lift(layer, in: &batch) }
        adopt(changes, from: live)
        apply(changes, in: &batch)
        // The server's values, before the layers are laid again: no layer reaches the image.
        let behind = kind == .server ? writeBehind(changes, batch) : nil
        for layer in live { lay(layer, in: &batch) }
        let (notified, changed) = batch.end(store: self)
        if let behind { image?.write(behind) }
        log?(.committed(kind: kind, changed: changed))
        return CommitResult(kind: kind, notified: notified, changed: changed)
    }

    /// Applies a change set as an optimistic layer over everything committed so far.
    @discardableResult
    public func applyOptimistic(_ changes: ChangeSet) -> (OptimisticLayer, CommitResult) {
        let layer = OptimisticLayer(changes: changes)
        var batch = Batch()
        lay(layer, in: &batch)
        layers.append(layer)
        let (notified, changed) = batch.end(store: self)
        log?(.committed(kind: .optimistic, changed: changed))
        layer.applied = CommitResult(kind: .optimistic, notified: notified, changed: changed)
        return (layer, layer.applied)
    }

    /// Reverts a layer (a failed mutation): later layers are lifted and laid again over the gap.
    @discardableResult
    public func revert(_ layer: OptimisticLayer) -> CommitResult {
        guard layer.isLive, let position = layers.firstIndex(where: { $0 === layer }) else {
            return CommitResult(kind: .optimistic, notified: [])
        }
        var batch = Batch()
        let later = Array(layers[(position + 1)...]).filter(\.isLive)
        for other in later.reversed() { lift(other, in: &batch) }
        lift(layer, in: &batch)
        layer.markReverted()
        layers.remove(at: position)
        for other in later { lay(other, in: &batch) }
        let (notified, changed) = batch.end(store: self)
        log?(.committed(kind: .optimistic, changed: changed))
        return CommitResult(kind: .optimistic, notified: notified, changed: changed)
    }

    /// The server's answer to a layer's mutation replaces the layer in one batch.
    @discardableResult
    public func resolve(_ layer: OptimisticLayer, with changes: ChangeSet) -> CommitResult {
        if let position = layers.firstIndex(where: { $0 === layer }) {
            var batch = Batch()
            let live = layers.filter(\.isLive)
            for other in live.reversed() { lift(other, in: &batch) }
            layer.markReverted()
            layers.remove(at: position)
            adopt(changes, from: live)
            apply(changes, in: &batch)
            let behind = writeBehind(changes, batch)
            for other in layers where other.isLive { lay(other, in: &batch) }
            let (notified, changed) = batch.end(store: self)
            if let behind { image?.write(behind) }
            log?(.committed(kind: .server, changed: changed))
            return CommitResult(kind: .server, notified: notified, changed: changed)
        }
        return commit(changes, kind: .server)
    }

    /// Undoes a layer: its values restored, its revivals and deletions reversed, the records it made
    /// taken out of the store (kept by the layer, to be put back when it is laid again).
    private func lift(_ layer: OptimisticLayer, in batch: inout Batch) {
        let effects = layer.effects
        for entry in effects.undo.reversed() {
            batch.write(entry.record, entry.ref, entry.value)
            batch.writeError(entry.record, entry.ref, entry.error)
        }
        for record in effects.revived {
            record.isDeleted = true
            forceLinks(to: record, in: &batch)
        }
        for record in effects.deleted {
            record.isDeleted = false
            forceLinks(to: record, in: &batch)
        }
        for record in effects.created where records[record.key] === record {
            records[record.key] = nil
        }
        layer.effects = LayerEffects(created: effects.created)
    }

    /// Records lifted layers made that the change set beneath them writes become the server's, as the
    /// same objects, so lenses over them stay valid.
    private func adopt(_ changes: ChangeSet, from layers: [OptimisticLayer]) {
        for layer in layers {
            layer.effects.created.removeAll { record in
                guard changes.index[record.key] != nil, records[record.key] == nil else { return false }
                records[record.key] = record
                return true
            }
        }
    }

    private func lay(_ layer: OptimisticLayer, in batch: inout Batch) {
        // Records the layer made come back as the same objects, unless a write beneath took the key.
        var kept: [Record] = []
        for record in layer.effects.created where records[record.key] == nil {
            records[record.key] = record
            kept.append(record)
        }
        batch.layer = LayerEffects()
        apply(layer.changes, in: &batch)
        var effects = batch.layer!
        batch.layer = nil
        effects.created = kept + effects.created
        layer.effects = effects
    }

    /// The commit's order: find or create every record, then for each one revive it if it was
    /// deleted, write the entries (the last one wins; an equal value writes nothing) clearing the
    /// error of each slot written without one, then the field errors.
    private func apply(_ changes: ChangeSet, in batch: inout Batch) {
        learn(changes.memberships)
        var targets: [Record] = []
        targets.reserveCapacity(changes.records.count)
        for change in changes.records {
            targets.append(findOrCreate(change.key, change.type, in: &batch))
        }
        for (change, record) in zip(changes.records, targets) {
            if record.isDeleted {
                record.isDeleted = false
                batch.layer?.revived.append(record)
                forceLinks(to: record, in: &batch)
            }
            var erred: Set<Int32> = []
            for (slot, _) in change.errors { erred.insert(slotRef(slot, on: record.type)) }
            // Asked once per record rather than at each write.
            let created = batch.created.contains(ObjectIdentifier(record))
            // The leading entries whose slots already hold their values write nothing (a refetch's
            // every entry): they are compared in place, and only their errors are cleared.
            let start = created ? 0 : Self.firstDifferent(change.entries, in: record.fixed, targets, changes)
            if record.hasErrors {
                for (slot, _) in change.entries[..<start] {
                    let ref = slotRef(slot, on: record.type)
                    if !erred.contains(ref) { batch.writeError(record, ref, nil) }
                }
            }
            for (slot, value) in change.entries[start...] {
                let ref = slotRef(slot, on: record.type)
                // A value equal to the slot's writes nothing, so it is compared before it is made.
                if created || !Self.holds(record.peek(ref), value, targets, changes) {
                    batch.write(record, ref, resolve(value, targets, changes), created: created)
                }
                if !erred.contains(ref) { batch.writeError(record, ref, nil) }
            }
            for (slot, error) in change.errors {
                let ref = slotRef(slot, on: record.type)
                batch.writeError(record, ref, error)
            }
        }
        applyEdits(changes, in: &batch)
    }

    /// Edits run after the entries, in the set's order.
    private func applyEdits(_ changes: ChangeSet, in batch: inout Batch) {
        for edit in changes.edits {
            switch edit {
            case .deleteRecord(let id):
                let suffix = ":" + id
                let matches = records.values.filter {
                    !$0.isDeleted && $0.key.hasSuffix(suffix) && $0.key == $0.type.name + suffix
                }
                if matches.count > 1 {
                    log?(.ambiguousIdentity)
                } else if let record = matches.first {
                    delete(record, in: &batch)
                }
            case .merge(let page, let connection, let mode):
                merge(page: page, into: connection, mode: mode, in: &batch)
            case .insert(let record, let connections, let atEnd, let edgeType):
                insert(record, into: connections, atEnd: atEnd, edgeType: edgeType, in: &batch)
            case .deleteEdge(let id, let connections):
                deleteEdges(nodeID: id, from: connections, in: &batch)
            }
        }
    }

    /// Clears the record's values through the batch (its readers are told), sets its flag (links to it
    /// read null, lists skip it) and tells every slot that links to it.
    private func delete(_ record: Record, in batch: inout Batch) {
        for ref in record.occupiedSlots {
            batch.write(record, ref, nil)
            batch.writeError(record, ref, nil)
        }
        record.isDeleted = true
        batch.layer?.deleted.append(record)
        forceLinks(to: record, in: &batch)
    }

    private func forceLinks(to target: Record, in batch: inout Batch) {
        for record in records.values {
            for ref in record.occupiedSlots {
                switch record.peek(ref) {
                case .link(let linked)? where linked === target: batch.force(record, ref)
                case let value? where value.holds(record: target): batch.force(record, ref)
                default: break
                }
            }
        }
    }

    /// A value with its links found among the change set's records (`targets`, by position) and its
    /// text decoded.
    private func resolve(_ value: IngestValue, _ targets: [Record], _ changes: ChangeSet) -> Value {
        switch value {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .int(let number): return .int(number)
        case .float(let number): return .float(number)
        case .string(let text): return .string(text)
        case .text(let range): return .string(changes.string(range))
        case .link(let position): return .link(targets[position])
        case .links(let positions): return .links(positions.map { $0.map { targets[$0] } })
        case .list(let values): return .list(values.map { resolve($0, targets, changes) })
        }
    }

    /// The position of the first entry whose slot, among a record's constant slots (`fixed`), does
    /// not already hold its value (`holds`), or of the first entry naming a rendered key (numbered by
    /// the store), else the entries' count. Nonisolated, and over arrays that cannot change meanwhile,
    /// so the values are compared where they lie (a copy retains its payload).
    private nonisolated static func firstDifferent(
        _ entries: [(slot: EntrySlot, value: IngestValue)],
        in fixed: [Value?], _ targets: [Record],
        _ changes: ChangeSet
    ) -> Int {
        for position in entries.indices {
            guard case .fixed(let ref) = entries[position].slot, Int(ref) < fixed.count,
                holds(fixed[Int(ref)], entries[position].value, targets, changes)
            else { return position }
        }
        return entries.count
    }

    /// Whether a slot holding `current` already holds what `value` would resolve to, by the commit's
    /// equality (`Value.same`), without making the value: text is compared as bytes. False when
    /// unsure (bytes that differ but spell a canonically equal string): the write decides then.
    /// Each case matches `current` on its own (a tuple of both would copy them); inlined, so a value
    /// read from a slot is compared without a copy (lists go to `holdsList`).
    @inline(__always)
    private nonisolated static func holds(
        _ current: Value?, _ value: IngestValue, _ targets: [Record],
        _ changes: ChangeSet
    ) -> Bool {
        switch value {
        case .text(let range):
            if case .string(let a)? = current { return changes.bytes(range, equal: a) }
        case .null:
            if case .null? = current { return true }
        case .bool(let b):
            if case .bool(let a)? = current { return a == b }
        case .int(let b):
            if case .int(let a)? = current { return a == b }
        case .float(let b):
            if case .float(let a)? = current { return a.bitPattern == b.bitPattern }
        case .string(let b):
            if case .string(let a)? = current { return a == b }
        case .link(let position):
            if case .link(let a)? = current { return a === targets[position] }
        case .links, .list:
            return holdsList(current, value, targets, changes)
        }
        return false
    }

    /// `holds` for lists of links and lists of values.
    private nonisolated static func holdsList(
        _ current: Value?, _ value: IngestValue, _ targets: [Record],
        _ changes: ChangeSet
    ) -> Bool {
        switch value {
        case .links(let positions):
            guard case .links(let a)? = current, a.count == positions.count else { return false }
            for (record, position) in zip(a, positions) {
                switch (record, position) {
                case (nil, nil): continue
                case (let record?, let position?) where record === targets[position]: continue
                default: return false
                }
            }
            return true
        case .list(let values):
            guard case .list(let a)? = current, a.count == values.count else { return false }
            for (element, value) in zip(a, values) where !holds(element, value, targets, changes) { return false }
            return true
        default:
            return false
        }
    }
}
