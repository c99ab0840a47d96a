/// Anonymous reaction totals on a message changed.
/// <https://core.telegram.org/bots/api#messagereactioncountupdated>
public struct MessageReactionCountUpdated: Sendable, Hashable, Codable {
    public var chat: Chat
    public var messageID: Int64
    public var date: Int64
    public var reactions: [ReactionCount]

    public init(chat: Chat, messageID: Int64, date: Int64, reactions: [ReactionCount]) {
        self.chat = chat
        self.messageID = messageID
        self.date = date
        self.reactions = reactions
    }

    enum CodingKeys: String, CodingKey {
        case chat
        case messageID = "message_id"
        case date, reactions
    }
}

/// How many times one reaction was added. <https://core.telegram.org/bots/api#reactioncount>
public struct ReactionCount: Sendable, Hashable, Codable {
    public var type: ReactionType
    public var totalCount: Int

    public init(type: ReactionType, totalCount: Int) {
        self.type = type
        self.totalCount = totalCount
    }

    enum CodingKeys: String, CodingKey {
        case type
        case totalCount = "total_count"
    }
}
