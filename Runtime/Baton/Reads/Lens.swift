/// The base of every generated lens: a struct over one anchor with one accessor per field, each a
/// synchronous main-actor read of one slot that registers with Observation. Equal by anchor.
public protocol Lens: Equatable, Sendable {
    @_spi(Generated) init(anchor: Anchor)
    @_spi(Generated) var anchor: Anchor { get }
}

extension Lens {
    public static func == (a: Self, b: Self) -> Bool { a.anchor == b.anchor }

    /// The key of the record the lens reads (what a list keys its rows by).
    public var recordKey: String { anchor.record.key }
}

// MARK: - Reads (one accessor line of generated code calls one of these)

@_spi(Generated) extension Anchor {
    /// The slot's value, registered; reports a missing slot. Inlined into each accessor: a present
    /// value costs the registration and one array read.
    @inlinable @MainActor func load(_ ref: Int32) -> Value? {
        record.track(ref)
        if let value = record.peek(ref) { return value }
        missing(ref)
        return nil
    }

    @usableFromInline @MainActor func missing(_ ref: Int32) {
        if !record.isDeleted {
            let field = owner.store.storageKey(ref, on: record.type)
            report(.missing(type: record.type.name, field: field))
            owner.healer?.heal(type: record.type.name, field: field)
        }
    }

    @usableFromInline @MainActor func report(_ event: LogEvent) {
        owner.store.log?(event)
    }

    @usableFromInline @MainActor func unexpected(_ ref: Int32) {
        report(.unexpected(type: record.type.name, field: owner.store.storageKey(ref, on: record.type)))
    }

    /// The plain read of a scalar, a mapped scalar or a list of them, to any depth, the declared type
    /// (`V`) giving the element and the shape: a null or missing value reads `V.lensEmpty` (a
    /// scalar's zero, an empty list, nil); what a level cannot hold is dropped, or nil where the
    /// level is optional (a mapped scalar's text that does not convert), and reported once. A
    /// missing slot is reported as missing, a null on a non-null scalar as unexpected.
    @inlinable @MainActor public func read<V: LensField, K: SlotName>(_ key: K) -> V {
        let ref = key.ref(in: self)
        record.track(ref)
        return convert(ref)
    }

    /// A registered slot as `V`.
    @inlinable @MainActor func convert<V: LensField>(_ ref: Int32) -> V {
        guard let value = record.peek(ref) else {
            missing(ref)
            return V.lensEmpty
        }
        var wrong = false
        if let read = V.lensValue(value, wrong: &wrong) {
            if wrong { unexpected(ref) }
            return read
        }
        // A null on a non-null list reads empty quietly (as the response's null would bubble).
        if case .null = value, !V.lensNullIsUnexpected { return V.lensEmpty }
        unexpected(ref)
        return V.lensEmpty
    }

    /// A nullable link: the child's lens, or nil for null, missing or a deleted record; `requiring`
    /// the lens's `@required(action: NONE/LOG)` fields, nil too when the target lacks one.
    @inlinable @MainActor public func read<L: Lens, K: SlotName>(link key: K, requiring keys: [any SlotName] = []) -> L? {
        let ref = key.ref(in: self)
        switch load(ref) {
        case .link(let target)?:
            guard !target.isDeleted else { return nil }
            let anchor = child(target)
            return keys.isEmpty || anchor.holds(keys) ? L(anchor: anchor) : nil
        case nil, .null?:
            return nil
        default:
            unexpected(ref)
            return nil
        }
    }

    /// A non-null link: without a live record it reads the type's placeholder, whose fields are all
    /// missing.
    @inlinable @MainActor public func read<L: Lens, K: SlotName>(link key: K, _ type: TypeID) -> L {
        if let lens: L = read(link: key) { return lens }
        return L(anchor: child(owner.store.placeholder(type)))
    }

    /// The field error stored beside a slot, registered like a read.
    @inlinable @MainActor public func fieldError<K: SlotName>(_ key: K) -> FieldError? {
        record.readError(key.ref(in: self))
    }
}
