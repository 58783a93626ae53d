/// A `@required` field that is null (or missing): what a `@required(action: THROW)` accessor throws,
/// and what an operation fails with when a `@required(action: NONE/LOG)` null bubbles to its root.
public struct RequiredFieldError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The type of the record holding the null field, and the field's storage key there.
    public let type: String
    public let field: String
    /// The field's response keys from its operation's root (`character.origin`), when the null
    /// bubbled to the root; empty for a thrown one, which its accessor already locates.
    public let path: String
    public var description: String {
        "required field \(type).\(field) is null" + (path.isEmpty ? "" : " at \(path)")
    }

    public init(type: String, field: String, path: String = "") {
        self.type = type
        self.field = field
        self.path = path
    }
}

extension FieldError {
    /// A `@required(action: THROW)` field that is null under a `@catch`, as the caught failure holds
    /// it: no server reported it, so it has no path.
    public static func requiredFieldMissing(_ error: RequiredFieldError) -> FieldError {
        FieldError(message: error.description, path: "")
    }
}

/// A `@required(action: LOG)` field among the slots a lens's producer checks (`requiring:`): its
/// null bubbles as NONE's does, and is logged as `requiredFieldMissing` with `path`, the field's
/// response keys from the root of its document.
public struct LoggedRequirement: SlotName {
    let slot: any SlotName
    let path: String

    public init(_ slot: any SlotName, path: String) {
        self.slot = slot
        self.path = path
    }

    @MainActor public func ref(in anchor: Anchor) -> Int32 { slot.ref(in: anchor) }
}

/// A `@required(action: NONE/LOG)` field a producer checks that needs more than its slot: its path
/// (what an operation fails with when the null reaches its root), whether it is logged, the guards
/// of an `@include`/`@skip` around it (a field left out is not null), whether a deferred part carries
/// it (not yet answered is not null: it is checked once the part has arrived), and, for a link whose
/// own lens requires fields, those fields on the linked record: their null bubbles through the link
/// as the link's own would (a chain of required fields). A `@connection` field's chain is checked
/// on the connection record its lens stands on (`connection`, the parent's client slot), its own
/// null on the server's page (`slot`).
public struct Requirement: SlotName {
    let slot: any SlotName
    let path: String
    let logged: Bool
    let guards: GuardSet
    let deferred: Bool
    let connection: (any SlotName)?
    let below: [any SlotName]

    public init(
        _ slot: any SlotName, path: String, logged: Bool = false, when guards: GuardSet = .always,
        deferred: Bool = false, connection: (any SlotName)? = nil, requiring below: [any SlotName] = []
    ) {
        self.slot = slot
        self.path = path
        self.logged = logged
        self.guards = guards
        self.deferred = deferred
        self.connection = connection
        self.below = below
    }

    @MainActor public func ref(in anchor: Anchor) -> Int32 { slot.ref(in: anchor) }

    /// Whether the field is there to check, holding `value`: selected by its guards, and answered
    /// when deferred (a field left out, or whose part has not arrived, is absent, not null).
    func isChecked(holding value: Value?, _ variables: Variables) -> Bool {
        guards.hold(variables) && !(deferred && value == nil)
    }
}

/// The field errors a read met: thrown under `@throwOnFieldError` and `@required(action: THROW)`, and
/// the failure of a `@catch(to: RESULT)` read.
public struct FieldErrors: Error, Sendable, Equatable {
    public let errors: [FieldError]

    public init(_ errors: [FieldError]) { self.errors = errors }

    /// The dotted paths of the errors, as the specification's rows write them.
    public var paths: [String] { errors.map(\.path) }
}

/// The reads under the error rules, of a scalar, a mapped scalar or a list of them to any depth
/// (`LensValue`; the declared type carries the element and the shape), each registering like a
/// plain read. Built-in scalars read as the plain read does where they are there; a mapped scalar
/// has no zero, so where the schema or the rule makes a level non-null its read throws instead of
/// inventing one: a `RequiredFieldError` for a null, its conversion failure for a text that does
/// not convert.
@_spi(Generated) extension Anchor {
    /// `@required(action: THROW)`, and a non-null read under `@throwOnFieldError` or
    /// `@semanticNonNull`: the field's error if it has one, else a required-field error when it is
    /// null or missing, else the value.
    @MainActor public func required<V: LensValue, K: SlotName>(_ key: K) throws -> V {
        let ref = key.ref(in: self)
        guard let read: V = try checkedRead(ref) else { throw requiredError(ref) }
        return read
    }

    /// A nullable read that throws (a mapped scalar under `@throwOnFieldError`): the field's error,
    /// or what a level cannot hold; nil for null or missing.
    @MainActor public func throwing<V: LensValue, K: SlotName>(_ key: K) throws -> V? {
        try checkedRead(key.ref(in: self))
    }

    /// `@catch(to: RESULT)`: the failure holds the field's error (or what a level cannot hold);
    /// otherwise the value, nil for null.
    @MainActor public func caught<V: LensValue, K: SlotName>(_ key: K) -> Result<V?, FieldErrors> {
        do {
            return .success(try checkedRead(key.ref(in: self), reportingUnheld: true))
        } catch let errors as FieldErrors {
            return .failure(errors)
        } catch let required as RequiredFieldError {
            return .failure(FieldErrors([.requiredFieldMissing(required)]))
        } catch {
            return .failure(FieldErrors([FieldError(message: "\(error)", path: "")]))
        }
    }

    /// `@catch(to: NULL)`: nil when the field has an error, else the plain read.
    @MainActor public func nullOnError<V: LensValue, K: SlotName>(_ key: K) -> V? {
        record.readError(key.ref(in: self)) == nil ? read(key) : nil
    }

    /// The checked read the rules share: the field's error thrown; nil for null or missing; else
    /// the value, each level checked (`LensValue.checkedLensValue`); what cannot be held below
    /// reported, and a value `V` cannot hold at all when `reportingUnheld` (a caught read gives nil
    /// for it, as the plain read does; a required one throws a required-field error instead).
    @MainActor func checkedRead<V: LensValue>(_ ref: Int32, reportingUnheld: Bool = false) throws -> V? {
        if let error = record.readError(ref) { throw FieldErrors([error]) }
        guard let value = load(ref) else { return nil }
        if case .null = value { return nil }
        var wrong = false
        let read = try V.checkedLensValue(value, at: ref, in: self, wrong: &wrong)
        if case .none = read, reportingUnheld { wrong = true }
        if wrong { unexpected(ref) }
        return read
    }

    /// The required-field error of the slot `ref` of this anchor's record.
    @MainActor func requiredError(_ ref: Int32, path: String = "") -> RequiredFieldError {
        RequiredFieldError(type: record.type.name, field: owner.store.storageKey(ref, on: record.type), path: path)
    }

    /// `@required(action: THROW)` on a link: the field's error, or a required-field error when it is
    /// null, missing or a deleted record; else the child's lens.
    @MainActor public func required<L: Lens, K: SlotName>(link key: K) throws -> L {
        let ref = key.ref(in: self)
        if let error = record.readError(ref) { throw FieldErrors([error]) }
        guard let lens: L = read(link: key) else { throw requiredError(ref) }
        return lens
    }

    /// `@required(action: THROW)` on a plural link or a list of lists of records: as
    /// `required(link:)`, the lists as `read(plural:requiring:)` reads them.
    @MainActor public func required<P: PluralValue, K: SlotName>(plural key: K, requiring keys: [any SlotName] = [])
        throws -> P
    {
        let ref = key.ref(in: self)
        if let error = record.readError(ref) { throw FieldErrors([error]) }
        let lists: P? = read(plural: key, requiring: keys)
        guard let lists else { throw requiredError(ref) }
        return lists
    }

    /// Whether every one of `keys` holds a value that is not null: what a lens whose fields carry
    /// `@required(action: NONE/LOG)` needs, so the accessor producing it yields nil (the null
    /// bubbles) when one does not.
    /// A `@required(action: LOG)` field's null is logged here, where it bubbles.
    @MainActor public func holds(_ keys: [any SlotName]) -> Bool {
        missingRequirement(keys) == nil
    }

    /// The first of `keys` that is null, missing or a deleted record (for a chain, the innermost
    /// such field below it), as the error naming it; nil when every one holds. Each LOG field the
    /// null reaches on its way up is logged, the innermost first.
    @MainActor func missingRequirement(_ keys: [any SlotName], depth: Int = 0) -> RequiredFieldError? {
        // A selection is finite, so a chain is too; the depth only guards a malformed list.
        guard depth < 64 else { return nil }
        for key in keys {
            let ref = key.ref(in: self)
            let value = record.read(ref)
            // A scalar or a list holds whatever the key says: the common case, with no cast.
            switch value {
            case nil, .null?, .link?: break
            default: continue
            }
            let chained = key as? Requirement
            if let chained, !chained.isChecked(holding: value, owner.variables) { continue }
            var missing: RequiredFieldError?
            if case .link(let target)? = value, !target.isDeleted {
                if let chained, !chained.below.isEmpty {
                    var holder = target
                    if let connection = chained.connection,
                        case .link(let merged)? = record.read(connection.ref(in: self)), !merged.isDeleted
                    {
                        holder = merged
                    }
                    missing = child(holder).missingRequirement(chained.below, depth: depth + 1)
                }
            } else {
                missing = requiredError(ref, path: chained?.path ?? (key as? LoggedRequirement)?.path ?? "")
            }
            guard let missing else { continue }
            if let logged = key as? LoggedRequirement {
                report(.requiredFieldMissing(type: record.type.name, path: logged.path))
            } else if let chained, chained.logged {
                report(.requiredFieldMissing(type: record.type.name, path: chained.path))
            }
            return missing
        }
        return nil
    }

    /// A spread whose fragment has `@required(action: NONE/LOG)` fields: nil when one is null, as the
    /// null bubbles to the spread.
    @MainActor public func spread<L: Lens>(requiring keys: [any SlotName]) -> L? {
        holds(keys) ? L(anchor: spread) : nil
    }
}
