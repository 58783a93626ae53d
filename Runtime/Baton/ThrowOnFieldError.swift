/// What a `@throwOnFieldError` fragment weighs when its spread is read: the slots of the fields it
/// selects on its record that a `@catch` does not cover, and its links, each with what the fragment
/// selects below it. Spreads inside are left out: each fragment weighs its own.
public struct ErrorScope: Sendable {
    public struct Link: Sendable {
        let key: any SlotName
        let scope: ErrorScope

        public init(_ key: any SlotName, _ scope: ErrorScope) {
            self.key = key
            self.scope = scope
        }
    }

    let fields: [any SlotName]
    let links: [Link]

    public init(_ fields: [any SlotName], links: [Link] = []) {
        self.fields = fields
        self.links = links
    }
}

/// The lens of a `@throwOnFieldError` fragment: its spread accessor weighs `errorScope`.
public protocol ThrowingFragment: Lens {
    static var errorScope: ErrorScope { get }
}

@_spi(Generated) extension Anchor {
    /// The spread of a `@throwOnFieldError` fragment: `lens` unless a field its scope weighs, on the
    /// lens's record or a record it links to, carries an error; then every such error, thrown. Each
    /// error read registers, so a view is told when one comes or goes.
    @MainActor public func throwing<L: ThrowingFragment>(_ lens: L) throws -> L {
        var errors: [FieldError] = []
        lens.anchor.collectErrors(L.errorScope, on: lens.anchor.record, into: &errors, depth: 0)
        if !errors.isEmpty { throw FieldErrors(errors) }
        return lens
    }

    /// An optional spread (conditional, deferred, narrower than the record, or bubbling a required
    /// null): absent stays absent, with nothing weighed.
    @MainActor public func throwing<L: ThrowingFragment>(_ lens: L?) throws -> L? {
        guard let lens else { return nil }
        return try throwing(lens) as L
    }

    @MainActor private func collectErrors(_ scope: ErrorScope, on record: Record, into errors: inout [FieldError],
                                          depth: Int) {
        // A cycle of links is impossible in a selection, but records may link in a cycle: the scope
        // is finite, so the walk is too; the depth only guards a malformed scope.
        guard depth < 64 else { return }
        let anchor = child(record)
        for field in scope.fields {
            if let error = record.readError(field.ref(in: anchor)) { errors.append(error) }
        }
        for link in scope.links {
            let ref = link.key.ref(in: anchor)
            if let error = record.readError(ref) { errors.append(error) }
            switch record.read(ref) {
            case .link(let target)? where !target.isDeleted:
                collectErrors(link.scope, on: target, into: &errors, depth: depth + 1)
            case .links(let targets)?:
                for case let target? in targets where !target.isDeleted {
                    collectErrors(link.scope, on: target, into: &errors, depth: depth + 1)
                }
            default:
                continue
            }
        }
    }
}
