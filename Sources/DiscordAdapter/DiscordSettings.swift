/// How the bot reaches Discord: the token, the REST base (the gateway's address always comes from
/// `GET /gateway/bot`), and where commands are registered.
public struct DiscordSettings: Sendable, Hashable {
    /// The bot token (`DISCORD_BOT_TOKEN`); nil means there is no Discord to serve.
    public var token: String?
    /// The REST base, version included (`DISCORD_API_URL`): a proxy or a test server can stand in for Discord.
    public var apiURL = "https://discord.com/api/v10"
    /// A server to register the commands in (they show there at once), for development
    /// (`DISCORD_COMMAND_GUILD`); nil registers them globally.
    public var commandGuild: Int64?
    /// Whether to ask for the privileged message-content intent (the Developer Portal must allow it).
    public var messageContent = false

    public init() {}
}
