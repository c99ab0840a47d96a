/// What a message replies to. Sent with `fail_if_not_exists: false` so that a reply to a deleted message is posted as
/// a plain message, as on Telegram. <https://discord.com/developers/docs/resources/message#message-reference-structure>
public struct DiscordMessageReference: Sendable, Hashable, Codable {
    public var messageID: DiscordMessageID?
    public var channelID: DiscordChannelID?
    public var guildID: DiscordGuildID?
    /// 0 a reply (default), 1 a forward.
    public var type: Int?
    public var failIfNotExists: Bool?

    public init(
        messageID: DiscordMessageID?, channelID: DiscordChannelID? = nil, guildID: DiscordGuildID? = nil, type: Int? = nil,
        failIfNotExists: Bool? = nil
    ) {
        self.messageID = messageID
        self.channelID = channelID
        self.guildID = guildID
        self.type = type
        self.failIfNotExists = failIfNotExists
    }

    /// A reply to `message` that is sent anyway (as a plain message) when that message is gone.
    public static func reply(to message: DiscordMessageID) -> DiscordMessageReference {
        DiscordMessageReference(messageID: message, failIfNotExists: false)
    }

    enum CodingKeys: String, CodingKey {
        case type
        case messageID = "message_id"
        case channelID = "channel_id"
        case guildID = "guild_id"
        case failIfNotExists = "fail_if_not_exists"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        messageID = try? c.decodeIfPresent(DiscordMessageID.self, forKey: .messageID)
        channelID = try? c.decodeIfPresent(DiscordChannelID.self, forKey: .channelID)
        guildID = try? c.decodeIfPresent(DiscordGuildID.self, forKey: .guildID)
        type = try? c.decodeIfPresent(Int.self, forKey: .type)
        failIfNotExists = try? c.decodeIfPresent(Bool.self, forKey: .failIfNotExists)
    }
}
