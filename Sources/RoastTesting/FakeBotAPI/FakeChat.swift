/// A Telegram chat as tests describe one; rendered as a Bot API `Chat` object.
public struct FakeChat: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case `private`, group, supergroup, channel
    }

    public var id: Int64
    public var type: Kind
    /// Groups, supergroups and channels.
    public var title: String?
    /// Private chats.
    public var firstName: String?
    public var username: String?
    /// A supergroup with forum topics (see ``FakeBotAPI/createTopic(in:name:)``).
    public var isForum: Bool

    public init(
        id: Int64, type: Kind, title: String? = nil, firstName: String? = nil, username: String? = nil, isForum: Bool = false
    ) {
        self.id = id
        self.type = type
        self.title = title
        self.firstName = firstName
        self.username = username
        self.isForum = isForum
    }

    /// The private chat with a user (Telegram gives it the user's id).
    public static func privateChat(with user: FakeUser) -> FakeChat {
        FakeChat(id: user.id, type: .private, firstName: user.firstName, username: user.username)
    }

    /// https://core.telegram.org/bots/api#chat
    var json: FakeJSON {
        var members: [String: FakeJSON] = ["id": .int(id), "type": .string(type.rawValue)]
        if let title { members["title"] = .string(title) }
        if let firstName { members["first_name"] = .string(firstName) }
        if let username { members["username"] = .string(username) }
        if isForum { members["is_forum"] = true }
        return .object(members)
    }
}
