/// The gateway intents a session asks for in Identify: which events Discord sends it.
///
/// Source: discord-api-docs `events/gateway.mdx`, "List of Intents". Privileged intents must also be
/// switched on in the Developer Portal, or Discord closes the connection with 4014.
public struct GatewayIntents: OptionSet, Sendable, Hashable, Codable {
    public var rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    public static let guilds = GatewayIntents(rawValue: 1 << 0)
    /// Privileged.
    public static let guildMembers = GatewayIntents(rawValue: 1 << 1)
    public static let guildModeration = GatewayIntents(rawValue: 1 << 2)
    public static let guildExpressions = GatewayIntents(rawValue: 1 << 3)
    public static let guildIntegrations = GatewayIntents(rawValue: 1 << 4)
    public static let guildWebhooks = GatewayIntents(rawValue: 1 << 5)
    public static let guildInvites = GatewayIntents(rawValue: 1 << 6)
    public static let guildVoiceStates = GatewayIntents(rawValue: 1 << 7)
    /// Privileged.
    public static let guildPresences = GatewayIntents(rawValue: 1 << 8)
    public static let guildMessages = GatewayIntents(rawValue: 1 << 9)
    public static let guildMessageReactions = GatewayIntents(rawValue: 1 << 10)
    public static let guildMessageTyping = GatewayIntents(rawValue: 1 << 11)
    public static let directMessages = GatewayIntents(rawValue: 1 << 12)
    public static let directMessageReactions = GatewayIntents(rawValue: 1 << 13)
    public static let directMessageTyping = GatewayIntents(rawValue: 1 << 14)
    /// Privileged: without it, `content`, `embeds`, `attachments` and `components` of other people's
    /// messages arrive empty (except DMs and messages that mention the bot).
    public static let messageContent = GatewayIntents(rawValue: 1 << 15)
    public static let guildScheduledEvents = GatewayIntents(rawValue: 1 << 16)
    public static let autoModerationConfiguration = GatewayIntents(rawValue: 1 << 20)
    public static let autoModerationExecution = GatewayIntents(rawValue: 1 << 21)
    public static let guildMessagePolls = GatewayIntents(rawValue: 1 << 24)
    public static let directMessagePolls = GatewayIntents(rawValue: 1 << 25)

    /// What the bot needs, none of it privileged: servers and channels, messages (for activity and
    /// mentions), reactions on messages, and direct messages. 5633.
    public static let botDefault: GatewayIntents = [.guilds, .guildMessages, .guildMessageReactions, .directMessages]

    /// The intents a bot must switch on in the Developer Portal before asking for them.
    public static let privileged: GatewayIntents = [.guildMembers, .guildPresences, .messageContent]

    /// The bot's intents: the default set, plus message content only when the operator opted in.
    public static func bot(messageContent: Bool) -> GatewayIntents {
        messageContent ? botDefault.union(.messageContent) : botDefault
    }

    /// The portal names of the privileged intents in this set, for operator messages.
    public var privilegedNames: [String] {
        var names: [String] = []
        if contains(.guildPresences) { names.append("Presence Intent") }
        if contains(.guildMembers) { names.append("Server Members Intent") }
        if contains(.messageContent) { names.append("Message Content Intent") }
        return names
    }
}
