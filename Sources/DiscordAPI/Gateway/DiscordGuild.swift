import APIDecoding
import Foundation

/// A guild (a server) as GUILD_CREATE and GUILD_UPDATE deliver it: one server is one chat for the bot.
///
/// GUILD_CREATE may carry an unavailable guild (an outage) with only `id` and `unavailable: true`; every other field
/// then is empty. Channels and threads decode one by one, so one odd channel never loses the guild.
/// <https://discord.com/developers/docs/events/gateway-events#guild-create>
public struct DiscordGuild: Sendable, Hashable, Codable {
    public var id: DiscordGuildID
    public var name: String?
    /// The server's language: a new server's chat language starts from it (`vi` → Vietnamese).
    public var preferredLocale: DiscordLocale?
    /// True during an outage: the guild is still there, but its details are not.
    public var unavailable: Bool
    public var channels: [DiscordChannel]
    /// Active threads the bot can see.
    public var threads: [DiscordChannel]
    public var joinedAt: Date?
    public var memberCount: Int?

    public init(
        id: DiscordGuildID, name: String? = nil, preferredLocale: DiscordLocale? = nil, unavailable: Bool = false,
        channels: [DiscordChannel] = [], threads: [DiscordChannel] = [], joinedAt: Date? = nil, memberCount: Int? = nil
    ) {
        self.id = id
        self.name = name
        self.preferredLocale = preferredLocale
        self.unavailable = unavailable
        self.channels = channels
        self.threads = threads
        self.joinedAt = joinedAt
        self.memberCount = memberCount
    }

    enum CodingKeys: String, CodingKey {
        case id, name, unavailable, channels, threads
        case preferredLocale = "preferred_locale"
        case joinedAt = "joined_at"
        case memberCount = "member_count"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(DiscordGuildID.self, forKey: .id)
        name = try? c.decodeIfPresent(String.self, forKey: .name)
        preferredLocale = try? c.decodeIfPresent(DiscordLocale.self, forKey: .preferredLocale)
        unavailable = (try? c.decodeIfPresent(Bool.self, forKey: .unavailable)) ?? false
        // Channels inside GUILD_CREATE lack guild_id; they belong to this guild.
        let guildID = id
        channels = ((try? c.decodeIfPresent(LossyArray<DiscordChannel>.self, forKey: .channels))?.elements ?? []).map {
            var channel = $0
            if channel.guildID == nil { channel.guildID = guildID }
            return channel
        }
        threads = ((try? c.decodeIfPresent(LossyArray<DiscordChannel>.self, forKey: .threads))?.elements ?? []).map {
            var thread = $0
            if thread.guildID == nil { thread.guildID = guildID }
            return thread
        }
        joinedAt = (try? c.decodeIfPresent(String.self, forKey: .joinedAt)).flatMap(DiscordTimestamp.parse)
        memberCount = try? c.decodeIfPresent(Int.self, forKey: .memberCount)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encodeIfPresent(name, forKey: .name)
        try c.encodeIfPresent(preferredLocale, forKey: .preferredLocale)
        if unavailable { try c.encode(true, forKey: .unavailable) }
        try c.encode(channels, forKey: .channels)
        try c.encode(threads, forKey: .threads)
        try c.encodeIfPresent(memberCount, forKey: .memberCount)
    }
}

/// A guild known only by id: READY's list, and GUILD_DELETE.
/// <https://discord.com/developers/docs/resources/guild#unavailable-guild-object>
public struct DiscordUnavailableGuild: Sendable, Hashable, Codable {
    public var id: DiscordGuildID
    /// In GUILD_DELETE: true for an outage (the bot is still a member); absent or false when the bot was removed.
    public var unavailable: Bool

    public init(id: DiscordGuildID, unavailable: Bool) {
        self.id = id
        self.unavailable = unavailable
    }

    /// GUILD_DELETE meaning the bot left or was removed, not an outage.
    public var meansRemoved: Bool { !unavailable }

    enum CodingKeys: String, CodingKey { case id, unavailable }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(DiscordGuildID.self, forKey: .id)
        unavailable = (try? c.decodeIfPresent(Bool.self, forKey: .unavailable)) ?? false
    }
}

/// THREAD_LIST_SYNC: the active threads of channels the bot just gained access to.
/// <https://discord.com/developers/docs/events/gateway-events#thread-list-sync>
public struct DiscordThreadListSync: Sendable, Hashable, Codable {
    public var guildID: DiscordGuildID
    /// The parent channels synced; nil means the whole guild.
    public var channelIDs: [DiscordChannelID]?
    public var threads: [DiscordChannel]

    public init(guildID: DiscordGuildID, channelIDs: [DiscordChannelID]? = nil, threads: [DiscordChannel]) {
        self.guildID = guildID
        self.channelIDs = channelIDs
        self.threads = threads
    }

    enum CodingKeys: String, CodingKey {
        case threads
        case guildID = "guild_id"
        case channelIDs = "channel_ids"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guildID = try c.decode(DiscordGuildID.self, forKey: .guildID)
        channelIDs = try? c.decodeIfPresent([DiscordChannelID].self, forKey: .channelIDs)
        threads = (try? c.decodeIfPresent(LossyArray<DiscordChannel>.self, forKey: .threads))?.elements ?? []
    }
}
