import BatonMarkers

/// A character's status as the server changes it, over a subscription. Each event lands on the
/// character's record, so every view that reads its status (the list's row too) shows it.
struct LiveStatus {
    @Subscription(
        """
        subscription StatusChanged($id: ID!) {
          statusChanged(id: $id, count: 3, intervalMs: 200) {
            id
            status
          }
        }
        """) var subscription: StatusChanged

    init(id: String) {
        subscription = StatusChanged(id: id)
    }
}
