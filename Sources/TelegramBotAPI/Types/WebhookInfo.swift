/// The webhook Telegram has for the bot, and how its deliveries are going.
/// <https://core.telegram.org/bots/api#webhookinfo>
public struct WebhookInfo: Sendable, Hashable, Codable {
    /// Empty when no webhook is set.
    public var url: String
    public var pendingUpdateCount: Int
    /// Unix time of the last failed delivery, and Telegram's words for it.
    public var lastErrorDate: Int64?
    public var lastErrorMessage: String?
    public var maxConnections: Int?
    public var allowedUpdates: [String]?

    public init(
        url: String, pendingUpdateCount: Int = 0, lastErrorDate: Int64? = nil, lastErrorMessage: String? = nil, maxConnections: Int? = nil,
        allowedUpdates: [String]? = nil
    ) {
        self.url = url
        self.pendingUpdateCount = pendingUpdateCount
        self.lastErrorDate = lastErrorDate
        self.lastErrorMessage = lastErrorMessage
        self.maxConnections = maxConnections
        self.allowedUpdates = allowedUpdates
    }

    enum CodingKeys: String, CodingKey {
        case url
        case pendingUpdateCount = "pending_update_count"
        case lastErrorDate = "last_error_date"
        case lastErrorMessage = "last_error_message"
        case maxConnections = "max_connections"
        case allowedUpdates = "allowed_updates"
    }
}
