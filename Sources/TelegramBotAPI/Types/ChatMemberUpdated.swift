/// A chat member's status changed (for `my_chat_member`: the bot's own).
/// <https://core.telegram.org/bots/api#chatmemberupdated>
public struct ChatMemberUpdated: Sendable, Hashable, Codable {
    public var chat: Chat
    /// Who made the change.
    public var from: User
    public var date: Int64
    public var oldChatMember: ChatMember
    public var newChatMember: ChatMember

    public init(chat: Chat, from: User, date: Int64, oldChatMember: ChatMember, newChatMember: ChatMember) {
        self.chat = chat
        self.from = from
        self.date = date
        self.oldChatMember = oldChatMember
        self.newChatMember = newChatMember
    }

    enum CodingKeys: String, CodingKey {
        case chat, from, date
        case oldChatMember = "old_chat_member"
        case newChatMember = "new_chat_member"
    }
}
