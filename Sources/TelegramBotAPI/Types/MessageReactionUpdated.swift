/// One user's reactions on a message changed. <https://core.telegram.org/bots/api#messagereactionupdated>
public struct MessageReactionUpdated: Sendable, Hashable, Codable {
    public var chat: Chat
    public var messageID: Int64
    /// Absent when the reaction was made anonymously (then `actorChat` is set).
    public var user: User?
    public var actorChat: Chat?
    public var date: Int64
    public var oldReaction: [ReactionType]
    public var newReaction: [ReactionType]

    public init(
        chat: Chat, messageID: Int64, user: User? = nil, actorChat: Chat? = nil, date: Int64,
        oldReaction: [ReactionType], newReaction: [ReactionType]
    ) {
        self.chat = chat
        self.messageID = messageID
        self.user = user
        self.actorChat = actorChat
        self.date = date
        self.oldReaction = oldReaction
        self.newReaction = newReaction
    }

    enum CodingKeys: String, CodingKey {
        case chat
        case messageID = "message_id"
        case user
        case actorChat = "actor_chat"
        case date
        case oldReaction = "old_reaction"
        case newReaction = "new_reaction"
    }
}
