import APIDecoding
import Foundation

/// A channel: a guild text, forum or voice channel, a thread, or a DM. Only what the bot routes by is decoded.
/// <https://discord.com/developers/docs/resources/channel#channel-object>
public struct DiscordChannel: Sendable, Hashable, Codable {
    public var id: DiscordChannelID
    public var type: DiscordChannelType
    public var guildID: DiscordGuildID?
    public var name: String?
    /// For a thread, the channel it is in; for a guild channel, its category.
    public var parentID: DiscordChannelID?
    /// Threads only.
    public var threadMetadata: ThreadMetadata?
    /// DMs only: the other person.
    public var recipients: [DiscordUser]?
    /// THREAD_CREATE only: true when the thread was just made (not when the bot was added to an old one).
    public var newlyCreated: Bool?

    public init(
        id: DiscordChannelID, type: DiscordChannelType, guildID: DiscordGuildID? = nil, name: String? = nil,
        parentID: DiscordChannelID? = nil, threadMetadata: ThreadMetadata? = nil, recipients: [DiscordUser]? = nil
    ) {
        self.id = id
        self.type = type
        self.guildID = guildID
        self.name = name
        self.parentID = parentID
        self.threadMetadata = threadMetadata
        self.recipients = recipients
    }

    /// A thread's state. <https://discord.com/developers/docs/resources/channel#thread-metadata-object>
    public struct ThreadMetadata: Sendable, Hashable, Codable {
        /// An archived thread refuses edits (50083); a message sent to it unarchives it unless it is locked.
        public var archived: Bool
        /// Only moderators may unarchive a locked thread.
        public var locked: Bool

        public init(archived: Bool, locked: Bool = false) {
            self.archived = archived
            self.locked = locked
        }

        enum CodingKeys: String, CodingKey { case archived, locked }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            archived = (try? c.decodeIfPresent(Bool.self, forKey: .archived)) ?? false
            locked = (try? c.decodeIfPresent(Bool.self, forKey: .locked)) ?? false
        }
    }

    enum CodingKeys: String, CodingKey {
        case id, type, name, recipients
        case guildID = "guild_id"
        case parentID = "parent_id"
        case threadMetadata = "thread_metadata"
        case newlyCreated = "newly_created"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(DiscordChannelID.self, forKey: .id)
        type = try c.decodeIfPresent(DiscordChannelType.self, forKey: .type) ?? .unknown(-1)
        guildID = try c.decodeIfPresent(DiscordGuildID.self, forKey: .guildID)
        name = try? c.decodeIfPresent(String.self, forKey: .name)
        parentID = try c.decodeIfPresent(DiscordChannelID.self, forKey: .parentID)
        threadMetadata = try? c.decodeIfPresent(ThreadMetadata.self, forKey: .threadMetadata)
        recipients = (try? c.decodeIfPresent(LossyArray<DiscordUser>.self, forKey: .recipients))?.elements
        newlyCreated = try? c.decodeIfPresent(Bool.self, forKey: .newlyCreated)
    }
}
