/// A permission bitset, sent by Discord as a decimal string (`member.permissions`, `app_permissions`,
/// `default_member_permissions`). Unknown bits are kept.
/// <https://discord.com/developers/docs/topics/permissions#permissions-bitwise-permission-flags>
public struct DiscordPermissions: OptionSet, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: UInt64

    public init(rawValue: UInt64) { self.rawValue = rawValue }

    public static let administrator = DiscordPermissions(rawValue: 1 << 3)
    public static let manageChannels = DiscordPermissions(rawValue: 1 << 4)
    public static let manageGuild = DiscordPermissions(rawValue: 1 << 5)
    public static let addReactions = DiscordPermissions(rawValue: 1 << 6)
    public static let viewChannel = DiscordPermissions(rawValue: 1 << 10)
    public static let sendMessages = DiscordPermissions(rawValue: 1 << 11)
    public static let manageMessages = DiscordPermissions(rawValue: 1 << 13)
    public static let embedLinks = DiscordPermissions(rawValue: 1 << 14)
    public static let attachFiles = DiscordPermissions(rawValue: 1 << 15)
    public static let readMessageHistory = DiscordPermissions(rawValue: 1 << 16)
    public static let mentionEveryone = DiscordPermissions(rawValue: 1 << 17)
    public static let useExternalEmojis = DiscordPermissions(rawValue: 1 << 18)
    public static let sendMessagesInThreads = DiscordPermissions(rawValue: 1 << 38)

    /// Whether a member holding these may change a server's settings: Administrator or Manage Server, as the
    /// interaction's `member.permissions` reports them (overwrites included).
    public var canManageGuild: Bool { !intersection([.administrator, .manageGuild]).isEmpty }

    public var description: String { String(rawValue) }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            guard let value = UInt64(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a permission bitset")
            }
            rawValue = value
        } else {
            rawValue = try container.decode(UInt64.self)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(String(rawValue))
    }
}
