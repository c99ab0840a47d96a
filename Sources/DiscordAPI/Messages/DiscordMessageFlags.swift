/// Message flags. <https://discord.com/developers/docs/resources/message#message-object-message-flags>
public struct DiscordMessageFlags: OptionSet, Hashable, Sendable, Codable {
    public let rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }

    /// No link previews on the message.
    public static let suppressEmbeds = DiscordMessageFlags(rawValue: 1 << 2)
    /// Seen only by the person who used the interaction; only interaction responses and followups may set it.
    public static let ephemeral = DiscordMessageFlags(rawValue: 1 << 6)
    /// A badge but no push notification.
    public static let suppressNotifications = DiscordMessageFlags(rawValue: 1 << 12)
    /// Components V2 (no `content`): never set by this bot, whose buttons sit beside text.
    public static let isComponentsV2 = DiscordMessageFlags(rawValue: 1 << 15)

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(Int.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
