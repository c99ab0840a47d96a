/// One person adding or removing one reaction (MESSAGE_REACTION_ADD / _REMOVE). Reactions have no id of their own:
/// the event is idempotent as a set change (user, message, emoji).
/// <https://discord.com/developers/docs/events/gateway-events#message-reaction-add>
public struct DiscordReactionEvent: Sendable, Hashable, Codable {
    public var userID: DiscordUserID
    public var channelID: DiscordChannelID
    public var messageID: DiscordMessageID
    public var guildID: DiscordGuildID?
    /// Who wrote the message reacted to (add only): count a reaction only when it is the bot's own message.
    public var messageAuthorID: DiscordUserID?
    /// ADD in a guild only.
    public var member: DiscordGuildMember?
    public var emoji: DiscordEmoji
    /// A super reaction.
    public var burst: Bool

    public init(
        userID: DiscordUserID, channelID: DiscordChannelID, messageID: DiscordMessageID, guildID: DiscordGuildID? = nil,
        messageAuthorID: DiscordUserID? = nil, emoji: DiscordEmoji, burst: Bool = false
    ) {
        self.userID = userID
        self.channelID = channelID
        self.messageID = messageID
        self.guildID = guildID
        self.messageAuthorID = messageAuthorID
        self.emoji = emoji
        self.burst = burst
    }

    enum CodingKeys: String, CodingKey {
        case member, emoji, burst
        case userID = "user_id"
        case channelID = "channel_id"
        case messageID = "message_id"
        case guildID = "guild_id"
        case messageAuthorID = "message_author_id"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        userID = try c.decode(DiscordUserID.self, forKey: .userID)
        channelID = try c.decode(DiscordChannelID.self, forKey: .channelID)
        messageID = try c.decode(DiscordMessageID.self, forKey: .messageID)
        guildID = try c.decodeIfPresent(DiscordGuildID.self, forKey: .guildID)
        messageAuthorID = try? c.decodeIfPresent(DiscordUserID.self, forKey: .messageAuthorID)
        member = try? c.decodeIfPresent(DiscordGuildMember.self, forKey: .member)
        emoji = try c.decode(DiscordEmoji.self, forKey: .emoji)
        burst = (try? c.decodeIfPresent(Bool.self, forKey: .burst)) ?? false
    }
}
