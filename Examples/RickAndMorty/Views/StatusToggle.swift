import BatonMarkers

/// Sets a character's status. The list shows the new status in the turn of the call (the optimistic
/// response, laid as a layer before the request leaves), and the server's answer replaces it.
struct StatusToggle {
    @Mutation(
        """
        mutation SetStatus($id: ID!, $status: String!) {
          setStatus(id: $id, status: $status) {
            id
            status
          }
        }
        """) var setStatus: SetStatus.Action

    @MainActor init(environment: Environment) {
        setStatus = SetStatus.Action(environment)
    }

    /// Sends the mutation; the optimistic response says what the server is expected to answer.
    @MainActor func set(id: String, status: String) async throws -> String? {
        let payload = try await setStatus(id: id, status: status, optimistic: .init(setStatus: .init(id: id, status: status)))
        return payload.setStatus?.status
    }
}
