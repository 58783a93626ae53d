import Observation

/// A record: one entity (or path-keyed object) in the store, identified by its type and key. Its
/// slots are numbered (constants by the process, rendered keys by the store, negative), each slot
/// its own Observation channel, with field errors beside the slots they name.
@MainActor public final class Record: Observable {
    public let key: String
    public let type: TypeID
    /// Values of constant slots by number; nil is missing. Read inline by lenses (the hot path).
    /// Nonisolated only so a record read ahead from an image is filled off the main actor before
    /// any reader can reach it (`ReadAheadRecords`); every other access is on the main actor.
    @usableFromInline @exclusivity(unchecked) nonisolated(unsafe) var fixed: [Value?] = []
    /// One bit per constant slot below 64: whether it holds a value (null included). The
    /// availability check asks only that of most slots; the bits sit in the record itself, so a walk
    /// over a large page does not load every record's value array (most of its time was those loads).
    @usableFromInline @exclusivity(unchecked) nonisolated(unsafe) var present: UInt64 = 0
    /// What the record has of its image row (`Hydration`, `WriteBehind`). Nonisolated for the same
    /// reason as `fixed`.
    @exclusivity(unchecked) nonisolated(unsafe) var imageRow = ImageRowState.unread
    /// Values of rendered-key slots, sorted by their (negative) number: a session's keys widen only
    /// the records they were written to.
    @exclusivity(unchecked) private(set) var rendered: [(ref: Int32, value: Value?)] = []
    @exclusivity(unchecked) private(set) var errors: [Int32: FieldError] = [:]
    @exclusivity(unchecked) public internal(set) var isDeleted = false
    /// The walk (an availability check's, a hydration's) that last reached this record, and with
    /// which selection: a page's shared entities are walked once per walk without hashing each
    /// visit into a set.
    @exclusivity(unchecked) var walkedBy: (check: UInt64, selection: ObjectIdentifier?) = (0, nil)
    private static var walks: UInt64 = 0

    /// A number for one walk (a check's, a hydration's) to mark the records it reached.
    static func nextWalk() -> UInt64 {
        walks &+= 1
        return walks
    }
    @usableFromInline let registrar = ObservationRegistrar()

    init(key: String, type: TypeID) {
        self.key = key
        self.type = type
    }

    /// A record made off the main actor from an image row read ahead, its constant slots given
    /// whole (`ReadAheadRecords`); nothing else can reach it until the store adopts it.
    nonisolated init(readAhead key: String, type: TypeID) {
        self.key = key
        self.type = type
    }

    /// Fills a record `init(readAhead:type:)` made, before the store adopts it.
    nonisolated func fillReadAhead(_ values: [Value?]) {
        var bits: UInt64 = 0
        for index in values.indices.prefix(64) where values[index] != nil { bits |= 1 &<< UInt64(index) }
        fixed = values
        present = bits
        imageRow = .readAhead
    }

    // MARK: Reads

    /// A slot's value, registering the read with Observation.
    @inlinable func read(_ ref: Int32) -> Value? {
        track(ref)
        return peek(ref)
    }

    /// Registers a read of the slot with Observation, on this record's registrar through the slot's
    /// channel (`Channels`), passed without a retain (channels live as long as the process).
    /// Nonisolated (it touches only the registrar, which is Sendable, and the channel tables) so the
    /// closure carries no main-actor isolation check.
    @inlinable nonisolated func track(_ ref: Int32) {
        Channels.channel(ref)._withUnsafeGuaranteedRef { $0.access(registrar) }
    }

    /// A slot's field error, registering the read.
    @usableFromInline func readError(_ ref: Int32) -> FieldError? {
        track(ref)
        return errors[ref]
    }

    /// A slot's value without registering (commit, dump). A constant slot is one array read.
    @inlinable func peek(_ ref: Int32) -> Value? {
        if ref >= 0 {
            let index = Int(ref)
            return index < fixed.count ? fixed[index] : nil
        }
        return peekRendered(ref)
    }

    /// Whether the slot holds a value (null included), without registering or copying it out.
    @inlinable func holds(_ ref: Int32) -> Bool {
        guard ref >= 0 else { return peekRendered(ref) != nil }
        if ref < 64 { return present & (1 &<< UInt64(ref)) != 0 }
        let index = Int(ref)
        guard index < fixed.count else { return false }
        if case .none = fixed[index] { return false }
        return true
    }

    @usableFromInline func peekRendered(_ ref: Int32) -> Value? {
        guard let position = renderedPosition(ref) else { return nil }
        return rendered[position].value
    }

    func peekError(_ ref: Int32) -> FieldError? { errors.isEmpty ? nil : errors[ref] }

    /// Whether any slot holds a field error.
    var hasErrors: Bool { !errors.isEmpty }

    private func renderedPosition(_ ref: Int32) -> Int? {
        var low = 0
        var high = rendered.count
        while low < high {
            let middle = (low + high) / 2
            if rendered[middle].ref == ref { return middle }
            if rendered[middle].ref > ref { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    // MARK: Writes (only a batch calls these)

    func store(_ value: Value?, at ref: Int32) {
        if ref >= 0 {
            let index = Int(ref)
            if index >= fixed.count {
                if value == nil { return }
                fixed.append(contentsOf: repeatElement(nil, count: index + 1 - fixed.count))
            }
            fixed[index] = value
            if index < 64 {
                if value == nil { present &= ~(1 &<< UInt64(index)) } else { present |= 1 &<< UInt64(index) }
            }
            return
        }
        if let position = renderedPosition(ref) {
            rendered[position].value = value
            return
        }
        // Kept in descending order of the negative number, i.e. ascending by the store's count.
        let position = rendered.firstIndex { $0.ref < ref } ?? rendered.count
        rendered.insert((ref, value), at: position)
    }

    func storeError(_ error: FieldError?, at ref: Int32) {
        errors[ref] = error
    }

    /// Everything a record holds, taken out of it at once.
    package struct Contents: Sendable {
        let fixed: [Value?]
        let rendered: [(ref: Int32, value: Value?)]
        let errors: [Int32: FieldError]
    }

    /// Empties the record (a collection removing it) and returns what it held, so the caller chooses
    /// where that is freed. Tells no reader.
    package func takeContents() -> Contents {
        defer {
            fixed = []
            present = 0
            rendered = []
            errors = [:]
        }
        return Contents(fixed: fixed, rendered: rendered, errors: errors)
    }

    /// Registers a read of which slots the record holds (`Channels.presence`).
    nonisolated func trackPresence() {
        Channels.presence._withUnsafeGuaranteedRef { $0.access(registrar) }
    }

    /// Tells the observers of which slots the record holds that one came or went.
    func notifyPresence() {
        Channels.presence._withUnsafeGuaranteedRef { channel in
            channel.willSet(registrar)
            channel.didSet(registrar)
        }
    }

    /// Tells the slot's observers it changed. Called once per slot when a batch ends.
    func notify(_ ref: Int32) {
        Channels.channel(ref)._withUnsafeGuaranteedRef { channel in
            channel.willSet(registrar)
            channel.didSet(registrar)
        }
    }

    /// Every slot that holds a value or an error, for the dump and for clearing.
    var occupiedSlots: [Int32] {
        var refs: [Int32] = []
        for (index, value) in fixed.enumerated() where value != nil { refs.append(Int32(index)) }
        for entry in rendered where entry.value != nil { refs.append(entry.ref) }
        for ref in errors.keys where peek(ref) == nil { refs.append(ref) }
        return refs
    }
}

/// What a record has of its image row: a row is read once per record (a record made again after a
/// collection reads it again).
enum ImageRowState: UInt8 {
    /// Not read.
    case unread
    /// Made off the main actor from its row (`ReadAheadRecords`) and adopted whole, not yet reached
    /// by a check: the check that reaches it counts the row as read.
    case readAhead
    /// Read; the next batch that writes the record merges into the row.
    case read
    /// Read into memory; the next batch that writes the record replaces the row whole with the
    /// record (memory then holds all the row held), and the row is `read` after that.
    case replacing
}

/// One slot of a record as a dump or an inspector shows it.
public struct ExportedField {
    public let key: String
    public let value: Value?
    public let error: FieldError?
}

extension Record {
    /// Every slot that holds a value or an error, with its storage key, untracked (for dumps).
    public func exportedFields(in store: Store) -> [ExportedField] {
        occupiedSlots.map { ref in
            ExportedField(key: store.storageKey(ref, on: type), value: peek(ref), error: peekError(ref))
        }
    }
}
