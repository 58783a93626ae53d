/// The records an availability check entered, kept by the handle that checked (`Availability`):
/// a batch that changes one of them in shape (a slot came or went, a link moved, a linked record
/// was deleted or revived) settles the handle again. Identities only, so a reach keeps no record
/// alive; an identity a later record reuses costs at most one needless settle.
@MainActor final class Reach {
    var records: Set<ObjectIdentifier> = []

    /// Whether a batch's records changed in shape include one this reach entered.
    func meets(_ changed: [ObjectIdentifier]) -> Bool {
        for record in changed where records.contains(record) { return true }
        return false
    }
}
