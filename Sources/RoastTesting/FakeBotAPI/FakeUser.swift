/// A Telegram user as tests describe one; rendered as a Bot API `User` object.
public struct FakeUser: Sendable, Hashable {
    public var id: Int64
    public var firstName: String
    public var lastName: String?
    public var username: String?
    public var languageCode: String?
    public var isBot: Bool

    public init(
        id: Int64, firstName: String, lastName: String? = nil, username: String? = nil,
        languageCode: String? = nil, isBot: Bool = false
    ) {
        self.id = id
        self.firstName = firstName
        self.lastName = lastName
        self.username = username
        self.languageCode = languageCode
        self.isBot = isBot
    }

    /// https://core.telegram.org/bots/api#user
    var json: FakeJSON {
        var members: [String: FakeJSON] = [
            "id": .int(id), "is_bot": .bool(isBot), "first_name": .string(firstName),
        ]
        if let lastName { members["last_name"] = .string(lastName) }
        if let username { members["username"] = .string(username) }
        if let languageCode { members["language_code"] = .string(languageCode) }
        return .object(members)
    }
}
