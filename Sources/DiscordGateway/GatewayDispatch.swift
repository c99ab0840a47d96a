import Foundation

/// A dispatch (op 0) as the gateway sent it: the event name, its `d` as raw JSON, and its sequence
/// number in the session. Sequence numbers start again with every new session; the idempotency key
/// of an event is its own snowflake (interaction, message), not this.
public struct GatewayDispatch: Sendable, Hashable {
    /// `t`: `READY`, `RESUMED`, `INTERACTION_CREATE`, `MESSAGE_CREATE`, …
    public var name: String
    /// `d`, byte for byte as received.
    public var data: Data
    public var sequence: Int

    public init(name: String, data: Data, sequence: Int) {
        self.name = name
        self.data = data
        self.sequence = sequence
    }
}
