/// A Telegram user or bot. <https://core.telegram.org/bots/api#user>
public struct User: Sendable, Hashable, Codable {
    public var id: Int64
    public var isBot: Bool
    public var firstName: String
    public var lastName: String?
    public var username: String?
    /// IETF language tag of the user's client, when Telegram shares it.
    public var languageCode: String?

    public init(
        id: Int64, isBot: Bool = false, firstName: String, lastName: String? = nil, username: String? = nil,
        languageCode: String? = nil
    ) {
        self.id = id
        self.isBot = isBot
        self.firstName = firstName
        self.lastName = lastName
        self.username = username
        self.languageCode = languageCode
    }

    enum CodingKeys: String, CodingKey {
        case id
        case isBot = "is_bot"
        case firstName = "first_name"
        case lastName = "last_name"
        case username
        case languageCode = "language_code"
    }
}
