import APIDecoding

/// READY: the session is open. Guilds arrive afterwards, one GUILD_CREATE each.
/// <https://discord.com/developers/docs/events/gateway-events#ready>
public struct DiscordReady: Sendable, Hashable, Codable {
    /// The API version.
    public var version: Int
    /// The bot's own account: its id tells the bot's messages (and reactions to them) apart.
    public var user: DiscordUser
    /// The application: interaction webhooks and command registration are addressed to its id.
    public var application: DiscordApplication
    /// The guilds the bot is in, unavailable until their GUILD_CREATE.
    public var guilds: [DiscordUnavailableGuild]
    public var sessionID: String
    /// Where to resume this session (never the address from `/gateway/bot`).
    public var resumeGatewayURL: String
    /// `[shard_id, num_shards]` when identified with a shard.
    public var shard: [Int]?

    public init(
        version: Int = 10, user: DiscordUser, application: DiscordApplication, guilds: [DiscordUnavailableGuild] = [],
        sessionID: String, resumeGatewayURL: String, shard: [Int]? = nil
    ) {
        self.version = version
        self.user = user
        self.application = application
        self.guilds = guilds
        self.sessionID = sessionID
        self.resumeGatewayURL = resumeGatewayURL
        self.shard = shard
    }

    enum CodingKeys: String, CodingKey {
        case user, application, guilds, shard
        case version = "v"
        case sessionID = "session_id"
        case resumeGatewayURL = "resume_gateway_url"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        version = (try? c.decodeIfPresent(Int.self, forKey: .version)) ?? 10
        user = try c.decode(DiscordUser.self, forKey: .user)
        application = try c.decode(DiscordApplication.self, forKey: .application)
        guilds = (try? c.decodeIfPresent(LossyArray<DiscordUnavailableGuild>.self, forKey: .guilds))?.elements ?? []
        sessionID = try c.decode(String.self, forKey: .sessionID)
        resumeGatewayURL = try c.decode(String.self, forKey: .resumeGatewayURL)
        shard = try? c.decodeIfPresent([Int].self, forKey: .shard)
    }
}
