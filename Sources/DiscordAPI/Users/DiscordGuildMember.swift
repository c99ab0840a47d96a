/// A person as a member of one guild. In an interaction it carries `permissions`: the member's total permissions in
/// the channel, overwrites included, which is how the bot decides who is an admin without the privileged members
/// intent. <https://discord.com/developers/docs/resources/guild#guild-member-object>
public struct DiscordGuildMember: Sendable, Hashable, Codable {
    /// Absent in MESSAGE_CREATE's `member` (the message's `author` is the user).
    public var user: DiscordUser?
    public var nick: String?
    /// Present only in interactions.
    public var permissions: DiscordPermissions?

    public init(user: DiscordUser? = nil, nick: String? = nil, permissions: DiscordPermissions? = nil) {
        self.user = user
        self.nick = nick
        self.permissions = permissions
    }

    enum CodingKeys: String, CodingKey {
        case user, nick, permissions
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        user = try c.decodeIfPresent(DiscordUser.self, forKey: .user)
        nick = try? c.decodeIfPresent(String.self, forKey: .nick)
        permissions = try c.decodeIfPresent(DiscordPermissions.self, forKey: .permissions)
    }
}
