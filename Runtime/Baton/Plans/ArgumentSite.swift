/// Where a fragment with `@argumentDefinitions` is spread: how the spread binds the fragment's own
/// variables. Generated code declares one per distinct binding in the shared file
/// (`enum Sites { static let TestNotes_character_3fa29c = Baton.ArgumentSite(["count": .value(.int(5))]) }`),
/// listing every argument the fragment defines: the value or variable the spread passes, else the
/// definition's default, else null. An owner binds each site once and keeps the child scope, so a
/// lens read through the spread renders its keys with the arguments the spread bound, and reads
/// through the same spread give equal lenses.
public final class ArgumentSite: Sendable {
    public let bindings: [String: ArgumentBinding]

    public init(_ bindings: [String: ArgumentBinding] = [:]) {
        self.bindings = bindings
    }
}

/// One argument's value at a site: a constant, a variable of the spreading scope (forwarded), or a
/// list or object holding some.
public indirect enum ArgumentBinding: Sendable {
    case value(VariableValue)
    case variable(String)
    case list([ArgumentBinding])
    case object([String: ArgumentBinding])

    /// The value in the spreading scope; a variable it lacks is null.
    func value(in variables: Variables) -> VariableValue {
        switch self {
        case .value(let value): value
        case .variable(let name): variables[name] ?? .null
        case .list(let items): .list(items.map { $0.value(in: variables) })
        case .object(let fields): .object(fields.mapValues { $0.value(in: variables) })
        }
    }
}

@_spi(Generated) extension Anchor {
    /// The anchor of a spread through `site`: the same record as origin, in the child scope the site
    /// binds (the operation's variables with the fragment's arguments over them).
    @MainActor public func bound(_ site: ArgumentSite) -> Anchor {
        Anchor(record: record, owner: owner.child(at: site), origin: record)
    }
}
