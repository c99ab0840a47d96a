import Foundation

/// The webhook the bot set with setWebhook: where and how the fake delivers updates.
public struct FakeWebhook: Sendable, Equatable {
    public var url: String
    /// Sent in `X-Telegram-Bot-Api-Secret-Token` with every delivery, when set.
    public var secretToken: String?
    /// Deliveries at once (Telegram's `max_connections`, 40 when not given).
    public var maxConnections: Int
    public var allowedUpdates: Set<String>?
}
