/// Why a request failed and how to recover. <https://core.telegram.org/bots/api#responseparameters>
public struct ResponseParameters: Sendable, Hashable, Codable {
    /// The group became a supergroup with this id.
    public var migrateToChatID: Int64?
    /// Flood control: wait this many seconds before repeating the request.
    public var retryAfter: Int?

    public init(migrateToChatID: Int64? = nil, retryAfter: Int? = nil) {
        self.migrateToChatID = migrateToChatID
        self.retryAfter = retryAfter
    }

    enum CodingKeys: String, CodingKey {
        case migrateToChatID = "migrate_to_chat_id"
        case retryAfter = "retry_after"
    }
}
