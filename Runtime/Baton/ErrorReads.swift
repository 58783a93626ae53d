/// A `@required(action: THROW)` field that is null (or missing): the accessor throws this.
public struct RequiredFieldError: Error, Sendable, Equatable, CustomStringConvertible {
    public let type: String
    public let field: String
    public var description: String { "required field \(type).\(field) is null" }

    public init(type: String, field: String) {
        self.type = type
        self.field = field
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

/// The reads of the error directives, for scalars: each registers like a plain read.
@_spi(Generated) extension Anchor {
    /// `@required(action: THROW)` (and a non-null read under `@throwOnFieldError`): the field's error
    /// if it has one, else a required-field error when it is null or missing, else the value.
    @MainActor public func required<T: LensScalar, K: SlotName>(_ key: K) throws -> T {
        let ref = key.ref(in: self)
        if let error = record.readError(ref) { throw FieldErrors([error]) }
        if let value = load(ref), let read = T.lensValue(value) { return read }
        throw requiredError(ref)
    }

    /// `@catch(to: RESULT)` on a scalar: the failure holds the field's error; otherwise the value
    /// (nil for null).
    @MainActor public func caught<T: LensScalar, K: SlotName>(_ key: K) -> Result<T?, FieldErrors> {
        let ref = key.ref(in: self)
        if let error = record.readError(ref) { return .failure(FieldErrors([error])) }
        return .success(nullable(key))
    }

    /// `@catch(to: NULL)` on a scalar: nil when the field has an error, else the nullable read.
    @MainActor public func nullOnError<T: LensScalar, K: SlotName>(_ key: K) -> T? {
        record.readError(key.ref(in: self)) == nil ? nullable(key) : nil
    }

    /// Whether every one of `keys` holds a value that is not null: what a lens whose fields carry
    /// `@required(action: NONE/LOG)` needs, so the accessor producing it yields nil (the null
    /// bubbles) when one does not.
    @MainActor public func holds(_ keys: [any SlotName]) -> Bool {
        for key in keys {
            switch record.read(key.ref(in: self)) {
            case nil, .null?: return false
            default: continue
            }
        }
        return true
    }

    /// A spread whose fragment has `@required(action: NONE/LOG)` fields: nil when one is null, as the
    /// null bubbles to the spread.
    @MainActor public func spread<L: Lens>(requiring keys: [any SlotName]) -> L? {
        holds(keys) ? L(anchor: spread) : nil
    }

    /// A nullable link whose lens requires fields: nil when the target lacks one of them.
    @MainActor public func link<L: Lens, K: SlotName>(_ key: K, requiring keys: [any SlotName]) -> L? {
        guard let lens: L = link(key), lens.anchor.holds(keys) else { return nil }
        return lens
    }
}
