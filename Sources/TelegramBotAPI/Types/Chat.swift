/// A chat: private, group, supergroup or channel. <https://core.telegram.org/bots/api#chat>
public struct Chat: Sendable, Hashable, Codable {
    /// The kind of chat; unknown future kinds decode as themselves instead of failing.
    public struct Kind: RawRepresentable, Sendable, Hashable, Codable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let privateChat = Kind(rawValue: "private")
        public static let group = Kind(rawValue: "group")
        public static let supergroup = Kind(rawValue: "supergroup")
        public static let channel = Kind(rawValue: "channel")
    }

    public var id: Int64
    public var type: Kind
    public var title: String?
    public var username: String?
    public var firstName: String?
    public var lastName: String?
    /// True for a supergroup with topics (`is_forum`): only there do forum topics exist.
    public var isForum: Bool?

    public init(
        id: Int64, type: Kind, title: String? = nil, username: String? = nil, firstName: String? = nil,
        lastName: String? = nil, isForum: Bool? = nil
    ) {
        self.id = id
        self.type = type
        self.title = title
        self.username = username
        self.firstName = firstName
        self.lastName = lastName
        self.isForum = isForum
    }

    enum CodingKeys: String, CodingKey {
        case id, type, title, username
        case firstName = "first_name"
        case lastName = "last_name"
        case isForum = "is_forum"
    }
}
