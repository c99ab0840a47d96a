import APIDecoding
import Foundation

/// A message, as MESSAGE_CREATE delivers it and as REST returns what the bot sent.
///
/// Without the privileged message-content intent, `content`, `attachments` and `components` arrive empty except in
/// DMs, in messages that mention the bot, and in the bot's own messages. Every list decodes element by element.
/// <https://discord.com/developers/docs/resources/message#message-object>
public struct DiscordMessage: Sendable, Hashable, Codable {
    public var id: DiscordMessageID
    public var channelID: DiscordChannelID
    /// Absent in DMs and ephemeral messages.
    public var guildID: DiscordGuildID?
    public var author: DiscordUser
    /// The author as a guild member (MESSAGE_CREATE in a guild; without `user`).
    public var member: DiscordGuildMember?
    public var content: String
    /// When it was sent (Discord's `timestamp`); nil only when that field is missing or malformed.
    public var timestamp: Date?
    public var editedTimestamp: Date?
    public var type: DiscordMessageType
    public var flags: DiscordMessageFlags
    /// Users mentioned by `<@id>` in the content.
    public var mentions: [DiscordUser]
    public var mentionEveryone: Bool
    /// What it replies to (or forwards).
    public var reference: DiscordMessageReference?
    /// Its action rows (buttons only; other components are dropped).
    public var components: [DiscordActionRow]
    public var attachments: [DiscordAttachment]
    /// MESSAGE_CREATE only: the type of the channel it was sent in (a thread, a DM…).
    public var channelType: DiscordChannelType?
    /// Set when a webhook (or an interaction response) posted it.
    public var webhookID: DiscordWebhookID?
    /// Set when it answers an interaction: the application that answered.
    public var applicationID: DiscordApplicationID?

    public init(
        id: DiscordMessageID, channelID: DiscordChannelID, guildID: DiscordGuildID? = nil, author: DiscordUser,
        content: String = "", timestamp: Date? = nil, type: DiscordMessageType = .default, flags: DiscordMessageFlags = [],
        mentions: [DiscordUser] = [], reference: DiscordMessageReference? = nil, components: [DiscordActionRow] = [],
        attachments: [DiscordAttachment] = [], channelType: DiscordChannelType? = nil
    ) {
        self.id = id
        self.channelID = channelID
        self.guildID = guildID
        self.author = author
        self.content = content
        self.timestamp = timestamp
        self.type = type
        self.flags = flags
        self.mentions = mentions
        self.mentionEveryone = false
        self.reference = reference
        self.components = components
        self.attachments = attachments
        self.channelType = channelType
    }

    /// When the message was made, from its id: always present, unlike ``timestamp``.
    public var createdAt: Date { id.timestamp }

    /// Whether a person (not a bot, not a webhook) wrote it.
    public var isFromPerson: Bool { !author.isBot && webhookID == nil }

    enum CodingKeys: String, CodingKey {
        case id, author, member, content, timestamp, type, flags, mentions, components, attachments
        case channelID = "channel_id"
        case guildID = "guild_id"
        case editedTimestamp = "edited_timestamp"
        case mentionEveryone = "mention_everyone"
        case reference = "message_reference"
        case channelType = "channel_type"
        case webhookID = "webhook_id"
        case applicationID = "application_id"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(DiscordMessageID.self, forKey: .id)
        channelID = try c.decode(DiscordChannelID.self, forKey: .channelID)
        guildID = try c.decodeIfPresent(DiscordGuildID.self, forKey: .guildID)
        author = try c.decode(DiscordUser.self, forKey: .author)
        member = try? c.decodeIfPresent(DiscordGuildMember.self, forKey: .member)
        content = (try? c.decodeIfPresent(String.self, forKey: .content)) ?? ""
        timestamp = (try? c.decodeIfPresent(String.self, forKey: .timestamp)).flatMap(DiscordTimestamp.parse)
        editedTimestamp = (try? c.decodeIfPresent(String.self, forKey: .editedTimestamp)).flatMap(DiscordTimestamp.parse)
        type = (try? c.decodeIfPresent(DiscordMessageType.self, forKey: .type)) ?? .default
        flags = (try? c.decodeIfPresent(DiscordMessageFlags.self, forKey: .flags)) ?? []
        mentions = (try? c.decodeIfPresent(LossyArray<DiscordUser>.self, forKey: .mentions))?.elements ?? []
        mentionEveryone = (try? c.decodeIfPresent(Bool.self, forKey: .mentionEveryone)) ?? false
        reference = try? c.decodeIfPresent(DiscordMessageReference.self, forKey: .reference)
        components = (try? c.decodeIfPresent(LossyArray<DiscordActionRow>.self, forKey: .components))?.elements ?? []
        attachments = (try? c.decodeIfPresent(LossyArray<DiscordAttachment>.self, forKey: .attachments))?.elements ?? []
        channelType = try? c.decodeIfPresent(DiscordChannelType.self, forKey: .channelType)
        webhookID = try? c.decodeIfPresent(DiscordWebhookID.self, forKey: .webhookID)
        applicationID = try? c.decodeIfPresent(DiscordApplicationID.self, forKey: .applicationID)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(channelID, forKey: .channelID)
        try c.encodeIfPresent(guildID, forKey: .guildID)
        try c.encode(author, forKey: .author)
        try c.encode(content, forKey: .content)
        try c.encode(type, forKey: .type)
        try c.encode(flags, forKey: .flags)
        try c.encode(mentions, forKey: .mentions)
        try c.encodeIfPresent(reference, forKey: .reference)
        try c.encode(components, forKey: .components)
        try c.encode(attachments, forKey: .attachments)
        try c.encodeIfPresent(channelType, forKey: .channelType)
    }
}

/// What kind of message it is; kinds this library does not name decode as ``other(_:)``.
/// <https://discord.com/developers/docs/resources/message#message-object-message-types>
public enum DiscordMessageType: Sendable, Hashable, Codable {
    case `default`
    case reply
    /// The response to a slash command.
    case chatInputCommand
    /// The first message of a thread started from a message.
    case threadStarterMessage
    case contextMenuCommand
    case other(Int)

    public init(rawValue: Int) {
        self =
            switch rawValue {
            case 0: .default
            case 19: .reply
            case 20: .chatInputCommand
            case 21: .threadStarterMessage
            case 23: .contextMenuCommand
            default: .other(rawValue)
            }
    }

    public var rawValue: Int {
        switch self {
        case .default: 0
        case .reply: 19
        case .chatInputCommand: 20
        case .threadStarterMessage: 21
        case .contextMenuCommand: 23
        case .other(let value): value
        }
    }

    /// A message a person typed (plain or as a reply), as opposed to system messages and command responses.
    public var isRegular: Bool { self == .default || self == .reply }

    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(Int.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
