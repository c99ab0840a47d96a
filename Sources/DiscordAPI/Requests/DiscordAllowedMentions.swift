/// Who a message may notify. Every message the bot writes carries one, with `parse: []`, so that no text — a roast,
/// a user's name, an echoed argument — can ever ping @everyone, @here or a role; people are pinged only when listed
/// in ``users``. Without it Discord parses every mention in regular messages, and re-parses on every edit.
/// <https://discord.com/developers/docs/resources/message#allowed-mentions-object>
public struct DiscordAllowedMentions: Sendable, Hashable, Encodable {
    /// The only people a `<@id>` in the text notifies (at most 100).
    public var users: [DiscordUserID]
    /// For a reply: whether the author of the message replied to is notified.
    public var repliedUser: Bool

    public init(users: [DiscordUserID] = [], repliedUser: Bool = false) {
        self.users = users
        self.repliedUser = repliedUser
    }

    /// Notifies nobody.
    public static let none = DiscordAllowedMentions()

    enum CodingKeys: String, CodingKey {
        case parse, users
        case repliedUser = "replied_user"
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode([String](), forKey: .parse)
        var seen = Set<DiscordUserID>()
        try c.encode(users.filter { seen.insert($0).inserted }, forKey: .users)
        try c.encode(repliedUser, forKey: .repliedUser)
    }
}
