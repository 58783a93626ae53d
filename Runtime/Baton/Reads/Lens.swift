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
            report(.missing(type: record.type.name, field: owner.store.storageKey(ref, on: record.type)))
        }
    }

    @usableFromInline @MainActor func report(_ event: LogEvent) {
        owner.store.log?(event)
    }

    @usableFromInline @MainActor func unexpected(_ ref: Int32) {
        report(.unexpected(type: record.type.name, field: owner.store.storageKey(ref, on: record.type)))
    }

    /// A non-null scalar: a null, a missing slot or a value of another kind reads the zero value and
    /// is reported.
    @inlinable @MainActor public func scalar<T: LensScalar, K: SlotName>(_ key: K) -> T {
        readScalar(key)
    }

    /// A nullable scalar: null is nil; a value of another kind is nil and reported.
    @inlinable @MainActor public func nullable<T: LensScalar, K: SlotName>(_ key: K) -> T? {
        readNullable(key)
    }

    @inlinable @MainActor func readScalar<T: LensScalar, K: SlotName>(_ key: K) -> T {
        let ref = key.ref(in: self)
        record.track(ref)
        return convertScalar(ref)
    }

    @inlinable @MainActor func readNullable<T: LensScalar, K: SlotName>(_ key: K) -> T? {
        let ref = key.ref(in: self)
        record.track(ref)
        return convertNullable(ref)
    }

    /// A registered slot as a non-null scalar.
    @inlinable @MainActor func convertScalar<T: LensScalar>(_ ref: Int32) -> T {
        guard let value = record.peek(ref) else {
            missing(ref)
            return T.lensZero
        }
        if let read = T.lensValue(value) { return read }
        unexpected(ref)
        return T.lensZero
    }

    /// A registered slot as a nullable scalar.
    @inlinable @MainActor func convertNullable<T: LensScalar>(_ ref: Int32) -> T? {
        guard let value = record.peek(ref) else {
            missing(ref)
            return nil
        }
        if case .null = value { return nil }
        if let read = T.lensValue(value) { return read }
        unexpected(ref)
        return nil
    }

    /// `[T!]!`: elements it cannot hold are dropped and reported once.
    @inlinable @MainActor public func list<T: LensScalar, K: SlotName>(_ key: K) -> [T] {
        nullableList(key) ?? []
    }

    /// `[T!]`: nil for null; elements it cannot hold are dropped and reported once.
    @inlinable @MainActor public func nullableList<T: LensScalar, K: SlotName>(_ key: K) -> [T]? {
        let ref = key.ref(in: self)
        guard case .list(let values)? = load(ref) else { return nil }
        var out: [T] = []
        out.reserveCapacity(values.count)
        var dropped = false
        for value in values {
            if let read = T.lensValue(value) { out.append(read) } else { dropped = true }
        }
        if dropped { unexpected(ref) }
        return out
    }

    /// `[T]!`: a null element is nil; one of another kind is nil and reported once.
    @inlinable @MainActor public func listOfNullable<T: LensScalar, K: SlotName>(_ key: K) -> [T?] {
        nullableListOfNullable(key) ?? []
    }

    /// `[T]`: nil for null; a null element is nil; one of another kind is nil and reported once.
    @inlinable @MainActor public func nullableListOfNullable<T: LensScalar, K: SlotName>(_ key: K) -> [T?]? {
        let ref = key.ref(in: self)
        guard case .list(let values)? = load(ref) else { return nil }
        var wrong = false
        let out: [T?] = values.map { value in
            if case .null = value { return nil }
            let read = T.lensValue(value)
            if read == nil { wrong = true }
            return read
        }
        if wrong { unexpected(ref) }
        return out
    }

    /// A custom scalar mapped to a Swift type: converted at the read; a text that does not convert
    /// reads nil and is reported as unexpected, never as a zero.
    @inlinable @MainActor public func mapped<T: MappedScalar, K: SlotName>(_ key: K) -> T? {
        let ref = key.ref(in: self)
        guard let value = load(ref) else { return nil }
        if case .null = value { return nil }
        if case .string(let text) = value, let read = T(scalarText: text) { return read }
        unexpected(ref)
        return nil
    }

    /// A nullable link: the child's lens, or nil for null, missing or a deleted record.
    @inlinable @MainActor public func link<L: Lens, K: SlotName>(_ key: K) -> L? {
        let ref = key.ref(in: self)
        switch load(ref) {
        case .link(let target)?:
            return target.isDeleted ? nil : L(anchor: child(target))
        case nil, .null?:
            return nil
        default:
            unexpected(ref)
            return nil
        }
    }

    /// A non-null link: without a live record it reads the type's placeholder, whose fields are all
    /// missing.
    @inlinable @MainActor public func requiredLink<L: Lens, K: SlotName>(_ key: K, _ type: TypeID) -> L {
        if let lens: L = link(key) { return lens }
        return L(anchor: child(owner.store.placeholder(type)))
    }

    /// A nullable plural link: the live records in order, null entries and deleted records dropped.
    @inlinable @MainActor public func plural<L: Lens, K: SlotName>(_ key: K) -> List<L>? {
        let ref = key.ref(in: self)
        switch load(ref) {
        case .links(let targets)?:
            return List(records: targets.compactMap { $0 }.filter { !$0.isDeleted }, anchor: self)
        case nil, .null?:
            return nil
        default:
            unexpected(ref)
            return nil
        }
    }

    /// A non-null plural link: empty without a value.
    @inlinable @MainActor public func requiredPlural<L: Lens, K: SlotName>(_ key: K) -> List<L> {
        plural(key) ?? List(records: [], anchor: self)
    }

    /// The field error stored beside a slot, registered like a read.
    @inlinable @MainActor public func fieldError<K: SlotName>(_ key: K) -> FieldError? {
        record.readError(key.ref(in: self))
    }
}
