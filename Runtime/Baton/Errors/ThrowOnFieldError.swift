/// What a reader that weighs errors looks at: the slots of the fields selected on the record that a
/// `@catch` does not cover, the links, each with what is selected below it, and the spreads whose
/// fragments it weighs too (a `@throwOnFieldError` fragment leaves spreads out: each fragment
/// weighs its own; a caught aliased inline fragment takes every error below it).
public struct ErrorScope: Sendable {
    public struct Link: Sendable {
        let key: any SlotName
        let scope: ErrorScope

        public init(_ key: any SlotName, _ scope: ErrorScope) {
            self.key = key
            self.scope = scope
        }
    }

    /// A spread on the same record: its fragment's scope, read in the scope of variables its
    /// argument site binds (the enclosing one without a site).
    public struct Spread: Sendable {
        let site: ArgumentSite?
        let scope: ErrorScope

        public init(_ scope: ErrorScope, site: ArgumentSite? = nil) {
            self.site = site
            self.scope = scope
        }
    }

    let fields: [any SlotName]
    /// `@required(action: THROW)` fields under a `@catch`: a null (or missing) one is caught too.
    let required: [any SlotName]
    let links: [Link]
    let spreads: [Spread]

    public init(_ fields: [any SlotName], required: [any SlotName] = [], links: [Link] = [], spreads: [Spread] = []) {
        self.fields = fields
        self.required = required
        self.links = links
        self.spreads = spreads
    }
}

/// A lens whose read weighs the errors of `errorScope`.
public protocol ErrorScopedLens: Lens {
    static var errorScope: ErrorScope { get }
}

/// The lens of a `@throwOnFieldError` fragment: its spread accessor weighs `errorScope`.
public protocol ThrowingFragment: ErrorScopedLens {}

@_spi(Generated) extension Anchor {
    /// The spread of a `@throwOnFieldError` fragment: `lens` unless a field its scope weighs, on the
    /// lens's record or a record it links to, carries an error; then every such error, thrown. Each
    /// error read registers, so a view is told when one comes or goes.
    @MainActor public func throwing<L: ThrowingFragment>(_ lens: L) throws -> L {
        let errors = lens.anchor.errors(in: L.errorScope)
        if !errors.isEmpty { throw FieldErrors(errors) }
        return lens
    }

    /// An optional spread (conditional, deferred, narrower than the record, or bubbling a required
    /// null): absent stays absent, with nothing weighed.
    @MainActor public func throwing<L: ThrowingFragment>(_ lens: L?) throws -> L? {
        guard let lens else { return nil }
        return try throwing(lens) as L
    }

    /// An aliased inline fragment under `@catch(to: RESULT)`: the lens, or every error below it.
    @MainActor public func caught<L: ErrorScopedLens>(lens: L) -> Result<L, FieldErrors> {
        let errors = lens.anchor.errors(in: L.errorScope)
        return errors.isEmpty ? .success(lens) : .failure(FieldErrors(errors))
    }

    /// One narrower than the record (nil on a record of another type, with nothing weighed), or
    /// `requiring` the `@required(action: NONE/LOG)` fields of its lens: nil when one is null, after
    /// the errors (a required field that is null with an error is caught, not bubbled).
    @MainActor public func caught<L: ErrorScopedLens>(narrowed lens: L?, requiring keys: [any SlotName] = [])
        -> Result<L?, FieldErrors>
    {
        guard let lens else { return .success(nil) }
        let errors = lens.anchor.errors(in: L.errorScope)
        guard errors.isEmpty else { return .failure(FieldErrors(errors)) }
        return .success(keys.isEmpty || lens.anchor.holds(keys) ? lens : nil)
    }

    /// An aliased inline fragment under `@catch(to: NULL)`: nil when there is an error below it (or
    /// a field it requires is null).
    @MainActor public func nullOnError<L: ErrorScopedLens>(lens: L?, requiring keys: [any SlotName] = []) -> L? {
        try? caught(narrowed: lens, requiring: keys).get()
    }

    /// An aliased inline fragment whose lens has `@required(action: NONE/LOG)` fields: nil when one
    /// is null, as the null bubbles to the alias.
    @MainActor public func requiring<L: Lens>(_ lens: L?, _ keys: [any SlotName]) -> L? {
        guard let lens, lens.anchor.holds(keys) else { return nil }
        return lens
    }

    /// The errors `scope` weighs on this anchor's record, in selection order. Each error read
    /// registers, so a view is told when one comes or goes.
    @MainActor func errors(in scope: ErrorScope) -> [FieldError] {
        var errors: [FieldError] = []
        collectErrors(scope, into: &errors, depth: 0)
        return errors
    }

    @MainActor private func collectErrors(_ scope: ErrorScope, into errors: inout [FieldError], depth: Int) {
        // A cycle of links is impossible in a selection, but records may link in a cycle: the scope
        // is finite, so the walk is too; the depth only guards a malformed scope.
        guard depth < 64 else { return }
        for field in scope.fields {
            if let error = record.readError(field.ref(in: self)) { errors.append(error) }
        }
        for field in scope.required {
            let ref = field.ref(in: self)
            guard record.readError(ref) == nil else { continue }  // weighed as a field error already
            let value = record.read(ref)
            // One `@include`/`@skip` leaves out, or not answered yet when deferred, is absent.
            if let guarded = field as? Requirement, !guarded.isChecked(holding: value, owner.variables) { continue }
            switch value {
            case nil, .null?: errors.append(.requiredFieldMissing(requiredError(ref)))
            default: continue
            }
        }
        for link in scope.links {
            let ref = link.key.ref(in: self)
            if let error = record.readError(ref) { errors.append(error) }
            switch record.read(ref) {
            case .link(let target)? where !target.isDeleted:
                child(target).collectErrors(link.scope, into: &errors, depth: depth + 1)
            case .links(let targets)?:
                for case let target? in targets where !target.isDeleted {
                    child(target).collectErrors(link.scope, into: &errors, depth: depth + 1)
                }
            case .list(let levels)?:
                // A list of lists of records: every record.
                for target in levels.flatMap(\.listedRecords) where !target.isDeleted {
                    child(target).collectErrors(link.scope, into: &errors, depth: depth + 1)
                }
            default:
                continue
            }
        }
        for spread in scope.spreads {
            let anchor = spread.site.map { bound($0) } ?? self.spread
            anchor.collectErrors(spread.scope, into: &errors, depth: depth + 1)
        }
    }
}
