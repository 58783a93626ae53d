/// What a read tells the handle whose root it reads when it finds a slot the store never received
/// (another operation retargeted a link to a record fetched with fewer fields).
@MainActor protocol MissingDataHealer: AnyObject {
    func heal(type: String, field: String)
}

/// The heal's state for one root: a heal refetches once per fetch of the root. After the heal's own
/// refetch a field still missing is `unexpected` and heals no further, until another fetch.
enum HealState: Equatable {
    /// The next missing read marks the root stale and refetches it.
    case armed
    /// The heal's refetch is in flight.
    case healing
    /// The heal's refetch completed: what is still missing is unexpected.
    case spent
}
