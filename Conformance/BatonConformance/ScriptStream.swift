@_spi(Generated) @_spi(Testing) import Baton
import BatonJSON

/// A subscription's handle as a script drives it by name: its stream state, counts and calls.
@MainActor final class ScriptStream {
    let operationName: String
    let variables: Baton.Variables
    let state: () -> StreamState
    let events: () -> Int
    let resumptions: () -> Int
    let deliveries: () -> Int
    let retain: () -> Retention
    /// The retention the script's `attach` made, ended by `release`.
    var retention: Retention?

    init<O: Baton.Subscription>(_ handle: SubscriptionHandle<O>) {
        operationName = O.name
        variables = handle.operation.variables
        state = { handle.stream }
        events = { handle.events }
        resumptions = { handle.resumptions }
        deliveries = { handle.deliveries }
        retain = { handle.retain() }
    }

    /// The state as the suite spells it: `idle`, `connecting`, `open`, `waiting`, or
    /// `{"ended": kind or null}`.
    static func spelled(_ state: StreamState) -> String {
        switch state {
        case .idle: "idle"
        case .connecting: "connecting"
        case .open: "open"
        case .waiting: "waiting"
        case .ended(let kind): "{\"ended\": \(kind.map { "\"\($0.rawValue)\"" } ?? "null")}"
        }
    }

    static func spelled(_ value: JSONValue) -> String? {
        if let name = value.stringValue { return name }
        guard let ended = value.objectValue?["ended"] else { return nil }
        return "{\"ended\": \(ended.stringValue.map { "\"\($0)\"" } ?? "null")}"
    }
}
