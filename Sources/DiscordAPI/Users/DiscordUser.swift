/// A Discord account (a person, a bot or a webhook's author). <https://discord.com/developers/docs/resources/user#user-object>
public struct DiscordUser: Sendable, Hashable, Codable {
    public var id: DiscordUserID
    public var username: String
    /// The display name a person chose, when it differs from the username.
    public var globalName: String?
    /// Whether the account is a bot (absent means a person).
    public var isBot: Bool

    public init(id: DiscordUserID, username: String, globalName: String? = nil, isBot: Bool = false) {
        self.id = id
        self.username = username
        self.globalName = globalName
        self.isBot = isBot
    }

    /// How to call the person: the display name, else the username.
    public var displayName: String { globalName ?? username }

    enum CodingKeys: String, CodingKey {
        case id, username
        case globalName = "global_name"
        case isBot = "bot"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(DiscordUserID.self, forKey: .id)
        username = try c.decodeIfPresent(String.self, forKey: .username) ?? ""
        globalName = try? c.decodeIfPresent(String.self, forKey: .globalName)
        isBot = (try? c.decodeIfPresent(Bool.self, forKey: .isBot)) ?? false
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(username, forKey: .username)
        try c.encodeIfPresent(globalName, forKey: .globalName)
        if isBot { try c.encode(true, forKey: .isBot) }
    }
}
